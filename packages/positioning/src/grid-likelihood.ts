/**
 * The grid filter's per-cell cost of one epoch's readings: how far the readings are from each
 * cell's expected levels, with the tag's transmit offset profiled out, as −2·ln(likelihood) up
 * to a constant. Allocation-free: the radio map is laid out cell by cell once, and the readings
 * are packed into reusable buffers.
 */
import type { RadioMap } from './grid.ts';

/** One reading to weigh against the radio map. */
export interface MapReading {
  gateway: string;
  rssi: number;
  /** Relative trust (signalAgeWeight × rssiWeight tilt, mean 1); 1 when absent. */
  weight?: number;
}

/** A radio map's surfaces interleaved per cell (cell c, gateway k at c·gateways + k). */
export interface Interleaved {
  gateways: number;
  index: Map<string, number>;
  data: Float64Array;
}

const INTERLEAVED = new WeakMap<RadioMap, Interleaved>();

/** The map's surfaces laid out cell by cell, built once per map and cell count. */
export function interleaved(map: RadioMap, n: number): Interleaved {
  const cached = INTERLEAVED.get(map);
  if (cached && cached.data.length === cached.gateways * n) return cached;
  const index = new Map<string, number>();
  const surfaces: Float64Array[] = [];
  for (const [id, mu] of map.surfaces) {
    if (mu.length !== n) continue;
    index.set(id, surfaces.length);
    surfaces.push(mu);
  }
  const g = surfaces.length;
  const data = new Float64Array(g * n);
  surfaces.forEach((mu, k) => {
    for (let c = 0; c < n; c++) data[c * g + k] = mu[c]!;
  });
  const table = { gateways: g, index, data };
  INTERLEAVED.set(map, table);
  return table;
}

/** One epoch's readings packed as surface columns, levels and weights. */
export interface Packed {
  used: number;
  cols: Int32Array;
  rss: Float64Array;
  /** Weight of each heard reading: trust / σ². */
  ws: Float64Array;
  /** Σ ws. */
  sw: number;
}

/** Empty packed readings (grown on demand). */
export function createPacked(capacity = 16): Packed {
  return {
    used: 0,
    cols: new Int32Array(capacity),
    rss: new Float64Array(capacity),
    ws: new Float64Array(capacity),
    sw: 0,
  };
}

const grownInt = (a: Int32Array, size: number) => {
  const b = new Int32Array(size);
  b.set(a);
  return b;
};
const grownFloat = (a: Float64Array, size: number) => {
  const b = new Float64Array(size);
  b.set(a);
  return b;
};

/** Pack the readings the table knows; false when none is usable. */
export function pack(
  out: Packed,
  table: Interleaved,
  map: RadioMap,
  readings: readonly MapReading[],
): boolean {
  out.used = 0;
  out.sw = 0;
  for (const r of readings) {
    const k = table.index.get(r.gateway);
    const rw = r.weight ?? 1;
    if (k === undefined || !Number.isFinite(r.rssi) || !(rw > 0)) continue;
    const s = map.sigmaDb.get(r.gateway) ?? 5;
    if (out.used >= out.cols.length) {
      out.cols = grownInt(out.cols, 2 * out.used + 2);
      out.rss = grownFloat(out.rss, 2 * out.used + 2);
      out.ws = grownFloat(out.ws, 2 * out.used + 2);
    }
    const i = out.used++;
    out.cols[i] = k;
    out.rss[i] = r.rssi;
    out.ws[i] = rw / (s * s);
    out.sw += out.ws[i]!;
  }
  return out.used > 0;
}

/** The prior weight λ of the tag's transmit offset in cellCosts: 1/σ², all but fixed when σ is 0. */
export function offsetPriorWeight(map: RadioMap): number {
  return map.txOffsetSigmaDb > 0 ? 1 / map.txOffsetSigmaDb ** 2 : 1e12;
}

/**
 * Readings cellCosts() weighs in one sweep over the cells, each held in a register (sweep() is
 * written out for exactly this many lanes): one sweep at eight gateways instead of two of four
 * costs about a third less; past the last reading a lane weighs the last one's column by 0, which
 * adds nothing.
 */
const SWEEP = 8;

