/**
 * How fresh what the console shows is. While live updates flow, positions and statuses are
 * current; once the live link is lost, they are only as of the last moment the console heard from
 * the server, and every age-based text (statuses, "Just now") is read as of that moment instead of
 * now, so nothing claims a freshness the console cannot know.
 */
import type { LiveState } from './live-connection.ts';

/**
 * The time (ms) since which what is shown may be out of date, after the connection moved to
 * `state`; null while it is live. A connection clears it (updates flow again) and so does closing
 * it (signed out: nothing is shown); a lost link sets it to when the server was last heard; while a
 * (re)connect is being tried it stays as it was, so a first connect shows live data and a retry
 * after an outage does not.
 */
export function staleSinceAfter(
  prev: number | null,
  state: LiveState,
  lastHeardAt: number,
): number | null {
  switch (state) {
    case 'connected':
    case 'idle':
      return null;
    case 'connecting':
      return prev;
    case 'reconnecting':
    case 'disconnected':
      return prev ?? lastHeardAt;
  }
}

/**
 * A poll the server answered while live updates are paused: what is shown is as of when it was
 * asked (it stays paused: the next change may come before the next poll).
 */
export const staleSinceAfterPoll = (prev: number | null, askedAt: number): number | null =>
  prev === null ? null : Math.max(prev, askedAt);

/** The moment age-based statuses are read at: now while live, the stale time while paused. */
export const statusClock = (staleSince: number | null, now: number): number => staleSince ?? now;
