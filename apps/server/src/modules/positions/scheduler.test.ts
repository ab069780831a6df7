import { afterEach, beforeEach, expect, it, vi } from 'vitest';
import { createScheduler } from './scheduler.ts';

// Only the clock is faked: the scheduler's own turns never run, settle() runs what is due.
beforeEach(() => vi.useFakeTimers({ now: 1_000_000, toFake: ['Date'] }));
afterEach(() => vi.useRealTimers());

it('says how long locates waited after falling due, over the last complete window', () => {
  const ran: string[] = [];
  const scheduler = createScheduler({ run: (key) => void ran.push(key) });
  try {
    expect(scheduler.stats().lateMs).toBe(0);
    // Three devices fall due and are located 2 s later: a server behind by two seconds.
    for (const key of ['a', 'b', 'c']) scheduler.queue(key);
    vi.setSystemTime(Date.now() + 2_000);
    scheduler.settle();
    expect(ran).toEqual(['a', 'b', 'c']);
    // The window is still open: the figure is the last complete one's.
    expect(scheduler.stats().lateMs).toBe(0);

    // The next locate, past the window's end, closes it: 2 s late on average.
    vi.setSystemTime(Date.now() + 5_000);
    scheduler.queue('d');
    scheduler.settle();
    expect(scheduler.stats().lateMs).toBe(2_000);
    expect(scheduler.stats().locates).toBe(4);

    // A window with nothing located says nothing is late.
    vi.setSystemTime(Date.now() + 10_000);
    expect(scheduler.stats().lateMs).toBe(0);
  } finally {
    scheduler.close();
  }
});

it('counts a device waiting for its slot from its slot, not from when it was queued', () => {
  const scheduler = createScheduler({ run: () => undefined });
  try {
    scheduler.queue('a', Date.now() + 800);
    vi.setSystemTime(Date.now() + 800);
    scheduler.settle();
    vi.setSystemTime(Date.now() + 5_000);
    scheduler.queue('b');
    scheduler.settle();
    expect(scheduler.stats().lateMs).toBe(0);
  } finally {
    scheduler.close();
  }
});

it('puts the devices left when a window’s budget is spent off to the next window', () => {
  vi.useFakeTimers({ now: 1_000_000, toFake: ['Date', 'setTimeout', 'setImmediate'] });
  let work = 0;
  const ran: string[] = [];
  const scheduler = createScheduler({
    // Each locate takes 0.6 ms of work; the budget is 1 ms per 50 ms window.
    run: (key) => {
      ran.push(key);
      work += 0.6;
    },
    budgetMsPerS: 20,
    workClock: () => work,
  });
  try {
    for (const key of ['a', 'b', 'c']) scheduler.queue(key);
    vi.advanceTimersByTime(0);
    // The second locate spends the window's budget: the third waits for the next window.
    expect(ran).toEqual(['a', 'b']);
    expect(scheduler.stats()).toMatchObject({ queued: 1, deferred: 1 });
    vi.advanceTimersByTime(49);
    expect(ran).toEqual(['a', 'b']);
    vi.advanceTimersByTime(1);
    expect(ran).toEqual(['a', 'b', 'c']);
    expect(scheduler.stats()).toMatchObject({ queued: 0, deferred: 1, locates: 3 });
  } finally {
    scheduler.close();
  }
});

it('adds up the time its locates took on its work clock', () => {
  let clock = 0;
  const cost: Record<string, number> = { a: 3, b: 5 };
  const scheduler = createScheduler({
    run: (key) => void (clock += cost[key]!),
    workClock: () => clock,
  });
  try {
    expect(scheduler.stats().locatingMs).toBe(0);
    scheduler.queue('a');
    scheduler.queue('b');
    scheduler.settle();
    expect(scheduler.stats()).toMatchObject({ locates: 2, locatingMs: 8 });
  } finally {
    scheduler.close();
  }
});
