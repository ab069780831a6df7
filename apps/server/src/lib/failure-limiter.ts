/** Counts failures per key in a sliding window; used to slow down password guessing. */
export interface FailureLimiter {
  /** True when the key has reached its limit and must wait. */
  isBlocked(key: string): Promise<boolean>;
  recordFailure(key: string): Promise<void>;
  reset(key: string): Promise<void>;
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
    async isBlocked(key) {
      return recent(key).length >= limit;
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
