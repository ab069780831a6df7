import { expect, it } from 'vitest';
import { createOwnerCache } from './owner-cache.ts';

/** A load the test finishes by hand. */
function deferredLoads() {
  const pending: ((value: string) => void)[] = [];
  const load = () => new Promise<string>((resolve) => pending.push(resolve));
  return { load, pending };
}

const ticks = () => new Promise((resolve) => setImmediate(resolve));

it('loads an owner once and serves it from memory', async () => {
  let loads = 0;
  const cache = createOwnerCache(async () => `v${++loads}`);
  await cache.prepare(['a'], () => undefined);
  await cache.prepare(['a'], () => undefined);
  expect(cache.get('a')).toBe('v1');
  expect(loads).toBe(1);
});

it('never lets a load started before an invalidation overwrite the newer one', async () => {
  const { load, pending } = deferredLoads();
  const cache = createOwnerCache(load);
  const first = cache.prepare(['a'], () => undefined);
  cache.invalidate('a'); // the data changed while the first load was reading
  const second = cache.reload('a');
  await ticks();
  expect(pending).toHaveLength(1); // the second load waits for the first to end
  pending[0]!('old');
  await first;
  expect(cache.get('a')).toBeUndefined();
  await ticks();
  pending[1]!('new');
  await second;
  expect(cache.get('a')).toBe('new');
});

it('reads an invalidated owner afresh on its next use', async () => {
  let version = 1;
  const cache = createOwnerCache(async () => `v${version}`);
  await cache.prepare(['a'], () => undefined);
  version = 2;
  cache.invalidate('a');
  expect(cache.get('a')).toBeUndefined();
  await cache.prepare(['a'], () => undefined);
  expect(cache.get('a')).toBe('v2');
});

it('loads once for a burst of changes made while a load was reading', async () => {
  const { load, pending } = deferredLoads();
  const cache = createOwnerCache(load);
  const first = cache.reload('a');
  const waits = [];
  // Many changes in a row (as when thousands of devices are added one by one).
  for (let i = 0; i < 100; i++) {
    cache.invalidate('a');
    waits.push(cache.reload('a'));
  }
  await ticks();
  pending[0]!('stale');
  await first;
  await ticks();
  // Only the newest change's load runs: the others found a newer change and skipped theirs.
  expect(pending).toHaveLength(2);
  pending[1]!('fresh');
  await Promise.all(waits);
  expect(cache.get('a')).toBe('fresh');
});
