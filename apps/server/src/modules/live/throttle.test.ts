import { afterEach, beforeEach, expect, it, vi } from 'vitest';
import { createLiveThrottle } from './throttle.ts';

beforeEach(() => vi.useFakeTimers({ now: 1_000_000 }));
afterEach(() => vi.useRealTimers());

it('lets a device out once per interval, holds the rest and sends them late when no report comes', () => {
  const published: [string, string[]][] = [];
  const t = createLiveThrottle({
    intervalMs: 500,
    lateMs: 100,
    publish: (owner, macs) => published.push([owner, macs]),
  });
  const now = () => Date.now();
  expect(t.admit('o1', 'A', now())).toBe(true);
  expect(t.admit('o2', 'A', now())).toBe(true); // another owner's device of the same MAC
  vi.advanceTimersByTime(100);
  expect(t.admit('o1', 'A', now())).toBe(false);
  expect(t.admit('o1', 'A', now())).toBe(false);
  expect(t.held()).toBe(1);
  // Held until the interval and the late wait are over: then published once.
  vi.advanceTimersByTime(450);
  expect(published).toEqual([]);
  vi.advanceTimersByTime(100);
  expect(published).toEqual([['o1', ['A']]]);
  expect(t.held()).toBe(0);
  t.close();
});

it('drops a held update when the device went out for another reason or its next report is let out', () => {
  const published: string[] = [];
  const t = createLiveThrottle({ intervalMs: 500, publish: (_o, macs) => published.push(...macs) });
  t.admit('o1', 'A', Date.now());
  t.admit('o1', 'B', Date.now());
  vi.advanceTimersByTime(100);
  expect(t.admit('o1', 'A', Date.now())).toBe(false);
  expect(t.admit('o1', 'B', Date.now())).toBe(false);
  t.sent('o1', 'A', Date.now()); // a new position carried A's signals
  expect(t.held()).toBe(1);
  vi.advanceTimersByTime(450);
  expect(t.admit('o1', 'B', Date.now())).toBe(true); // B's next report, after the interval
  expect(t.held()).toBe(0);
  vi.advanceTimersByTime(1_000);
  expect(published).toEqual([]);
  t.close();
});
