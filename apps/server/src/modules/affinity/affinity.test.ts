import { describe, expect, it } from 'vitest';
import { createAffinity } from './affinity.ts';
import { partitionOf, splitByPartition } from './partition.ts';

describe('partitions', () => {
  it('puts a device of an owner always in the same partition, and spreads devices', () => {
    const homes = new Set<number>();
    for (let d = 0; d < 200; d++) {
      const k = partitionOf('owner-1', `C3:00:00:00:00:${d}`, 32);
      expect(k).toBe(partitionOf('owner-1', `C3:00:00:00:00:${d}`, 32));
      expect(k).toBeGreaterThanOrEqual(0);
      expect(k).toBeLessThan(32);
      homes.add(k);
    }
    expect(homes.size).toBeGreaterThan(24);
  });

  it('splits reports by partition and keeps their order within a device', () => {
    const reports = [1, 2, 3, 4, 5, 6].map((at) => ({ device: at % 2 ? 'A' : 'B', at }));
    const split = splitByPartition('o', reports, 4);
    const a = [...split.values()].flat().filter((r) => r.device === 'A');
    expect(a.map((r) => r.at)).toEqual([1, 3, 5]);
    expect([...split.values()].flat()).toHaveLength(6);
    for (const [k, list] of split)
      for (const r of list) expect(partitionOf('o', r.device, 4)).toBe(k);
  });
});

describe('affinity without a stream (one process)', () => {
  it('observes every report at once, in the caller’s turn', async () => {
    const seen: string[] = [];
    const affinity = createAffinity<{ device: string }>({
      url: null,
      observe: (owner, reports) => void seen.push(...reports.map((r) => `${owner}/${r.device}`)),
    });
    const sent = affinity.send('o1', [{ device: 'A' }, { device: 'B' }]);
    expect(seen).toEqual(['o1/A', 'o1/B']);
    await sent;
    expect(seen).toEqual(['o1/A', 'o1/B']);
    expect(affinity.ready).toBeNull();
    expect(affinity.stats.observed).toBe(2);
  });

  it('reports a failing observe instead of throwing into the pipeline', async () => {
    const errors: unknown[] = [];
    const affinity = createAffinity<{ device: string }>({
      url: null,
      observe: (_o, reports) =>
        reports[0]!.device === 'sync' ? fail('sync') : Promise.reject(new Error('async')),
      onError: (err) => errors.push(err),
    });
    await expect(affinity.send('o', [{ device: 'sync' }])).resolves.toBeUndefined();
    await expect(affinity.send('o', [{ device: 'later' }])).resolves.toBeUndefined();
    expect(errors.map((e) => (e as Error).message)).toEqual(['sync', 'async']);
  });
});

function fail(message: string): never {
  throw new Error(message);
}
