/**
 * When devices are located: a device is queued when it is due (new reports, at most once per
 * spacing) and the queue runs in slices of a few milliseconds between other work, within a CPU
 * budget per second, so locating (up to ~1 ms per device and map) never holds up live updates.
 */

export interface SchedulerOptions {
  /** Locate one device (by key). */
  run: (key: string, nowMs: number) => void;
  /** Called after each slice that ran something (to publish what changed in one go). */
  afterSlice?: () => void;
  /**
   * Most milliseconds of work per second of wall clock. Past it, devices keep their last position
   * a little longer rather than the event loop (and every live update) falling behind.
   */
  budgetMsPerS?: number;
  /** Most milliseconds of work in one turn of the event loop. */
  sliceMs?: number;
  onError?: (err: unknown) => void;
  /** A monotonic clock (ms) timing the work against the budget and slices; performance.now. */
  workClock?: () => number;
}

/** The budget is counted per window of this length (ms). */
const BUDGET_WINDOW_MS = 50;
/** How often devices waiting for their turn are looked at (ms). */
const TICK_MS = 25;
/** The wait of locates is averaged over windows of this length (ms). */
const WAIT_WINDOW_MS = 5_000;

export function createScheduler({
  run,
  afterSlice = () => undefined,
  budgetMsPerS = 250,
  sliceMs = 4,
  onError = () => undefined,
  workClock = () => performance.now(),
}: SchedulerOptions) {
  /** Devices to locate now, oldest first, with when each fell due (ms). */
  const ready = new Map<string, number>();
  /** Devices to locate at a later time (ms), because they were located less than a spacing ago. */
  const waiting = new Map<string, number>();
  let scheduled = false;
  let ticking: NodeJS.Timeout | null = null;
  let closed = false;
  let windowStart = 0;
  let spentMs = 0;
  let deferred = 0;
  let runs = 0;
  // Time spent in locates since the start (workClock ms).
  let locatingMs = 0;
  // Time between falling due and running, summed over the current window; the last window's mean.
  let waitWindowStart = Date.now();
  let waitSum = 0;
  let waitCount = 0;
  let lateMs = 0;
  const windowBudgetMs = (budgetMsPerS * BUDGET_WINDOW_MS) / 1000;

  function schedule(delayMs = 0) {
    if (scheduled || closed || ready.size === 0) return;
    scheduled = true;
    const go = () => {
      scheduled = false;
      runSlice();
    };
    if (delayMs > 0) setTimeout(go, delayMs);
    else setImmediate(go);
  }

  function tick() {
    ticking = null;
    const now = Date.now();
    for (const [key, due] of waiting)
      if (due <= now) {
        waiting.delete(key);
        ready.set(key, due);
      }
    schedule();
    arm();
  }

  function arm() {
    if (ticking || closed || waiting.size === 0) return;
    ticking = setTimeout(tick, TICK_MS);
    ticking.unref();
  }

  /** Count a locate that waited `ms` after falling due, closing the window when it is over. */
  function waited(ms: number, now: number) {
    if (now - waitWindowStart >= WAIT_WINDOW_MS) {
      lateMs = waitCount > 0 ? waitSum / waitCount : 0;
      waitWindowStart = now;
      waitSum = 0;
      waitCount = 0;
    }
    waitSum += Math.max(0, ms);
    waitCount++;
  }

  function runOne(key: string, dueMs: number) {
    ready.delete(key);
    runs++;
    const now = Date.now();
    waited(now - dueMs, now);
    const t0 = workClock();
    try {
      run(key, now);
    } catch (err) {
      onError(err);
    }
    const spent = workClock() - t0;
    spentMs += spent;
    locatingMs += spent;
  }

  function runSlice() {
    const sliceStart = workClock();
    let ran = false;
    try {
      for (const [key, due] of ready) {
        const now = Date.now();
        if (now - windowStart >= BUDGET_WINDOW_MS) [windowStart, spentMs] = [now, 0];
        if (spentMs >= windowBudgetMs) {
          deferred++;
          return schedule(Math.max(1, windowStart + BUDGET_WINDOW_MS - now));
        }
        if (workClock() - sliceStart >= sliceMs) return schedule();
        runOne(key, due);
        ran = true;
      }
    } finally {
      if (ran) afterSlice();
    }
  }

  return {
    /** Locate the device at `dueMs` (now when omitted or past); an earlier turn is kept. */
    queue(key: string, dueMs = 0) {
      if (closed || ready.has(key)) return;
      const now = Date.now();
      if (dueMs <= now) {
        waiting.delete(key);
        ready.set(key, now);
        schedule();
      } else if (!waiting.has(key)) {
        waiting.set(key, dueMs);
        arm();
      }
    },

    /** Run every queued and waiting device now, regardless of budget and turn (tests). */
    settle() {
      const now = Date.now();
      for (const key of waiting.keys()) ready.set(key, now);
      waiting.clear();
      if (ready.size === 0) return;
      for (const [key, due] of ready) runOne(key, due);
      afterSlice();
    },

    /**
     * Devices queued or waiting, slices put off because the budget was spent, locates run and
     * the time they took, and how long the locates of the last complete window waited after
     * falling due (mean, ms; 0 when the current window has gone by with none).
     */
    stats: () => ({
      queued: ready.size + waiting.size,
      deferred,
      locates: runs,
      locatingMs,
      lateMs: Date.now() - waitWindowStart >= 2 * WAIT_WINDOW_MS ? 0 : lateMs,
    }),

    close() {
      closed = true;
      ready.clear();
      waiting.clear();
      if (ticking) clearTimeout(ticking);
    },
  };
}
export type Scheduler = ReturnType<typeof createScheduler>;
