export * from './units.ts';
export * from './types.ts';
export * from './locate.ts';
export * from './radio-model.ts';
export { isUsable, SIGNAL_AGE_UNIT_MS, type LocateOptions } from './signals.ts';
export * from './tracker.ts';
export * from './display.ts';
export * from './crlb.ts';
export * from './labels.ts';
export * from './replay.ts';
export * from './calibration.ts';
export * from './grid.ts';
export * from './grid-filter.ts';
export * from './radio-map.ts';
export {
  createGridStage,
  DECORRELATION_MS,
  FILTER_CELL_M,
  FILTER_MAX_CELLS,
  type GridStageOptions,
} from './grid-track.ts';
export { MAP_ERROR_LINKS } from './map-error.ts';
export { gaussian, rng } from './random.ts';
export * from './wire.ts';
export * from './frame.ts';
export * from './link-window.ts';
export * from './locator.ts';
export * from './radio-sim.ts';
export * from './self-calibration.ts';
export * from './site.ts';
export type { FloorRaster } from './floor-raster.ts';
export { rasterizeFloor } from './floor-raster.ts';
export { MAX_SHOWN_SPEED_M_S } from './shown-path.ts';
export * from './gateway-links.ts';
export * from './floor.ts';
