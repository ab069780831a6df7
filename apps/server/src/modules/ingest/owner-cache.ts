/**
 * A per-owner cache that is loaded once and then refreshed in the background: the ingest hot path
 * waits on the database only the first time it meets an owner, and sees changes within refreshMs.
 */
export function createOwnerCache<T>(load: (ownerId: string) => Promise<T>, refreshMs = 5_000) {
  const entries = new Map<string, { value: T; loadedAt: number; usedAt: number }>();
  const loading = new Map<string, Promise<void>>();

  function reload(ownerId: string): Promise<void> {
    let p = loading.get(ownerId);
    if (!p) {
      p = load(ownerId)
        .then((value) => {
          const now = Date.now();
          entries.set(ownerId, { value, loadedAt: now, usedAt: now });
        })
        .finally(() => loading.delete(ownerId));
      loading.set(ownerId, p);
    }
    return p;
  }

  return {
    /** Make sure the owners are loaded; stale ones are refreshed without waiting. */
    async prepare(ownerIds: Iterable<string>, onError: (err: unknown) => void): Promise<void> {
      const waits: Promise<void>[] = [];
      const now = Date.now();
      for (const id of ownerIds) {
        const e = entries.get(id);
        if (!e) waits.push(reload(id));
        else if (now - e.loadedAt > refreshMs && !loading.has(id)) reload(id).catch(onError);
      }
      if (waits.length > 0) await Promise.all(waits);
    },

    get(ownerId: string): T | undefined {
      const e = entries.get(ownerId);
      if (e) e.usedAt = Date.now();
      return e?.value;
    },

    /** Forget owners not used for idleMs, so memory follows the active owners. */
    sweep(idleMs: number, now = Date.now()) {
      for (const [id, e] of entries) if (now - e.usedAt > idleMs) entries.delete(id);
    },

    /** Reload an owner on its next use. */
    invalidate(ownerId: string) {
      entries.delete(ownerId);
    },

    size: () => entries.size,
  };
}
export type OwnerCache<T> = ReturnType<typeof createOwnerCache<T>>;
