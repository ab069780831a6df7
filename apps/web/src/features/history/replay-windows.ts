/**
 * Which stretches of a map's history a replay holds: windows of kept positions around the
 * replayed moment, their sizes at each speed, and whether they answer for a moment.
 *
 * A window [from, to) holds every position kept in it. A device's place at `t` needs its last
 * position up to HISTORY_STATE_LOOKBACK_MS before `t` and its next one up to the lookback after
 * that, so a run of adjacent windows answers exactly as the whole history would only for
 * `from + lookback <= t < to - lookback`: each window is asked for with the lookback on both sides.
 */
import { HISTORY_STATE_LOOKBACK_MS, TRAIL_DEFAULT_MINUTES } from '@rtls/contract';

const MINUTE_MS = 60_000;
const LOOKBACK = HISTORY_STATE_LOOKBACK_MS;

/**
 * Replayed time a window reaches ahead: 20 s of playback at the speed, within 2 and 20 minutes.
 * At 1× two minutes (a small first load: 500 tags at 1 Hz are 60 000 points); at 60× twenty
 * minutes, so each window lasts 20 s on screen and the next one has 10 s to arrive (see
 * PREFETCH_SHARE), and a window stays well within a few pages of the positions call.
 */
export const windowAheadMs = (speed: number): number =>
  Math.min(20 * MINUTE_MS, Math.max(2 * MINUTE_MS, speed * 20_000));

/** A seek's window starts this much (and the lookback) before the moment: a step back is drawn at once. */
export const SEEK_BEHIND_MS = 30_000;

/** The next window is asked for once less than this share of a window is left ahead. */
export const PREFETCH_SHARE = 0.5;

/**
 * Windows ending longer ago than this (and the lookback) behind the moment are dropped, as are
 * those starting more than two windows ahead (left by a seek back). Held at any time while
 * playing: behind, keepBehind + one window + the lookback; ahead, at most one and a half windows
 * + the lookback (the next is asked for only when half of one is left). At 60× that is at most
 * some 75 minutes of history, 2.3 million points for 500 tags at 1 Hz (54 MB in typed arrays);
 * at 1× some 20 minutes. The behind part keeps the default trail drawable.
 */
export const keepBehindMs = (speed: number): number =>
  Math.max(TRAIL_DEFAULT_MINUTES * MINUTE_MS, windowAheadMs(speed));

export interface Span {
  from: number;
  to: number;
}

/** The run of adjacent spans (sorted, not overlapping) that holds `t`, as one span, or null. */
export function runAt(spans: readonly Span[], t: number): Span | null {
  const sorted = [...spans].sort((a, b) => a.from - b.from);
  const i = sorted.findIndex((s) => s.from <= t && t < s.to);
  if (i < 0) return null;
  let from = sorted[i]!.from;
  let to = sorted[i]!.to;
  for (let j = i - 1; j >= 0 && sorted[j]!.to === from; j--) from = sorted[j]!.from;
  for (let j = i + 1; j < sorted.length && sorted[j]!.from === to; j++) to = sorted[j]!.to;
  return { from, to };
}

/** Whether spans answer for `t` as the whole history would. */
export function answersAt(spans: readonly Span[], t: number): boolean {
  const run = runAt(spans, t);
  return run !== null && t >= run.from + LOOKBACK && t < run.to - LOOKBACK;
}

/** `wanted` cut to the gap it starts in among the spans held, or null when nothing is missing. */
export function gapOf(spans: readonly Span[], wanted: Span): Span | null {
  let { from, to } = wanted;
  for (const s of [...spans].sort((a, b) => a.from - b.from)) {
    if (s.from <= from && from < s.to) from = s.to;
    else if (s.from >= from && s.from < to) to = s.from;
  }
  return from < to ? { from, to } : null;
}

/** The window a seek to `t` asks for: a little behind, a short way ahead (the first frame soon). */
export const seekWindow = (t: number): Span => ({
  from: t - SEEK_BEHIND_MS - LOOKBACK,
  to: t + windowAheadMs(1) + LOOKBACK,
});

/**
 * The window to ask for next while the moment `t` is answered by `run`: the one after it once
 * less than PREFETCH_SHARE of a window is left ahead, and none past the end of the replay. It is
 * no longer than the run held: after a seek at a high speed the windows grow (6, 13, then 20
 * minutes at 60×), each small enough to come before the one before it has been played.
 */
export function nextWindow(run: Span, t: number, speed: number, end: number): Span | null {
  const ahead = windowAheadMs(speed);
  const answeredTo = run.to - LOOKBACK;
  if (answeredTo > end || answeredTo - t >= ahead * PREFETCH_SHARE) return null;
  const length = Math.min(ahead, Math.max(windowAheadMs(1), run.to - run.from));
  return { from: run.to, to: run.to + length };
}

/** Whether a held window is far enough from `t` to be dropped. */
export const isFar = (w: Span, t: number, speed: number): boolean =>
  w.to < t - keepBehindMs(speed) - LOOKBACK || w.from > t + 2 * windowAheadMs(speed) + LOOKBACK;
