/**
 * Sessions this instance confirmed in the last moments, by token hash: a console's burst of
 * requests (a screen opening, a poll per panel) looks its token up in the database once, not once
 * per request. A session revoked through this instance is forgotten at once; one revoked
 * elsewhere (another instance, the account CLI on PostgreSQL) is honoured within `ttlMs`.
 */
export interface SessionCacheOptions {
  ttlMs?: number;
  /** Most sessions kept; the oldest confirmation goes first. */
  maxEntries?: number;
  now?: () => number;
}

/** How long a confirmed session is trusted without asking the database again. */
export const SESSION_CACHE_TTL_MS = 2_000;

export function createSessionCache<T>({
  ttlMs = SESSION_CACHE_TTL_MS,
  maxEntries = 10_000,
  now = Date.now,
}: SessionCacheOptions = {}) {
  const entries = new Map<string, { value: T; until: number }>();
  /** Bumped by every forget(): a lookup that started before it does not store what it read. */
  let revision = 0;

  return {
    /** The cached value, or what `lookup` finds: kept when found and nothing was forgotten since. */
    async get(hash: string, lookup: () => Promise<T | null>): Promise<T | null> {
      const hit = entries.get(hash);
      if (hit && hit.until > now()) return hit.value;
      if (hit) entries.delete(hash);
      const started = revision;
      const value = await lookup();
      if (value !== null && started === revision) {
        if (entries.size >= maxEntries) entries.delete(entries.keys().next().value!);
        entries.set(hash, { value, until: now() + ttlMs });
      }
      return value;
    },

    forget(hashes: readonly string[]) {
      revision++;
      for (const h of hashes) entries.delete(h);
    },

    size: () => entries.size,
  };
}
