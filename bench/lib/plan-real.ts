/**
 * The predicted-accuracy layer against a real recording whose layout is known, for
 * bench:accuracy's Kolakowski test run: planAccuracy of the set's gateways over its site, read at
 * the cell of every true position and pooled as planVersusMeasured pools the demo floor's cells,
 * beside the errors the default tracker makes on the same recording on the live path (the set's
 * per-dataset row). Nothing here is fitted, least of all to the recording it is checked against:
 * the radio model is DEFAULT_RADIO_MODEL, which the default tracker starts from on that set.
 * What the bound leaves out pulls both ways: it knows no model error beyond iid shadowing (a
 * site's per-gateway biases, a wider spread), and of the tracker's priors only the plan's extent,
 * not its motion model, which keeps the real error smaller still outside the gateways' hull.
 */
import { DEFAULT_RADIO_MODEL, planAccuracy, type FloorGeometry } from '@rtls/positioning';
import { evaluateStreams } from './stream-eval.ts';
import type { StreamSet } from './streams.ts';
import { pooledCircularErrors, quantile } from './stats.ts';

/** The prediction and the measurement on one set (m), and what the prediction was made from. */
export interface PlanVersusReal {
  /** True positions the prediction is pooled over (one per distinct report time). */
  positions: number;
  /** Readings per gateway per second while the tag was recorded: the plan's packet rate. */
  readingsPerSecond: number;
  /** The plan's size (m): the gateways' and the true positions' extent. */
  width: number;
  height: number;
  predictedMedian: number;
  predictedP90: number;
  measuredMedian: number;
  measuredP90: number;
}

/** Readings per gateway per second, over the tracks' spans (the gaps between tracks left out). */
export function readingRate(set: StreamSet): number {
  let readings = 0;
  let seconds = 0;
  for (const t of set.tracks) {
    if (t.reports.length < 2) continue;
    readings += t.reports.length;
    seconds += (t.reports[t.reports.length - 1]!.tMs - t.reports[0]!.tMs) / 1000;
  }
  return readings / Math.max(1, set.anchors.length) / seconds;
}

/** Where the tag truly was at each distinct report time (a recording's ground-truth rows). */
function truePositions(set: StreamSet): { x: number; y: number }[] {
  const out: { x: number; y: number }[] = [];
  for (const t of set.tracks) {
    for (const tMs of new Set(t.reports.map((r) => r.tMs))) out.push(t.truth(tMs));
  }
  return out;
}

/**
 * The set's walls without its outline: the prediction is read only at true positions, which are
 * on the floor, and a cell whose centre falls just outside a notch of the outline would read as
 * a spot the layout cannot locate.
 */
const wallsOnly = (floor: FloorGeometry | undefined): FloorGeometry | null =>
  floor ? { ...floor, outline: null } : null;

/** Predicted (pooled over the true positions) and measured median and p90 on one set. */
export function planVersusReal(set: StreamSet): PlanVersusReal {
  const positions = truePositions(set);
  const xs = [...set.anchors.map((a) => a.x), ...positions.map((p) => p.x)];
  const ys = [...set.anchors.map((a) => a.y), ...positions.map((p) => p.y)];
  // The plan's grid starts at 0, as a map's frame does.
  if (Math.min(...xs, ...ys) < 0) throw new Error(`${set.name}: coordinates below 0`);
  const width = Math.max(...xs);
  const height = Math.max(...ys);
  const readingsPerSecond = readingRate(set);
  const plan = planAccuracy({
    anchors: set.anchors,
    width,
    height,
    floor: wallsOnly(set.floor),
    model: DEFAULT_RADIO_MODEL,
    packetRateHz: readingsPerSecond,
  });
  const cell = (v: number, n: number) => Math.min(n - 1, Math.floor(v / plan.step));
  const predicted = pooledCircularErrors(
    positions.map((p) => plan.p90[cell(p.y, plan.ny) * plan.nx + cell(p.x, plan.nx)]!),
  );
  const measured = evaluateStreams(set).errors;
  return {
    positions: positions.length,
    readingsPerSecond,
    width,
    height,
    predictedMedian: predicted.median,
    predictedP90: predicted.p90,
    measuredMedian: quantile(measured, 0.5),
    measuredP90: quantile(measured, 0.9),
  };
}
