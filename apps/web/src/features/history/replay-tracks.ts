/**
 * Each device's kept positions on a map as the replay reads them: times and coordinates in typed
 * arrays, oldest first. A device is drawn at a moment as the history's state says (its last
 * position at most HISTORY_STATE_LOOKBACK_MS before it), moving in a straight line toward its next
 * position when that one follows within the same span; after a longer silence it stays put until
 * it drops off.
 */
import { HISTORY_STATE_LOOKBACK_MS, type HistoryPoint, type Point } from '@rtls/contract';

export interface ReplayTrack {
  at: Float64Array;
  x: Float64Array;
  y: Float64Array;
}

/** Where a track puts its device at a moment, and when that position was last kept (ms). */
export interface ReplayFix extends Point {
  seenAt: number;
}

/** Tracks by MAC from pages of GET /history/positions (a device may span several pages). */
export function toTracks(
  pages: readonly { devices: readonly { mac: string; points: readonly HistoryPoint[] }[] }[],
): Record<string, ReplayTrack> {
  const points = new Map<string, HistoryPoint[]>();
  for (const page of pages)
    for (const d of page.devices) {
      const list = points.get(d.mac);
      if (list) list.push(...d.points);
      else points.set(d.mac, [...d.points]);
    }
  const tracks: Record<string, ReplayTrack> = {};
  for (const [mac, list] of points) {
    const kept = list
      .map((p) => ({ at: Date.parse(p.at), x: p.x, y: p.y }))
      .filter((p) => Number.isFinite(p.at) && Number.isFinite(p.x) && Number.isFinite(p.y))
      .sort((a, b) => a.at - b.at);
    if (kept.length === 0) continue;
    tracks[mac] = {
      at: Float64Array.from(kept, (p) => p.at),
      x: Float64Array.from(kept, (p) => p.x),
      y: Float64Array.from(kept, (p) => p.y),
    };
  }
  return tracks;
}

/** Index of the last kept position at or before `t`, or -1. */
function lastAtOrBefore(track: ReplayTrack, t: number): number {
  let lo = 0;
  let hi = track.at.length - 1;
  let found = -1;
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    if (track.at[mid]! <= t) {
      found = mid;
      lo = mid + 1;
    } else hi = mid - 1;
  }
  return found;
}

/** The device's position at `t`, or null when the history has it nowhere on the map then. */
export function fixAt(track: ReplayTrack, t: number): ReplayFix | null {
  const i = lastAtOrBefore(track, t);
  if (i < 0) return null;
  const seenAt = track.at[i]!;
  if (t - seenAt > HISTORY_STATE_LOOKBACK_MS) return null;
  const x = track.x[i]!;
  const y = track.y[i]!;
  const nextAt = track.at[i + 1];
  if (nextAt === undefined || nextAt - seenAt > HISTORY_STATE_LOOKBACK_MS || nextAt === seenAt)
    return { x, y, seenAt };
  const k = (t - seenAt) / (nextAt - seenAt);
  return { x: x + (track.x[i + 1]! - x) * k, y: y + (track.y[i + 1]! - y) * k, seenAt };
}

/** The way the device went in the `windowMs` up to `t`, ending where it is at `t`. */
export function trailAt(track: ReplayTrack, t: number, windowMs: number): Point[] {
  const end = fixAt(track, t);
  if (!end) return [];
  const last = lastAtOrBefore(track, t);
  let first = last;
  while (first > 0 && track.at[first - 1]! >= t - windowMs) first--;
  const points: Point[] = [];
  for (let i = first; i <= last; i++) points.push({ x: track.x[i]!, y: track.y[i]! });
  points.push({ x: end.x, y: end.y });
  return points;
}

/**
 * One device's tracks put together from several loads (windows of the history, a state at a
 * moment): every kept position of each, oldest first, a position kept by two loads once.
 */
export function joinTracks(
  parts: readonly Record<string, ReplayTrack>[],
): Record<string, ReplayTrack> {
  const byMac = new Map<string, ReplayTrack[]>();
  for (const part of parts)
    for (const [mac, track] of Object.entries(part)) {
      const list = byMac.get(mac);
      if (list) list.push(track);
      else byMac.set(mac, [track]);
    }
  const joined: Record<string, ReplayTrack> = {};
  for (const [mac, list] of byMac) joined[mac] = list.length === 1 ? list[0]! : joinOne(list);
  return joined;
}

/** Tracks of one device in time order: copied end to end when they do not overlap (windows). */
function joinOne(list: ReplayTrack[]): ReplayTrack {
  const parts = list.filter((t) => t.at.length > 0).sort((a, b) => a.at[0]! - b.at[0]!);
  const apart = parts.every((t, i) => i === 0 || t.at[0]! > parts[i - 1]!.at.at(-1)!);
  if (apart) {
    const n = parts.reduce((sum, t) => sum + t.at.length, 0);
    const out = { at: new Float64Array(n), x: new Float64Array(n), y: new Float64Array(n) };
    let i = 0;
    for (const t of parts) {
      out.at.set(t.at, i);
      out.x.set(t.x, i);
      out.y.set(t.y, i);
      i += t.at.length;
    }
    return out;
  }
  const points = parts
    .flatMap((t) => Array.from(t.at, (at, i) => ({ at, x: t.x[i]!, y: t.y[i]! })))
    .sort((a, b) => a.at - b.at)
    .filter((p, i, all) => i === 0 || p.at !== all[i - 1]!.at);
  return {
    at: Float64Array.from(points, (p) => p.at),
    x: Float64Array.from(points, (p) => p.x),
    y: Float64Array.from(points, (p) => p.y),
  };
}
