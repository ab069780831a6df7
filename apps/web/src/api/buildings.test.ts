import { afterEach, describe, expect, it, vi } from 'vitest';
import { makeBuilding } from '../test/building-fixtures.ts';
import { jsonResponse, mockFetch } from '../test/fetch-mock.ts';
import { deleteBuilding, fetchBuildings, updateBuilding } from './buildings.ts';

afterEach(() => vi.unstubAllGlobals());

describe('building calls', () => {
  it('reads the list, writes a building by id and deletes it', async () => {
    const building = makeBuilding({ _id: 'b/1' });
    const { calls } = mockFetch({
      'GET /api/buildings': jsonResponse({ success: true, buildings: [building] }),
      'PUT /api/buildings/b%2F1': jsonResponse({ success: true, building }),
      'DELETE /api/buildings/b%2F1': jsonResponse({ success: true }),
    });
    expect(await fetchBuildings()).toEqual([building]);
    const body = { name: 'North wing', floors: building.floors };
    expect(await updateBuilding('b/1', body)).toEqual(building);
    await deleteBuilding('b/1');
    expect(calls.map((c) => `${c.method} ${c.url}`)).toEqual([
      'GET /api/buildings',
      'PUT /api/buildings/b%2F1',
      'DELETE /api/buildings/b%2F1',
    ]);
    expect(calls[1]!.body).toEqual(body);
  });

  it('fails with the call’s own message and the server’s reason', async () => {
    mockFetch({
      'PUT /api/buildings/b1': jsonResponse({ message: 'Two floors have level 1' }, 400),
    });
    await expect(updateBuilding('b1', { name: 'x', floors: [] })).rejects.toMatchObject({
      message: 'Failed to update building',
      status: 400,
      detail: 'Two floors have level 1',
    });
  });
});
