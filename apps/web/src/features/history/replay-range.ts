/** The ranges a replay covers: the presets of the time bar, a moment's surroundings, and the checks. */

const HOUR_MS = 3_600_000;
/** The longest range one replay covers (its zone visits are read whole, its positions by window). */
export const REPLAY_MAX_MS = 24 * HOUR_MS;
/** How much of the history around a moment opens with it (before and after). */
export const MOMENT_MARGIN_MS = 10 * 60_000;

/** How a replay's range was chosen: a preset, From and To, or around a moment (alert, event). */
export type ReplayPreset = 'hour' | 'today' | 'custom' | 'moment';

export interface ReplayRange {
  from: number;
  to: number;
}

export const lastHour = (now: number): ReplayRange => ({ from: now - HOUR_MS, to: now });

/** Since local midnight (the last hour just after midnight, so the range is never tiny). */
export const today = (now: number): ReplayRange => {
  const midnight = new Date(now);
  midnight.setHours(0, 0, 0, 0);
  return { from: Math.min(midnight.getTime(), now - HOUR_MS), to: now };
};

/** The history around a moment (an alert, an event), never reaching past now. */
export const aroundMoment = (at: number, now: number): ReplayRange => ({
  from: at - MOMENT_MARGIN_MS,
  to: Math.max(Math.min(now, at + MOMENT_MARGIN_MS), at + 1),
});

/** Why a range cannot be replayed (a key under history.replay.range), or null when it can. */
export function rangeProblem(r: ReplayRange): 'empty' | 'tooLong' | null {
  if (!Number.isFinite(r.from) || !Number.isFinite(r.to) || r.to <= r.from) return 'empty';
  if (r.to - r.from > REPLAY_MAX_MS) return 'tooLong';
  return null;
}
