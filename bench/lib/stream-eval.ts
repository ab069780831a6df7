/**
 * Replays report streams through the product's path (every report into the link windows, the
 * device locator on their summaries once a second) and, on the same reports, the 1 s weighted
 * centroid baseline: each gateway heard in the last second weighs 10^(mean dBm / 10).
 */
import {
  createDeviceLocator,
  errorFromConfidence,
  createLinkWindows,
  createSites,
  DEFAULT_LOCATE_SETTINGS,
  observationsFromLinks,
  type Anchor,
  type LocateSettings,
  type MapFrame,
  type PositioningMode,
  type Sites,
  type TrackerOptions,
  fixInPixels,
  locate,
  type Observation,
  type PixelFix,
} from '@rtls/positioning';
import type { StreamReport, StreamSet, Track } from './streams.ts';

/** Per-tick errors of the locator and the baseline at the ticks where both have a position. */
export interface StreamResult {
  errors: number[];
  baseline: number[];
  confidences: number[];
  /** The locator's predicted RMS error at each tick (m), from its confidence. */
  predicted: number[];
  /**
   * Each tick's block for resampling: BLOCK_MS of one track. An error stays about the same while
   * its cause does (a spot's shadowing, a wearer's body), so ticks are not independent samples.
   */
  blocks: number[];
}

/**
 * Span of a resampling block (ms): longer than a walker takes to leave a spot's shadowing, while
 * a recording of a few minutes still gives several. A standing tag's bias outlasts it, so
 * intervals from these blocks are if anything too narrow.
 */
export const BLOCK_MS = 60_000;

/** Tick of the replay (ms), as `npm run replay` and the server's once-a-second positions. */
export const TICK_MS = 1000;

/** 1 s weighted centroid of the reports in (t − TICK_MS, t]. */
export function windowCentroid(
  reports: readonly StreamReport[],
  from: number,
  to: number,
  anchors: ReadonlyMap<string, Anchor>,
): { x: number; y: number } | null {
  const sums = new Map<string, { s: number; n: number }>();
  for (let i = from; i < to; i++) {
    const r = reports[i]!;
    const a = sums.get(r.gateway);
    if (a) {
      a.s += r.rssi;
      a.n++;
    } else sums.set(r.gateway, { s: r.rssi, n: 1 });
  }
  let sw = 0;
  let sx = 0;
  let sy = 0;
  for (const [id, { s, n }] of sums) {
    const a = anchors.get(id);
    if (!a) continue;
    const w = Math.pow(10, s / n / 10);
    sw += w;
    sx += w * a.x;
    sy += w * a.y;
  }
  return sw > 0 ? { x: sx / sw, y: sy / sw } : null;
}

/** A single-epoch estimator shaped like a locator (keeping its last fix like the locator). */
function singleEpoch(algorithm: LocateSettings['algorithm'], settings: LocateSettings) {
  const s = { ...settings, algorithm };
  let last: PixelFix | null = null;
  return {
    update(frame: MapFrame, obs: readonly Observation[], t: number): PixelFix | null {
      const e = locate(obs, frame.anchors, s);
      if (e) last = fixInPixels(e, frame.pixelsPerMetre, t);
      return last;
    },
  };
}

/** Options of a stream evaluation. */
export interface StreamOptions {
  mode?: PositioningMode;
  settings?: LocateSettings;
  filter?: 'grid' | 'kalman';
  tracker?: TrackerOptions;
  /** Evaluate this single-epoch estimator on each tick's link summaries instead of the locator. */
  single?: LocateSettings['algorithm'];
  /** Span of the link windows (ms); LINK_WINDOW_MS when absent. */
  linkWindowMs?: number;
  /** false: locate as if the set had no floor (its walls and outline left out of the frame). */
  floor?: boolean;
  /** false: the set's walls keep motion to doors but take no signal (a radio map without walls). */
  wallLoss?: boolean;
}

function evaluateTrack(
  set: StreamSet,
  track: Track,
  o: StreamOptions,
  out: StreamResult,
  sites: Sites,
  firstBlock: number,
): number {
  const frame: MapFrame = { mapId: set.name, pixelsPerMetre: 1, anchors: set.anchors };
  if (set.floor && o.floor !== false) frame.floor = set.floor;
  const byId = new Map(set.anchors.map((a) => [a.id, a]));
  const settings = o.settings ?? DEFAULT_LOCATE_SETTINGS;
  const locator = o.single
    ? singleEpoch(o.single, settings)
    : createDeviceLocator({
        mode: o.mode ?? 'mobile',
        settings,
        filter: o.filter,
        tracker: o.tracker,
        sites,
      });
  const windows = createLinkWindows(o.linkWindowMs ? { windowMs: o.linkWindowMs } : {});
  const rs = track.reports;
  let next = 0;
  let windowStart = 0;
  const start = rs[0]!.tMs;
  const end = rs[rs.length - 1]!.tMs;
  for (let t = start; t <= end + TICK_MS - 1; t += TICK_MS) {
    while (next < rs.length && rs[next]!.tMs <= t) {
      const r = rs[next++]!;
      windows.add(track.device, r.gateway, r.rssi, r.tMs);
    }
    while (windowStart < next && rs[windowStart]!.tMs <= t - TICK_MS) windowStart++;
    const fix = locator.update(
      frame,
      observationsFromLinks(windows.summaries(track.device, t), t),
      t,
    );
    const base = windowCentroid(rs, windowStart, next, byId);
    if (!fix || !base) continue;
    const truth = track.truth(t);
    const c = fix.triangulationInfo.confidence;
    out.errors.push(Math.hypot(fix.position.x - truth.x, fix.position.y - truth.y));
    out.baseline.push(Math.hypot(base.x - truth.x, base.y - truth.y));
    out.confidences.push(c);
    out.predicted.push(errorFromConfidence(c));
    out.blocks.push(firstBlock + Math.floor((t - start) / BLOCK_MS));
  }
  return firstBlock + Math.floor((end + TICK_MS - 1 - start) / BLOCK_MS) + 1;
}

/** Every track of the set through the locator and the baseline. */
export function evaluateStreams(set: StreamSet, options: StreamOptions = {}): StreamResult {
  const out: StreamResult = {
    errors: [],
    baseline: [],
    confidences: [],
    predicted: [],
    blocks: [],
  };
  // Each evaluation is a site of its own: nothing learnt in one run carries into another.
  const sites = createSites();
  if (set.floor && options.wallLoss === false) {
    const walls = set.floor.walls.map((w) => ({ ...w, lossDb: 0 }));
    set = { ...set, floor: { ...set.floor, walls } };
  }
  let block = 0;
  for (const track of set.tracks) {
    if (track.reports.length > 0) block = evaluateTrack(set, track, options, out, sites, block);
  }
  return out;
}
