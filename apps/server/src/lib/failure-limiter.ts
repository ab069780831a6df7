/** Counts failures per key in a sliding window; used to slow down password guessing. */
export interface FailureLimiter {
  /**
   * Milliseconds until the key may try again: 0 while it has fewer failures than its limit in the
   * window, else the time until enough of its failures have left the window.
   */
  waitMs(key: string): Promise<number>;
  recordFailure(key: string): Promise<void>;
  reset(key: string): Promise<void>;
}

/**
 * The wait a key has, given its failures' times within the window (any order): the attempt that
 * brings it back under the limit is allowed once the failure that put it at the limit leaves the
 * window.
 */
export function waitFromFailures(
  times: readonly number[],
  limit: number,
  windowMs: number,
  now: number,
): number {
  if (times.length < limit) return 0;
  const sorted = [...times].sort((a, b) => a - b);
  const freeing = sorted[sorted.length - limit]!;
  return Math.max(0, freeing + windowMs - now);
}

/** In-process limiter; a shared store (Redis) replaces it when several instances run. */
export function memoryFailureLimiter(
  limit: number,
  windowMs: number,
  now = () => Date.now(),
): FailureLimiter {
  const hits = new Map<string, number[]>();
  const recent = (key: string) => {
    const cutoff = now() - windowMs;
    const list = (hits.get(key) ?? []).filter((t) => t > cutoff);
    if (list.length === 0) hits.delete(key);
    else hits.set(key, list);
    return list;
  };
  return {
    async waitMs(key) {
      return waitFromFailures(recent(key), limit, windowMs, now());
    },
    async recordFailure(key) {
      const list = recent(key);
      list.push(now());
      hits.set(key, list);
    },
    async reset(key) {
      hits.delete(key);
    },
  };
}