/**
 * Cost of every cell into `out` (Σ w·(r − μ − b)² + λb², b the tag's offset at its best for the
 * cell, λ its prior weight); returns the smallest. The readings are swept over the cells SWEEP at
 * a time, the cells' running sums kept between sweeps in `out` and `scratch` (a cell's sums add
 * its readings in their order either way).
 */
export function cellCosts(
  table: Interleaved,
  n: number,
  p: Packed,
  lambda: number,
  out: Float64Array,
  scratch: Float64Array,
): number {
  const shrink = 1 / (p.sw + lambda);
  let best = Infinity;
  for (let k = 0; k < p.used; k += SWEEP) best = sweep(table, n, p, k, shrink, out, scratch);
  return best;
}

const lane = (p: Packed, k: number) => Math.min(k, p.used - 1);
const weightOf = (p: Packed, k: number) => (k < p.used ? p.ws[k]! : 0);

/**
 * Readings k..k+7 over every cell: the running sums from `scratch` and `out` unless k is the
 * first, the cost into `out` (returning the smallest) if these are the last.
 */
function sweep(
  table: Interleaved,
  n: number,
  p: Packed,
  k: number,
  shrink: number,
  out: Float64Array,
  scratch: Float64Array,
): number {
  const { gateways: g, data } = table;
  const { cols: C, rss: R } = p;
  const [c0, c1, c2, c3] = [C[k]!, C[lane(p, k + 1)]!, C[lane(p, k + 2)]!, C[lane(p, k + 3)]!];
  const [c4, c5, c6, c7] = [
    C[lane(p, k + 4)]!,
    C[lane(p, k + 5)]!,
    C[lane(p, k + 6)]!,
    C[lane(p, k + 7)]!,
  ];
  const [r0, r1, r2, r3] = [R[k]!, R[lane(p, k + 1)]!, R[lane(p, k + 2)]!, R[lane(p, k + 3)]!];
  const [r4, r5, r6, r7] = [
    R[lane(p, k + 4)]!,
    R[lane(p, k + 5)]!,
    R[lane(p, k + 6)]!,
    R[lane(p, k + 7)]!,
  ];
  const w0 = weightOf(p, k);
  const w1 = weightOf(p, k + 1);
  const w2 = weightOf(p, k + 2);
  const w3 = weightOf(p, k + 3);
  const w4 = weightOf(p, k + 4);
  const w5 = weightOf(p, k + 5);
  const w6 = weightOf(p, k + 6);
  const w7 = weightOf(p, k + 7);
  const first = k === 0;
  const last = k + SWEEP >= p.used;
  let best = Infinity;
  for (let c = 0, base = 0; c < n; c++, base += g) {
    // Σw(r−b)² + λb² minimised over the offset b: Σwd² − (Σwd)²/(Σw + λ), d = r − μ.
    let a = first ? 0 : scratch[c]!;
    let s = first ? 0 : out[c]!;
    const d0 = r0 - data[base + c0]!;
    const wd0 = w0 * d0;
    a += wd0;
    s += wd0 * d0;
    const d1 = r1 - data[base + c1]!;
    const wd1 = w1 * d1;
    a += wd1;
    s += wd1 * d1;
    const d2 = r2 - data[base + c2]!;
    const wd2 = w2 * d2;
    a += wd2;
    s += wd2 * d2;
    const d3 = r3 - data[base + c3]!;
    const wd3 = w3 * d3;
    a += wd3;
    s += wd3 * d3;
    const d4 = r4 - data[base + c4]!;
    const wd4 = w4 * d4;
    a += wd4;
    s += wd4 * d4;
    const d5 = r5 - data[base + c5]!;
    const wd5 = w5 * d5;
    a += wd5;
    s += wd5 * d5;
    const d6 = r6 - data[base + c6]!;
    const wd6 = w6 * d6;
    a += wd6;
    s += wd6 * d6;
    const d7 = r7 - data[base + c7]!;
    const wd7 = w7 * d7;
    a += wd7;
    s += wd7 * d7;
    if (last) {
      const v = s - a * a * shrink;
      out[c] = v;
      if (v < best) best = v;
    } else {
      scratch[c] = a;
      out[c] = s;
    }
  }
  return best;
}
