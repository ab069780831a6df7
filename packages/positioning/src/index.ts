export * from './units.ts';
export * from './types.ts';
export * from './locate.ts';
export * from './radio-model.ts';
export { isUsable, SIGNAL_AGE_UNIT_MS, type LocateOptions } from './signals.ts';
export * from './tracker.ts';
export * from './display.ts';
