/** Cramér–Rao lower bound on 2-D position RMSE for a gateway layout under log-distance shadowing. */
import {
  DEFAULT_RADIO_MODEL,
  heightOffset,
  modelForAnchor,
  TAG_HEIGHT_M,
  type RadioModel,
} from './radio-model.ts';
import type { Anchor } from './types.ts';

/** Options of the bound: the noise model and whether the tag offset is unknown. */
export interface CrlbOptions {
  model?: RadioModel;
  tagHeight?: number;
  /** Include the tag's transmit offset as a nuisance parameter with the model's prior. */
  unknownOffset?: boolean;
}

/**
 * RMSE bound (m) for an unbiased estimate at (x, y) from one reading of every anchor:
 * sqrt(trace(FIM⁻¹)) over x, y. Infinity when the layout cannot resolve the point.
 */
export function crlb(
  anchors: readonly Anchor[],
  x: number,
  y: number,
  options: CrlbOptions = {},
): number {
  const base = options.model ?? DEFAULT_RADIO_MODEL;
  const tagHeight = options.tagHeight ?? TAG_HEIGHT_M;
  const info = createPositionInformation();
  for (const anchor of anchors) {
    const m = modelForAnchor(anchor, base);
    const k = (10 * m.exponent) / Math.LN10;
    const dz = heightOffset(anchor, tagHeight);
    const dx = x - anchor.x;
    const dy = y - anchor.y;
    const d2 = dx * dx + dy * dy + dz * dz + 1e-9;
    const jx = (-k * dx) / d2;
    const jy = (-k * dy) / d2;
    info.add(jx, jy, 1 / (m.sigmaDb * m.sigmaDb));
  }
  const offsetKnown = !(options.unknownOffset && base.txOffsetSigmaDb > 0);
  const cov = info.covariance(offsetKnown ? null : 1 / base.txOffsetSigmaDb ** 2, 1e-15);
  return cov ? Math.sqrt(cov.xx + cov.yy) : Infinity;
}

/**
 * Fisher information about a position (x, y) and the tag's common offset, summed reading by
 * reading from each reading's slopes (dB/m) and weight (1/σ², dB⁻²).
 */
export function createPositionInformation() {
  let [a, b, c, d, e, f] = [0, 0, 0, 0, 0, 0];
  return {
    add(jx: number, jy: number, w: number): void {
      a += w * jx * jx;
      b += w * jx * jy;
      c += w * jx;
      d += w * jy * jy;
      e += w * jy;
      f += w;
    },
    /** The covariance of the position from the readings so far (see positionCovariance). */
    covariance(offsetPrecision: number | null, minDet: number) {
      return positionCovariance([a, b, c, d, e, f], offsetPrecision, minDet);
    },
  };
}

/**
 * Information sums about a position and the tag's offset: Σw·jx², Σw·jx·jy, Σw·jx, Σw·jy², Σw·jy,
 * Σw over the readings.
 */
export type InformationSums = readonly [number, number, number, number, number, number];

/**
 * Covariance (m²) of the position from these sums: the offset is solved for with a prior of this
 * precision (dB⁻²), or taken as known when null; null where the determinant is below `minDet`.
 */
export function positionCovariance(
  [a, b, c, d, e, f]: InformationSums,
  offsetPrecision: number | null,
  minDet: number,
): { xx: number; xy: number; yy: number } | null {
  let [xx, xy, yy] = [a, b, d];
  if (offsetPrecision !== null) {
    // Schur complement: what is left about (x, y) once the offset is solved for.
    const fb = f + offsetPrecision;
    xx -= (c * c) / fb;
    xy -= (c * e) / fb;
    yy -= (e * e) / fb;
  }
  const det = xx * yy - xy * xy;
  if (!(det > minDet)) return null;
  return { xx: yy / det, xy: -xy / det, yy: xx / det };
}

/** The covariance once a prior of this information per axis (m⁻²) is added to the position's. */
export function withPositionPrior(
  cov: { xx: number; xy: number; yy: number },
  prior: { x: number; y: number },
): { xx: number; xy: number; yy: number } {
  const det = cov.xx * cov.yy - cov.xy * cov.xy;
  const ixx = cov.yy / det + prior.x;
  const iyy = cov.xx / det + prior.y;
  const ixy = -cov.xy / det;
  const d = ixx * iyy - ixy * ixy;
  return { xx: iyy / d, xy: -ixy / d, yy: ixx / d };
}

/** The bound over a grid: values[row][col] at (x0 + col·step, y0 + row·step). */
export function crlbGrid(
  anchors: readonly Anchor[],
  box: { minX: number; minY: number; maxX: number; maxY: number },
  step: number,
  options: CrlbOptions = {},
): number[][] {
  const rows: number[][] = [];
  for (let y = box.minY; y <= box.maxY + 1e-9; y += step) {
    const row: number[] = [];
    for (let x = box.minX; x <= box.maxX + 1e-9; x += step) row.push(crlb(anchors, x, y, options));
    rows.push(row);
  }
  return rows;
}
