/**
 * What a tag's confident epochs teach: its own transmit level (against the site's models) and,
 * for the site, the path-loss exponent, gateway offsets and wall losses (self-calibration.ts)
 * and the spread and memory of its readings about the map (noise-calibration.ts).
 */
import { createPositionInformation } from './crlb.ts';
import type { MapReading } from './grid-filter.ts';
import type { RadioMap } from './grid.ts';
import type { LinkResiduals, NoiseCalibration, NoiseReading } from './noise-calibration.ts';
import type { SiteCalibration, TagLevel } from './self-calibration.ts';

/**
 * Only epochs whose predicted error is below this (m) teach anything: a wrong position would
 * teach a wrong model, and a confident one is rarely far off.
 */
export const LEARN_MAX_ERROR_M = 2.5;

/** The surface value of a map at (x, y) (nearest cell), NaN off the grid or unknown gateway. */
function mapAt(map: RadioMap, gateway: string, x: number, y: number): number {
  const g = map.grid;
  const i = Math.round((x - g.x0) / g.step);
  const j = Math.round((y - g.y0) / g.step);
  if (i < 0 || j < 0 || i >= g.nx || j >= g.ny) return NaN;
  return map.surfaces.get(gateway)?.[j * g.nx + i] ?? NaN;
}

/** What the site's noise calibration needs of a tag's epoch besides its readings. */
export interface NoiseFeed {
  calibration: NoiseCalibration;
  /**
   * The tag's last residual per link (createLinkResiduals, one per tag, kept by its owner), for
   * the signal memory; null to teach the spread only.
   */
  links: LinkResiduals | null;
  /** The epoch's time (ms). */
  tMs: number;
  /**
   * The user's trust the readings' weights carry (rssiTrust of rssiWeight), taken off so the
   * spread is measured against the noise model alone; 1 when absent.
   */
  trust?: number;
}

/**
 * Feed one accepted epoch: raw levels (before the tag's offset is taken off) with their weights,
 * and the estimate they led to; with a noise feed, the residuals teach the site's noise too.
 */
export function learnFromEpoch(
  map: RadioMap,
  raw: readonly MapReading[],
  estimate: { x: number; y: number; errorM?: number },
  tag: TagLevel | null,
  site: SiteCalibration | null,
  noise?: NoiseFeed | null,
): void {
  if (!((estimate.errorM ?? Infinity) < LEARN_MAX_ERROR_M)) return;
  let sw = 0;
  let sr = 0;
  const residuals: NoiseReading[] = [];
  const trust = noise?.trust && noise.trust > 0 ? noise.trust : 1;
  for (const r of raw) {
    const mu = mapAt(map, r.gateway, estimate.x, estimate.y);
    const w = (r.weight ?? 1) / (map.sigmaDb.get(r.gateway) ?? 5) ** 2;
    if (!Number.isFinite(mu) || !(w > 0)) continue;
    sw += w;
    sr += w * (r.rssi - mu);
    if (noise) residuals.push({ gateway: r.gateway, residualDb: r.rssi - mu, weight: w / trust });
  }
  if (sw > 0) tag?.observe(sr / sw, sw);
  if (noise) {
    const offsetPrecision = map.txOffsetSigmaDb > 0 ? 1 / map.txOffsetSigmaDb ** 2 : 1e12;
    noise.calibration.observe(noise.tMs, residuals, offsetPrecision, noise.links ?? undefined);
  }
  // Weights in 1/dB², the units of the calibration's priors.
  site?.observe(
    estimate.x,
    estimate.y,
    raw.map((r) => ({
      gateway: r.gateway,
      rssi: r.rssi,
      weight: (r.weight ?? 1) / (map.sigmaDb.get(r.gateway) ?? 5) ** 2,
    })),
  );
}

