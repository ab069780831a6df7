import { expect, it } from 'vitest';
import { createTrailRecorder } from './recorder.ts';
import type { PositionsRepository, TrailPointRow } from './repository.ts';

const point = (i: number): TrailPointRow => ({
  ownerId: 'o1',
  mac: 'C3:00:00:00:00:01',
  mapId: 'm1',
  x: i,
  y: i,
  at: 1_000 + i,
});

it('writes buffered points in statements of at most chunkRows, and keeps the unwritten ones when one fails', async () => {
  const inserts: number[][] = [];
  let failOnCall = 2;
  const repo = {
    insert: async (points: readonly TrailPointRow[]) => {
      if (inserts.length + 1 === failOnCall) {
        failOnCall = 0;
        throw new Error('database down');
      }
      inserts.push(points.map((p) => p.x));
    },
    prune: async () => undefined,
  } as unknown as PositionsRepository;
  const errors: unknown[] = [];
  const recorder = createTrailRecorder(repo, {
    retentionMinutes: 10,
    chunkRows: 5,
    onError: (err) => errors.push(err),
  });
  for (let i = 0; i < 12; i++) recorder.add(point(i));
  await recorder.flush();
  // The first statement went through; the second failed, so its points and the rest wait.
  expect(inserts).toEqual([[0, 1, 2, 3, 4]]);
  expect(errors).toHaveLength(1);
  expect(recorder.stats().buffered).toBe(7);
  await recorder.flush();
  expect(inserts).toEqual([
    [0, 1, 2, 3, 4],
    [5, 6, 7, 8, 9],
    [10, 11],
  ]);
  await recorder.close();
});
