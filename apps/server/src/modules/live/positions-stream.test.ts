import { describe, expect, it } from 'vitest';
import { oneProcessStream } from './positions-stream.ts';
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

describe('the positions stream in one process', () => {
  it('receives every report at once, in the sender’s turn', async () => {
    const seen: string[] = [];
    const stream = oneProcessStream<{ device: string }>(
      (owner, reports) => void seen.push(...reports.map((r) => `${owner}/${r.device}`)),
    );
    const sent = stream.send('o1', [{ device: 'A' }, { device: 'B' }]);
    expect(seen).toEqual(['o1/A', 'o1/B']);
    await sent;
    expect(seen).toEqual(['o1/A', 'o1/B']);
    expect(stream.ready).toBeNull();
    expect(stream.stats.received).toBe(2);
  });

  it('reports a failing receive instead of throwing into the sender', async () => {
    const errors: unknown[] = [];
    const stream = oneProcessStream<{ device: string }>(
      (_o, reports) =>
        reports[0]!.device === 'sync' ? fail('sync') : Promise.reject(new Error('async')),
      (err) => errors.push(err),
    );
    await expect(stream.send('o', [{ device: 'sync' }])).resolves.toBeUndefined();
    await expect(stream.send('o', [{ device: 'later' }])).resolves.toBeUndefined();
    expect(errors.map((e) => (e as Error).message)).toEqual(['sync', 'async']);
  });
});

function fail(message: string): never {
  throw new Error(message);
}
