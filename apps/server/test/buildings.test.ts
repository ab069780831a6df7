/**
 * Buildings over the API: maps grouped as floors with their levels, alignment, stairs and lifts;
 * made and changed by whoever may edit every floor, read by whoever may read one (seeing only
 * the floors they may read); a bad building is refused with its reason and nothing is stored.
 */
import { randomUUID } from 'node:crypto';
import {
  BUILDING_ERRORS,
  type BuildingBody,
  type BuildingResponse,
  type BuildingsResponse,
} from '@rtls/contract';
import { expect, it } from 'vitest';
import { loadOwnerFrames } from '../src/modules/positions/frames.ts';
import {
  bearer,
  countRows,
  createSignedInUser,
  describeEachDb,
  insertMap,
  seedAccount,
  type SignedIn,
} from './helpers.ts';

const PLAN = { width: 1000, height: 600 };

describeEachDb('buildings', (t) => {
  const users = {} as Record<'owner' | 'editor' | 'viewer' | 'stranger', SignedIn>;
  t.setup(async () => {
    for (const role of ['owner', 'editor', 'viewer', 'stranger'] as const)
      users[role] = await createSignedInUser(t.built, role);
  });

  /** A new map of the owner, with an editor and a viewer (the viewer on `viewed` maps only). */
  const newMap = (viewed = true) =>
    insertMap(t.built, users.owner.id, {
      settings: { imageSize: PLAN, pixelsPerMetre: 20 },
      editors: [users.editor.id],
      viewers: viewed ? [users.viewer.id] : [],
    });

  const call = (
    who: { token: string },
    method: 'GET' | 'POST' | 'PUT' | 'DELETE',
    url: string,
    body?: unknown,
  ) =>
    t.app.inject({
      method,
      url,
      headers: bearer(who.token),
      ...(body === undefined ? {} : { payload: body as object }),
    });

  /** Three storeys and a stair core that joins them. */
  async function threeStoreys(): Promise<BuildingBody> {
    const [ground, first, second] = [await newMap(), await newMap(), await newMap(false)];
    const spots = [
      { x: 100, y: 100 },
      { x: 900, y: 500 },
    ] as [{ x: number; y: number }, { x: number; y: number }];
    return {
      name: 'North wing',
      floors: [
        { mapId: first!, level: 1, heightM: 3.5, alignment: { here: spots, base: spots } },
        { mapId: ground!, level: 0, heightM: 4 },
        { mapId: second!, level: 2, heightM: 3.5, alignment: { here: spots, base: spots } },
      ],
      links: [
        {
          kind: 'stairs',
          name: 'Core A',
          stops: [ground!, first!, second!].map((mapId) => ({ mapId, x: 120, y: 80 })),
        },
      ],
    };
  }

  it('groups maps as floors, lowest first, for whoever may edit every one of them', async () => {
    const body = await threeStoreys();
    const res = await call(users.editor, 'POST', '/api/buildings', body);
    expect(res.statusCode).toBe(201);
    const { building } = res.json<BuildingResponse>();
    expect(building.name).toBe('North wing');
    expect(building.floors.map((f) => f.level)).toEqual([0, 1, 2]);
    expect(building.floors[0]!.alignment).toBeUndefined();
    expect(building.floors[1]!.alignment).toEqual(body.floors[0]!.alignment);
    expect(building.links[0]!.stops).toHaveLength(3);

    const got = await call(users.owner, 'GET', `/api/buildings/${building._id}`);
    expect(got.json<BuildingResponse>().building).toEqual(building);
    const listed = await call(users.owner, 'GET', '/api/buildings');
    expect(listed.json<BuildingsResponse>().buildings.map((b) => b._id)).toContain(building._id);
  });

  it('shows a viewer only the floors they may read, and a stranger nothing', async () => {
    const body = await threeStoreys();
    const { building } = (
      await call(users.owner, 'POST', '/api/buildings', body)
    ).json<BuildingResponse>();
    const seen = (
      await call(users.viewer, 'GET', `/api/buildings/${building._id}`)
    ).json<BuildingResponse>();
    expect(seen.building.floors.map((f) => f.level)).toEqual([0, 1]);
    expect(seen.building.links[0]!.stops).toHaveLength(2);
    expect((await call(users.stranger, 'GET', `/api/buildings/${building._id}`)).statusCode).toBe(
      404,
    );
    const theirs = await call(users.stranger, 'GET', '/api/buildings');
    expect(theirs.json<BuildingsResponse>().buildings.map((b) => b._id)).not.toContain(
      building._id,
    );
    // A viewer may not change it; nor may anyone delete it without editing every floor.
    expect(
      (await call(users.viewer, 'PUT', `/api/buildings/${building._id}`, body)).statusCode,
    ).toBe(403);
    expect((await call(users.viewer, 'DELETE', `/api/buildings/${building._id}`)).statusCode).toBe(
      403,
    );
    expect((await call(users.editor, 'DELETE', `/api/buildings/${building._id}`)).statusCode).toBe(
      200,
    );
    expect((await call(users.owner, 'GET', `/api/buildings/${building._id}`)).statusCode).toBe(404);
  });

  it('refuses a bad building with its reason and stores nothing', async () => {
    const before = await countRows(t.sql, 'buildings');
    const refused = async (body: BuildingBody, status: number, message: string) => {
      const res = await call(users.owner, 'POST', '/api/buildings', body);
      expect(res.statusCode).toBe(status);
      expect(res.json<{ message: string }>().message).toBe(message);
    };
    const good = await threeStoreys();
    const [a, b] = good.floors;
    await refused(
      { ...good, floors: [a!, { ...b!, level: a!.level }] },
      400,
      BUILDING_ERRORS.levelRepeated(a!.level),
    );
    await refused({ ...good, floors: [a!, { ...a!, level: 7 }] }, 400, BUILDING_ERRORS.mapRepeated);
    const same = { x: 5, y: 5 };
    await refused(
      {
        ...good,
        floors: [{ ...a!, alignment: { here: [same, same], base: [same, { x: 9, y: 9 }] } }],
      },
      400,
      BUILDING_ERRORS.coincidentAlignment,
    );
    const stairs = good.links![0]!;
    await refused(
      {
        ...good,
        links: [{ ...stairs, stops: [stairs.stops[0]!, { ...stairs.stops[1]!, x: 5000 }] }],
      },
      400,
      BUILDING_ERRORS.linkOffPlan('Core A'),
    );
    await refused(
      {
        ...good,
        links: [{ ...stairs, stops: [stairs.stops[0]!, { mapId: randomUUID(), x: 1, y: 1 }] }],
      },
      400,
      BUILDING_ERRORS.linkNotAFloor('Core A'),
    );
    // A map the caller may not edit, or cannot see, is refused before anything else.
    const theirMap = await newMap();
    const stranger = await call(users.stranger, 'POST', '/api/buildings', {
      name: 'Mine',
      floors: [{ mapId: theirMap, level: 0, heightM: 3 }],
    });
    expect(stranger.statusCode).toBe(404);
    expect(
      (await call(users.owner, 'POST', '/api/buildings', { name: '', floors: [] })).statusCode,
    ).toBe(400);
    expect(await countRows(t.sql, 'buildings')).toBe(before);

    // A map already a floor of one building is refused as a floor of another.
    expect((await call(users.owner, 'POST', '/api/buildings', good)).statusCode).toBe(201);
    const again = await call(users.owner, 'POST', '/api/buildings', { ...good, name: 'Again' });
    expect(again.statusCode).toBe(409);
    expect(again.json<{ message: string }>().message).toBe(BUILDING_ERRORS.inOtherBuilding);
    expect(await countRows(t.sql, 'buildings')).toBe(before + 1);
  });

  it('replaces floors, frees a map taken out, and keeps the maps when deleted', async () => {
    const body = await threeStoreys();
    const { building } = (
      await call(users.owner, 'POST', '/api/buildings', body)
    ).json<BuildingResponse>();
    const kept = {
      ...body,
      name: 'North wing, two floors',
      floors: body.floors.slice(0, 2),
      links: [],
    };
    const res = await call(users.owner, 'PUT', `/api/buildings/${building._id}`, kept);
    expect(res.statusCode).toBe(200);
    expect(res.json<BuildingResponse>().building.floors).toHaveLength(2);
    // The map taken out may now be a floor of another building.
    const freed = body.floors[2]!;
    const other = await call(users.owner, 'POST', '/api/buildings', {
      name: 'Annex',
      floors: [{ ...freed, level: 0 }],
    });
    expect(other.statusCode).toBe(201);
    expect((await call(users.owner, 'DELETE', `/api/buildings/${building._id}`)).statusCode).toBe(
      200,
    );
    expect((await call(users.owner, 'GET', `/api/maps/${body.floors[0]!.mapId}`)).statusCode).toBe(
      200,
    );
  });

  it('gives the positioning frames each building whose floors have gateways, with their levels', async () => {
    const seeded = await seedAccount(t.built, { devices: 1, gateways: 4 });
    const [ground] = await t.built.repos.maps.own(seeded.id);
    const upstairs = await insertMap(t.built, seeded.id, { settings: ground!.settings });
    // Two of the four gateways hang upstairs.
    const macs = (await loadOwnerFrames(t.built.positions.repo, seeded.id)).maps
      .get(ground!.id)!
      .frame.anchors.map((a) => a.id);
    await t.sql.query(
      'update gateways set map_id = $1 where owner_id = $2 and mac = any($3::text[])',
      [upstairs, seeded.id, macs.slice(2)],
    );
    const res = await call(seeded, 'POST', '/api/buildings', {
      name: 'Two storeys',
      floors: [
        { mapId: ground!.id, level: 0, heightM: 3 },
        { mapId: upstairs, level: 1, heightM: 3 },
      ],
    });
    expect(res.statusCode).toBe(201);
    const { building } = res.json<BuildingResponse>();
    const frames = await loadOwnerFrames(t.built.positions.repo, seeded.id);
    expect(frames.maps.get(ground!.id)!.buildingId).toBe(building._id);
    expect(frames.maps.get(upstairs)!.buildingId).toBe(building._id);
    const floors = frames.buildings.get(building._id)!.floors;
    expect(floors.get(ground!.id)).toEqual({ level: 0, gateways: new Set(macs.slice(0, 2)) });
    expect(floors.get(upstairs)).toEqual({ level: 1, gateways: new Set(macs.slice(2)) });
  });
});