/**
 * How much worse the readings fit the map at the estimate than their noise model says: the
 * reduced χ² of the residuals (the tag's offset profiled out as the filter does), at least 1. The
 * posterior's spread assumes the map is right; where the readings disagree with it (shadowing,
 * a body in the way, a mis-set gateway) the error is larger by about its square root, the
 * a-posteriori variance factor of least squares.
 */
export function fitVarianceFactor(
  map: RadioMap,
  readings: readonly MapReading[],
  x: number,
  y: number,
): number {
  const { chi2, n } = residualChi2(map, readings, x, y);
  return n < 2 ? 1 : Math.max(1, chi2 / (n - 1));
}

/**
 * How closely the readings agree with the map at the estimate they gave: their χ² over its
 * degrees of freedom (readings less the position's two and the tag's offset), 1 when they
 * scatter as the noise model says, near 0 when they fit it exactly; NaN below four readings.
 */
export function fitAgreement(
  map: RadioMap,
  readings: readonly MapReading[],
  x: number,
  y: number,
): number {
  const { chi2, n } = residualChi2(map, readings, x, y);
  return n < 4 ? Number.NaN : chi2 / (n - 3);
}

/** The weighted squared residuals at (x, y) with the tag's offset profiled out, and their count. */
function residualChi2(map: RadioMap, readings: readonly MapReading[], x: number, y: number) {
  let sw = 0;
  let swd = 0;
  let swdd = 0;
  let n = 0;
  for (const r of readings) {
    const mu = mapAt(map, r.gateway, x, y);
    const w = (r.weight ?? 1) / (map.sigmaDb.get(r.gateway) ?? 5) ** 2;
    if (!Number.isFinite(mu) || !(w > 0)) continue;
    const d = r.rssi - mu;
    sw += w;
    swd += w * d;
    swdd += w * d * d;
    n++;
  }
  const lb = map.txOffsetSigmaDb > 0 ? 1 / map.txOffsetSigmaDb ** 2 : 1e12;
  return { chi2: n > 0 ? swdd - (swd * swd) / (sw + lb) : 0, n };
}

/** Slope of a gateway's surface at (x, y) (dB/m per axis), by differences over the next cells. */
function slope(map: RadioMap, gateway: string, x: number, y: number): [number, number] {
  const h = map.grid.step;
  const diff = (dx: number, dy: number): number => {
    const hi = mapAt(map, gateway, x + dx, y + dy);
    const lo = mapAt(map, gateway, x - dx, y - dy);
    const mid = mapAt(map, gateway, x, y);
    if (Number.isFinite(hi) && Number.isFinite(lo)) return (hi - lo) / (2 * h);
    if (Number.isFinite(hi) && Number.isFinite(mid)) return (hi - mid) / h;
    if (Number.isFinite(lo) && Number.isFinite(mid)) return (mid - lo) / h;
    return NaN;
  };
  return [diff(h, 0), diff(0, h)];
}

/**
 * Covariance (m²) of a position fixed from these readings, from the map's local slopes at
 * (x, y): the inverse Fisher information of the readings (weighted as the filter weighs them),
 * the tag's offset profiled out with its prior; null where the slopes cannot resolve a position.
 * Unlike the moments of the likelihood over the grid, it is not narrowed where the grid's edge
 * cuts the likelihood off.
 */
export function curvatureCovariance(
  map: RadioMap,
  readings: readonly MapReading[],
  x: number,
  y: number,
): { xx: number; xy: number; yy: number } | null {
  const info = createPositionInformation();
  for (const r of readings) {
    const [jx, jy] = slope(map, r.gateway, x, y);
    const w = (r.weight ?? 1) / (map.sigmaDb.get(r.gateway) ?? 5) ** 2;
    if (!Number.isFinite(jx) || !Number.isFinite(jy) || !(w > 0)) continue;
    info.add(jx, jy, w);
  }
  const offsetPrecision = map.txOffsetSigmaDb > 0 ? 1 / map.txOffsetSigmaDb ** 2 : 1e12;
  return info.covariance(offsetPrecision, 1e-12);
}
