/**
 * The replay clock: a moment in [from, to] that stands still while paused and runs `speed` times
 * as fast as the wall clock while playing. It keeps an anchor (the replayed moment when it last
 * started, paused or changed speed) rather than a running time, so reading it costs nothing and
 * nothing has to tick for it to advance.
 */

/** The speeds a replay offers (replayed seconds per second). */
export const REPLAY_SPEEDS = [1, 2, 5, 10, 30, 60] as const;
export type ReplaySpeed = (typeof REPLAY_SPEEDS)[number];

export interface ReplayClock {
  from: number;
  to: number;
  /** The replayed moment at `since` (ms). */
  at: number;
  /** Wall time (ms) it started playing from `at`; null while paused. */
  since: number | null;
  speed: ReplaySpeed;
}

const clamp = (c: Pick<ReplayClock, 'from' | 'to'>, at: number) =>
  Math.min(c.to, Math.max(c.from, at));

/** A paused clock over [from, to] standing at `at` (clamped into the range). */
export const pausedClock = (from: number, to: number, at: number = from): ReplayClock => ({
  from,
  to,
  at: clamp({ from, to }, at),
  since: null,
  speed: 1,
});

/** The replayed moment at wall time `wall`: it stops at the end of the range. */
export const clockTime = (c: ReplayClock, wall: number): number =>
  c.since === null ? c.at : clamp(c, c.at + (wall - c.since) * c.speed);

/** Whether the clock is running at `wall` (playing and not yet at the end). */
export const isPlaying = (c: ReplayClock, wall: number): boolean =>
  c.since !== null && clockTime(c, wall) < c.to;

/** Start playing; a clock at the end starts again from the beginning. */
export const play = (c: ReplayClock, wall: number): ReplayClock => {
  const at = clockTime(c, wall);
  return { ...c, at: at >= c.to ? c.from : at, since: wall };
};

export const pause = (c: ReplayClock, wall: number): ReplayClock => ({
  ...c,
  at: clockTime(c, wall),
  since: null,
});

/** Jump to `at` (clamped into the range), playing on if it was playing. */
export const seek = (c: ReplayClock, at: number, wall: number): ReplayClock => ({
  ...c,
  at: clamp(c, at),
  since: isPlaying(c, wall) ? wall : null,
});

/** Another speed from now on; the replayed moment does not jump. */
export const withSpeed = (c: ReplayClock, speed: ReplaySpeed, wall: number): ReplayClock => ({
  ...c,
  at: clockTime(c, wall),
  since: c.since === null ? null : wall,
  speed,
});

/** Whether a value (from a select, a URL) is one of the offered speeds. */
export const isReplaySpeed = (v: number): v is ReplaySpeed =>
  (REPLAY_SPEEDS as readonly number[]).includes(v);
