import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { EMPTY_FLOOR_MODEL, type FloorModel } from '@rtls/contract';
import { deferred, jsonResponse, mockFetch } from '../../test/fetch-mock.ts';
import { addPoint, finish } from './floor-draft.ts';
import { floorShown, useFloorStore } from './floor-store.ts';

const WALLED: FloorModel = {
  walls: [
    {
      id: 'w1',
      kind: 'heavy',
      points: [
        { x: 0, y: 0 },
        { x: 100, y: 0 },
      ],
    },
  ],
  doors: [],
  outline: null,
};
const answer = (floorModel: FloorModel, updatedAt: string | null = '2026-11-27T05:00:00.000Z') =>
  jsonResponse({ success: true, floorModel, updatedAt });

beforeEach(() => useFloorStore.setState(useFloorStore.getInitialState()));
afterEach(() => vi.unstubAllGlobals());

describe('floor store', () => {
  it("loads the map's floor model, and re-reads it when told it changed", async () => {
    let model = WALLED;
    mockFetch({ 'GET /api/maps/map-1/floor-model': () => answer(model) });
    await useFloorStore.getState().loadForMap('map-1');
    expect(useFloorStore.getState().model).toEqual(WALLED);
    model = EMPTY_FLOOR_MODEL;
    await useFloorStore.getState().reload('map-2'); // another map's change
    expect(useFloorStore.getState().model).toEqual(WALLED);
    await useFloorStore.getState().reload('map-1');
    expect(useFloorStore.getState().model).toEqual(EMPTY_FLOOR_MODEL);
  });

  it('drops an answer for a map the user has left meanwhile', async () => {
    const slow = deferred<Response>();
    mockFetch({
      'GET /api/maps/map-1/floor-model': () => slow.promise,
      'GET /api/maps/map-2/floor-model': answer(EMPTY_FLOOR_MODEL),
    });
    const first = useFloorStore.getState().loadForMap('map-1');
    await useFloorStore.getState().loadForMap('map-2');
    slow.resolve(answer(WALLED));
    await first;
    expect(useFloorStore.getState()).toMatchObject({ mapId: 'map-2', model: EMPTY_FLOOR_MODEL });
  });

  it('shows the model by default when the map has walls, else as the user set it', () => {
    expect(floorShown({ visible: null, model: EMPTY_FLOOR_MODEL })).toBe(false);
    expect(floorShown({ visible: null, model: WALLED })).toBe(true);
    useFloorStore.getState().setVisible(false);
    expect(floorShown({ ...useFloorStore.getState(), model: WALLED })).toBe(false);
    expect(localStorage.getItem('rtls.floor.visible')).toBe('false');
  });

  it('saves the whole drafted model and leaves the editor; a refusal keeps the draft', async () => {
    let status = 403;
    const { calls } = mockFetch({
      'GET /api/maps/map-1/floor-model': answer(EMPTY_FLOOR_MODEL, null),
      'PUT /api/maps/map-1/floor-model': (c) =>
        status === 200 ? answer(c.body as FloorModel) : jsonResponse({ message: 'No' }, status),
    });
    await useFloorStore.getState().loadForMap('map-1');
    useFloorStore.getState().startEditing();
    useFloorStore
      .getState()
      .changeDraft((d) => finish(addPoint(addPoint(d, { x: 1, y: 2 }), { x: 30, y: 2 })));
    await useFloorStore.getState().save();
    expect(useFloorStore.getState().draft).not.toBeNull();
    expect(useFloorStore.getState().saveFailure).toMatchObject({ status: 403 });
    status = 200;
    await useFloorStore.getState().save();
    const s = useFloorStore.getState();
    expect(s.draft).toBeNull();
    expect(s.saveFailure).toBeNull();
    expect(s.model.walls[0]!.points).toEqual([
      { x: 1, y: 2 },
      { x: 30, y: 2 },
    ]);
    expect(calls.at(-1)!.body).toEqual({
      walls: [
        {
          id: expect.any(String),
          kind: 'light',
          points: [
            { x: 1, y: 2 },
            { x: 30, y: 2 },
          ],
        },
      ],
      doors: [],
      outline: null,
    });
  });

  it('reads the plan once for everyone asking meanwhile, and again after a failure', async () => {
    useFloorStore.setState({ mapId: 'map-1' });
    const read = vi.fn().mockRejectedValueOnce(new Error('tainted')).mockResolvedValue([]);
    expect(await useFloorStore.getState().readPlan(read)).toBeNull();
    expect(useFloorStore.getState().plan).toEqual({ state: 'failed', error: 'tainted' });
    const [a, b] = await Promise.all([
      useFloorStore.getState().readPlan(read),
      useFloorStore.getState().readPlan(read),
    ]);
    expect(a).toEqual([]);
    expect(b).toBe(a);
    await useFloorStore.getState().readPlan(read);
    expect(read).toHaveBeenCalledTimes(2);
  });
});
