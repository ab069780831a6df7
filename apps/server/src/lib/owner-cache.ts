/**
 * A per-owner cache that is loaded once and then refreshed in the background: the ingest hot path
 * waits on the database only the first time it meets an owner, and sees changes within refreshMs.
 * A change made through this server invalidates the owner at once; a load that started before the
 * invalidation never lands, so an older read cannot overwrite a newer one.
 */
export function createOwnerCache<T>(load: (ownerId: string) => Promise<T>, refreshMs = 5_000) {
  const entries = new Map<string, { value: T; loadedAt: number; usedAt: number }>();
  /** The load in flight per owner, with the generation it was started in. */
  const loading = new Map<string, { generation: number; done: Promise<void> }>();
  /** Bumped by invalidate(): a load of an older generation is discarded. */
  const generations = new Map<string, number>();

  function reload(ownerId: string): Promise<void> {
    const generation = generations.get(ownerId) ?? 0;
    const current = loading.get(ownerId);
    if (current?.generation === generation) return current.done;
    // A load of an older generation may still run: this one starts after it, unless yet another
    // change came meanwhile (a burst of changes, as when many devices are added, loads once).
    const stale = () => (generations.get(ownerId) ?? 0) !== generation;
    const start = () => (stale() ? null : load(ownerId).then((value) => ({ value })));
    const loaded = current ? current.done.catch(() => undefined).then(start) : start();
    const done: Promise<void> = Promise.resolve(loaded)
      .then((got) => {
        if (!got || stale()) return;
        const now = Date.now();
        entries.set(ownerId, { value: got.value, loadedAt: now, usedAt: now });
      })
      .finally(() => {
        if (loading.get(ownerId)?.done === done) loading.delete(ownerId);
      });
    loading.set(ownerId, { generation, done });
    return done;
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

    /** The owners loaded now, with their values. */
    loaded(): IterableIterator<[string, { value: T }]> {
      return entries.entries();
    },

    /** Forget owners not used for idleMs, so memory follows the active owners. */
    sweep(idleMs: number, now = Date.now()) {
      for (const [id, e] of entries) if (now - e.usedAt > idleMs) entries.delete(id);
      for (const id of generations.keys())
        if (!entries.has(id) && !loading.has(id)) generations.delete(id);
    },

    /** Drop an owner's value now; the next prepare() (or reload) reads it afresh. */
    invalidate(ownerId: string) {
      generations.set(ownerId, (generations.get(ownerId) ?? 0) + 1);
      entries.delete(ownerId);
    },

    /** Load an owner now (after invalidate()); a later invalidate() discards what this load read. */
    reload,

    size: () => entries.size,
  };
}
export type OwnerCache<T> = ReturnType<typeof createOwnerCache<T>>;
