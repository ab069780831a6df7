/** Reads a zustand selector at most once per interval, so live bursts do not re-render big lists. */
import { useEffect, useState } from 'react';
import type { StoreApi, UseBoundStore } from 'zustand';

export function useThrottled<S, T>(
  store: UseBoundStore<StoreApi<S>>,
  select: (s: S) => T,
  intervalMs: number,
  /** What the selector reads besides the store: a change re-selects at once. */
  deps: readonly unknown[] = [],
): T {
  const [value, setValue] = useState(() => select(store.getState()));
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | null = null;
    let last = 0;
    const flush = () => {
      timer = null;
      last = Date.now();
      setValue(select(store.getState()));
    };
    const unsub = store.subscribe(() => {
      if (timer) return;
      const wait = Math.max(0, last + intervalMs - Date.now());
      if (wait === 0) flush();
      else timer = setTimeout(flush, wait);
    });
    flush();
    return () => {
      unsub();
      if (timer) clearTimeout(timer);
    };
    // The selector is stable in meaning apart from `deps`; re-subscribing per render would be wasteful.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [store, intervalMs, ...deps]);
  return value;
}
