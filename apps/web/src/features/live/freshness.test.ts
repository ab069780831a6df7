import { describe, expect, it } from 'vitest';
import { staleSinceAfter, staleSinceAfterPoll, statusClock } from './freshness.ts';

const HEARD = 1_000_000;

describe('staleSinceAfter', () => {
  it('is live before the first connect, while it is tried and once connected', () => {
    expect(staleSinceAfter(null, 'connecting', HEARD)).toBeNull();
    expect(staleSinceAfter(null, 'connected', HEARD)).toBeNull();
  });

  it('turns stale as of the last time the server was heard when the link is lost', () => {
    expect(staleSinceAfter(null, 'reconnecting', HEARD)).toBe(HEARD);
    expect(staleSinceAfter(null, 'disconnected', HEARD)).toBe(HEARD);
  });

  it('keeps the time of the first loss through every retry, and after the schedule gives up', () => {
    let since = staleSinceAfter(null, 'reconnecting', HEARD);
    for (const state of ['reconnecting', 'connecting', 'reconnecting', 'disconnected'] as const)
      since = staleSinceAfter(since, state, HEARD + 30_000);
    expect(since).toBe(HEARD);
    // A click on Reconnect (a fresh 'connecting') does not make old positions live.
    expect(staleSinceAfter(since, 'connecting', HEARD + 60_000)).toBe(HEARD);
  });

  it('is live again once connected, and when the connection is closed (signed out)', () => {
    expect(staleSinceAfter(HEARD, 'connected', HEARD + 5_000)).toBeNull();
    expect(staleSinceAfter(HEARD, 'idle', HEARD + 5_000)).toBeNull();
  });

  it('a first connect that fails is stale as of the data the page loaded', () => {
    const loadedAt = HEARD;
    let since = staleSinceAfter(null, 'connecting', loadedAt);
    since = staleSinceAfter(since, 'reconnecting', loadedAt);
    expect(since).toBe(loadedAt);
  });
});

describe('staleSinceAfterPoll', () => {
  it('moves a pause forward to when an answered poll was asked, never back', () => {
    expect(staleSinceAfterPoll(HEARD, HEARD + 5_000)).toBe(HEARD + 5_000);
    expect(staleSinceAfterPoll(HEARD + 5_000, HEARD)).toBe(HEARD + 5_000);
  });

  it('leaves live data live', () => {
    expect(staleSinceAfterPoll(null, HEARD)).toBeNull();
  });
});

describe('statusClock', () => {
  it('reads statuses now while live and as of the pause while paused', () => {
    expect(statusClock(null, HEARD + 90_000)).toBe(HEARD + 90_000);
    expect(statusClock(HEARD, HEARD + 90_000)).toBe(HEARD);
  });
});
