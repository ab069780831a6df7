/**
 * The map's own error: the part of a fix's error that the posterior does not see, because it is
 * shared by every link and every epoch while the tag stays near one spot.
 */
import type { GridPosterior, MapReading } from './grid-filter.ts';
import { curvatureCovariance } from './grid-learn.ts';
import type { RadioMap } from './grid.ts';

/**
 * How many links' worth of spread the map's own error adds to the posterior's. The posterior
 * takes the map as right and each epoch's readings as independent, so it narrows as epochs pile
 * up and as more gateways hear the tag; but much of a reading's error is shared by every link and
 * every epoch while the tag stays near one spot (its own level, the body wearing it, the room
 * around it), so it averages away neither over time nor over gateways. That part is taken as the
 * spread an epoch of this geometry would have with MAP_ERROR_LINKS links: the epoch's own spread
 * times (links heard / MAP_ERROR_LINKS). Chosen by leaving one dataset out among 5, 8 and 12
 * (bench:accuracy's six sets, with walls, the noise learnt on site and the agreement scaling of
 * grid-track.ts): for five of the six held-out sets the others' coverage is closest to 68 % at 8
 * (the sixth, at 12); with 8 the 1-σ radius holds 78, 65, 63, 56, 81 and 72 % of the errors on
 * the Kolakowski calibration run, the UJI library, simulation A, the Kolakowski test run, the UJI
 * office and simulation B (at 5: 88, 80, 83, 70, 92, 93 %; at 12: 73, 58, 58, 50, 75, 66 %).
 * Tried before: one to ten links' worth (4 without the fit widening); the spread times links^0.5
 * or ^0.75; two epochs' worth whatever the links; a share falling with speed. docs/positioning.md
 * has the figures.
 */
export const MAP_ERROR_LINKS = 8;

/**
 * Covariance of the map's own error at this epoch: the untempered spread of its likelihood
 * (`weight` is the tempering it was computed with) times links / MAP_ERROR_LINKS.
 */
export function mapErrorCovariance(fix: GridPosterior, weight: number, links: number): Covariance {
  const k = (weight * links) / MAP_ERROR_LINKS;
  return { xx: k * fix.xx, xy: k * fix.xy, yy: k * fix.yy };
}

/**
 * The map's own error from the local slopes at the estimate: the readings' inverse Fisher
 * information times links / MAP_ERROR_LINKS, as the spread's; null where it is undefined.
 */
export function curvatureMapError(
  map: RadioMap,
  readings: readonly MapReading[],
  at: { x: number; y: number },
): Covariance | null {
  const c = curvatureCovariance(map, readings, at.x, at.y);
  if (!c) return null;
  const k = readings.length / MAP_ERROR_LINKS;
  return { xx: k * c.xx, xy: k * c.xy, yy: k * c.yy };
}

export interface Covariance {
  xx: number;
  xy: number;
  yy: number;
}
