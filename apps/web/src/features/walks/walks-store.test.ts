import { WALK_ERRORS } from '@rtls/contract';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { deferred, jsonResponse, mockFetch } from '../../test/fetch-mock.ts';
import { restoreStubsAfterEach } from '../../test/render.tsx';
import { makePoint, makeWalk } from './walk-fixtures.ts';
import { useWalksStore } from './walks-store.ts';

const NOW = Date.UTC(2026, 10, 27, 12, 0, 0);
const store = useWalksStore.getState;

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(NOW);
  store().close();
  useWalksStore.setState({ walk: makeWalk(2), dwellS: 5 });
});
afterEach(() => vi.useRealTimers());
restoreStubsAfterEach();

describe('walk taps', () => {
  it('records where the tag stood for the last dwell seconds, in whole plan pixels', async () => {
    const next = makeWalk(3);
    const { calls } = mockFetch({ 'POST /api/walks/w1/points': jsonResponse({ walk: next }, 201) });
    expect(await store().tap({ x: 412.6, y: 88.2 })).toBe(true);
    expect(calls[0]!.body).toEqual({
      x: 413,
      y: 88,
      from: new Date(NOW - 5000).toISOString(),
      to: new Date(NOW).toISOString(),
    });
    expect(store().walk).toEqual(next);
    expect(store().notice).toEqual({ kind: 'recorded', n: 3 });
  });

  it('redoes the chosen point with the next tap, then taps add again', async () => {
    const redone = makeWalk(2);
    const { calls } = mockFetch({
      'PUT /api/walks/w1/points/p1': jsonResponse({ walk: redone }),
    });
    store().setRedo('p1');
    store().setDwell(10);
    await store().tap({ x: 5, y: 6 });
    expect(calls.map((c) => `${c.method} ${c.url}`)).toEqual(['PUT /api/walks/w1/points/p1']);
    expect(calls[0]!.body).toMatchObject({ from: new Date(NOW - 10_000).toISOString() });
    expect(store().redoPointId).toBeNull();
    expect(store().notice).toEqual({ kind: 'redone', n: 1 });
  });

  it("keeps the server's reason when a tap is refused, and the walk as it was", async () => {
    mockFetch({
      'POST /api/walks/w1/points': jsonResponse({ message: WALK_ERRORS.offPlan.en }, 400),
    });
    const before = store().walk;
    expect(await store().tap({ x: -50, y: 10 })).toBe(false);
    expect(store().error).toBe(WALK_ERRORS.offPlan.en);
    expect(store().walk).toBe(before);
  });

  it('ignores a tap while the last one is still being recorded', async () => {
    const held = deferred<Response>();
    const { calls } = mockFetch({ 'POST /api/walks/w1/points': () => held.promise });
    const first = store().tap({ x: 1, y: 1 });
    expect(await store().tap({ x: 2, y: 2 })).toBe(false);
    held.resolve(jsonResponse({ walk: makeWalk(3) }, 201));
    expect(await first).toBe(true);
    expect(calls).toHaveLength(1);
  });

  it('removes a point, forgetting it as the one to redo', async () => {
    useWalksStore.setState({ redoPointId: 'p2' });
    mockFetch({
      'DELETE /api/walks/w1/points/p2': jsonResponse({
        walk: makeWalk(0, { points: [makePoint(0)] }),
      }),
    });
    await store().remove('p2');
    expect(store().walk?.points.map((p) => p.id)).toEqual(['p1']);
    expect(store().redoPointId).toBeNull();
  });

  it('does not tap a finished walk', async () => {
    useWalksStore.setState({ walk: makeWalk(8, { status: 'finished' }) });
    const { calls } = mockFetch({});
    expect(await store().tap({ x: 1, y: 1 })).toBe(false);
    expect(calls).toHaveLength(0);
  });
});
