/**
 * A map's floor model over the API: read by anyone who may read the map, replaced whole by owners
 * and editors; a bad model is refused with its reason and leaves the stored one as it was; a
 * replacement reaches watching sockets and the positioning frames at once. The demo map and an
 * ESPresense import come with theirs.
 */
import fs from 'node:fs';
import path from 'node:path';
import {
  EMPTY_FLOOR_MODEL,
  FLOOR_MODEL_ERRORS,
  type FloorModelChanged,
  type FloorModelResponse,
} from '@rtls/contract';
import { expect, it } from 'vitest';
import { loadOwnerFrames } from '../src/modules/positions/frames.ts';
import { DEMO_MAP_NAME } from '../src/simulator/demo-seed.ts';
import { ROOMS } from '../src/simulator/plan.ts';
import {
  bearer,
  countRows,
  createSignedInUser,
  describeEachDb,
  insertMap,
  seedAccount,
  type SignedIn,
} from './helpers.ts';
import { twoRoomFloor } from './floor-fixtures.ts';
import { connectClient } from './live-client.ts';

const PLAN = { width: 1200, height: 800 };

/** A model of `segments` wall segments, in walls of 200 points. */
function manySegments(segments: number, at: (i: number) => number): unknown {
  const walls = [];
  for (let w = 0; w * 199 < segments; w++) {
    const n = Math.min(199, segments - w * 199) + 1;
    walls.push({
      id: `w${w}`,
      kind: 'light',
      points: Array.from({ length: n }, (_, i) => ({ x: at(i), y: at(w + (i % 2)) })),
    });
  }
  return { walls, doors: [], outline: null };
}

describeEachDb(
  'floor model',
  (t) => {
    const users = {} as Record<'owner' | 'editor' | 'viewer' | 'stranger', SignedIn>;
    t.setup(async () => {
      for (const role of ['owner', 'editor', 'viewer', 'stranger'] as const)
        users[role] = await createSignedInUser(t.built, role);
    });

    /** A new map of the owner, with an editor and a viewer. */
    const newMap = (isPublic = false) =>
      insertMap(t.built, users.owner.id, {
        settings: { imageSize: PLAN, pixelsPerMetre: 20 },
        editors: [users.editor.id],
        viewers: [users.viewer.id],
        isPublic,
      });
    const call = (who: SignedIn | null, method: 'GET' | 'PUT', mapId: string, payload?: unknown) =>
      t.app.inject({
        method,
        url: `/api/maps/${mapId}/floor-model`,
        headers: who ? bearer(who.token) : {},
        ...(payload === undefined ? {} : { payload: payload as object }),
      });
    const read = async (mapId: string) => {
      const res = await call(users.owner, 'GET', mapId);
      expect(res.statusCode, res.body).toBe(200);
      return res.json<FloorModelResponse>();
    };

    it('answers the empty model for a map without one, and the stored one after a PUT', async () => {
      const mapId = await newMap();
      expect(await read(mapId)).toEqual({
        success: true,
        floorModel: EMPTY_FLOOR_MODEL,
        updatedAt: null,
      });
      const put = await call(users.owner, 'PUT', mapId, { ...twoRoomFloor(), extra: 'dropped' });
      expect(put.statusCode, put.body).toBe(200);
      const stored = await read(mapId);
      expect(stored.floorModel).toEqual(twoRoomFloor());
      expect(stored.updatedAt).toBe(put.json<FloorModelResponse>().updatedAt);
      expect(Date.parse(stored.updatedAt!)).not.toBeNaN();
    });

    it('lets editors replace it and viewers read it; viewers get 403, strangers 404', async () => {
      const mapId = await newMap();
      expect((await call(users.editor, 'PUT', mapId, twoRoomFloor())).statusCode).toBe(200);
      expect(
        (await call(users.viewer, 'GET', mapId)).json<FloorModelResponse>().floorModel,
      ).toEqual(twoRoomFloor());
      const refused = await call(users.viewer, 'PUT', mapId, EMPTY_FLOOR_MODEL);
      expect(refused.statusCode).toBe(403);
      expect(refused.json()).toMatchObject({ success: false, status: 'error' });
      expect((await call(users.stranger, 'GET', mapId)).statusCode).toBe(404);
      expect((await call(users.stranger, 'PUT', mapId, EMPTY_FLOOR_MODEL)).statusCode).toBe(404);
      expect((await call(null, 'GET', mapId)).statusCode).toBe(401);
      expect((await read(mapId)).floorModel).toEqual(twoRoomFloor());
    });

    it('lets anyone read the model of a public map, and only its owner and editors write it', async () => {
      const mapId = await newMap(true);
      expect((await call(users.owner, 'PUT', mapId, twoRoomFloor())).statusCode).toBe(200);
      const got = await call(users.stranger, 'GET', mapId);
      expect(got.statusCode).toBe(200);
      expect(got.json<FloorModelResponse>().floorModel).toEqual(twoRoomFloor());
      expect((await call(users.stranger, 'PUT', mapId, EMPTY_FLOOR_MODEL)).statusCode).toBe(403);
    });

    const BAD: { name: string; body: () => unknown; reason: string | RegExp }[] = [
      {
        name: 'a zero-length wall segment',
        body: () => {
          const m = twoRoomFloor();
          m.walls[1]!.points.push({ x: 600, y: 700 });
          return m;
        },
        reason: FLOOR_MODEL_ERRORS.zeroLengthSegment.en,
      },
      {
        name: 'a null coordinate',
        body: () => {
          const m = twoRoomFloor() as unknown as { walls: { points: { x: unknown }[] }[] };
          m.walls[0]!.points[1]!.x = null;
          return m;
        },
        reason: `${FLOOR_MODEL_ERRORS.notANumber.en}: walls[0].points[1].x`,
      },
      {
        name: 'a coordinate as text',
        body: () => {
          const m = twoRoomFloor() as unknown as { doors: { a: { y: unknown } }[] };
          m.doors[0]!.a.y = '380';
          return m;
        },
        reason: `${FLOOR_MODEL_ERRORS.notANumber.en}: doors[0].a.y`,
      },
      {
        name: 'a door off every wall',
        body: () => ({
          ...twoRoomFloor(),
          doors: [{ id: 'door', a: { x: 300, y: 380 }, b: { x: 300, y: 420 } }],
        }),
        reason: FLOOR_MODEL_ERRORS.doorOffWall.en,
      },
      {
        name: 'a point outside the plan',
        body: () => {
          const m = twoRoomFloor();
          m.walls[1]!.points[1] = { x: 600, y: 2000 };
          return m;
        },
        reason: FLOOR_MODEL_ERRORS.outsidePlan.en,
      },
      {
        name: 'more segments than a map may have',
        body: () => manySegments(5001, (i) => i),
        reason: FLOOR_MODEL_ERRORS.tooManySegments.en,
      },
      {
        name: 'an outline of two points',
        body: () => ({ ...twoRoomFloor(), outline: twoRoomFloor().outline!.slice(0, 2) }),
        reason: /outline must NOT have fewer than 3 items/,
      },
      {
        name: 'a self-crossing outline',
        body: () => {
          const [a, b, c, d] = twoRoomFloor().outline!;
          return { ...twoRoomFloor(), outline: [a, c, b, d] };
        },
        reason: FLOOR_MODEL_ERRORS.outlineCrosses.en,
      },
      {
        name: 'a wall of an unknown class',
        body: () => ({
          ...twoRoomFloor(),
          walls: [{ ...twoRoomFloor().walls[0]!, kind: 'paper' }],
        }),
        reason: /kind/,
      },
    ];

    it.each(BAD)('refuses $name with 400 and its reason, storing nothing', async (c) => {
      const mapId = await newMap();
      const before = await call(users.owner, 'PUT', mapId, EMPTY_FLOOR_MODEL);
      const res = await call(users.owner, 'PUT', mapId, c.body());
      expect(res.statusCode, res.body).toBe(400);
      const { message } = res.json<{ message: string }>();
      if (typeof c.reason === 'string') expect(message).toContain(c.reason);
      else expect(message).toMatch(c.reason);
      expect(await read(mapId)).toEqual({
        success: true,
        floorModel: EMPTY_FLOOR_MODEL,
        updatedAt: before.json<FloorModelResponse>().updatedAt,
      });
    });

    it('refuses 100,000 segments with a 4xx naming the reason, and keeps serving', async () => {
      const mapId = await newMap();
      // Small whole numbers fit the body limit: the count is refused.
      const compact = await call(
        users.owner,
        'PUT',
        mapId,
        manySegments(100_000, (i) => i % 900),
      );
      expect(compact.statusCode).toBe(400);
      expect(compact.json<{ message: string }>().message).toContain(
        FLOOR_MODEL_ERRORS.tooManySegments.en,
      );
      // Coordinates as an editor writes them do not: the body is refused unread.
      const body = JSON.stringify(manySegments(100_000, (i) => 100.123456 + (i % 900)));
      expect(body.length).toBeGreaterThan(2 * 1024 * 1024);
      const large = await t.app.inject({
        method: 'PUT',
        url: `/api/maps/${mapId}/floor-model`,
        headers: { ...bearer(users.owner.token), 'content-type': 'application/json' },
        payload: body,
      });
      expect(large.statusCode).toBe(413);
      expect(large.json<{ message: string }>().message).toBe(FLOOR_MODEL_ERRORS.tooLarge.en);
      expect((await read(mapId)).updatedAt).toBeNull();
    });

    it('documents both calls in /api/docs with the schemas it validates with', async () => {
      const doc = (await t.app.inject({ method: 'GET', url: '/api/docs' })).json<{
        paths: Record<string, Record<string, { requestBody?: unknown; responses: object }>>;
      }>();
      const calls = doc.paths['/api/maps/{id}/floor-model']!;
      expect(Object.keys(calls.get!.responses)).toEqual(expect.arrayContaining(['200', '404']));
      expect(Object.keys(calls.put!.responses)).toEqual(
        expect.arrayContaining(['200', '400', '403', '404', '413']),
      );
      expect(JSON.stringify(calls.put!.requestBody)).toContain('"enum":["glass","light","heavy"]');
    });

    it('is deleted with its map', async () => {
      const mapId = await newMap();
      await call(users.owner, 'PUT', mapId, twoRoomFloor());
      const del = await t.app.inject({
        method: 'DELETE',
        url: `/api/maps/${mapId}`,
        headers: bearer(users.owner.token),
      });
      expect(del.statusCode, del.body).toBe(200);
      const rows = await t.sql.query('select 1 from floor_models where map_id = $1', [mapId]);
      expect(rows).toHaveLength(0);
      expect((await call(users.owner, 'GET', mapId)).statusCode).toBe(404);
    });

    it('tells sockets watching the map that its floor model changed', async () => {
      const mapId = await newMap();
      const s = await connectClient(t.baseUrl, users.viewer.token);
      try {
        const got: FloorModelChanged[] = [];
        s.on('floor_model_changed', (c) => got.push(c));
        expect(await s.emitWithAck('watch_maps', { mapIds: [mapId] })).toMatchObject({
          watching: [mapId],
        });
        expect((await call(users.editor, 'PUT', mapId, twoRoomFloor())).statusCode).toBe(200);
        await expect.poll(() => got).toEqual([{ mapId }]);
        // A refused model changes nothing and tells no one.
        await call(users.viewer, 'PUT', mapId, EMPTY_FLOOR_MODEL);
        await call(users.owner, 'PUT', mapId, { ...twoRoomFloor(), outline: [] });
        expect((await call(users.owner, 'PUT', mapId, EMPTY_FLOOR_MODEL)).statusCode).toBe(200);
        await expect.poll(() => got).toEqual([{ mapId }, { mapId }]);
      } finally {
        s.disconnect();
      }
    });

    it("builds the demo map's frame with its walls, and the new ones as soon as they are stored", async () => {
      const owner = await seedAccount(t.built, { devices: 1, gateways: 4 });
      const [map] = await t.built.repos.maps.own(owner.id);
      const loaded = await loadOwnerFrames(t.built.positions.repo, owner.id);
      const floor = loaded.maps.get(map!.id)!.frame.floor!;
      // The outer walls (4 segments), the corridors' sides (4) and the partitions (12).
      expect(floor.walls).toHaveLength(20);
      expect(floor.doors).toHaveLength(ROOMS.length);
      expect(floor.walls.filter((w) => w.kind === 'heavy')).toHaveLength(4);

      const { frames } = t.built.positions;
      await frames.prepare([owner.id], (err) => {
        throw err;
      });
      const res = await call(owner, 'PUT', map!.id, twoRoomFloor());
      expect(res.statusCode, res.body).toBe(200);
      // The frames cached for the owner are rebuilt on the change, not at their next refresh.
      await expect
        .poll(() => frames.get(owner.id)?.maps.get(map!.id)?.frame.floor?.walls.length, {
          timeout: 10_000,
        })
        .toBe(5);
      expect(frames.get(owner.id)!.maps.get(map!.id)!.frame.floor!.walls[4]).toMatchObject({
        x0: 30,
        y0: 5,
        x1: 30,
        y1: 35,
        lossDb: 3,
        kind: 'glass',
      });
    });

    it('stores the demo floor on the demo map', async () => {
      const owner = await seedAccount(t.built, { devices: 1, gateways: 4 });
      const [map] = await t.built.repos.maps.own(owner.id);
      expect(map!.name).toBe(DEMO_MAP_NAME);
      const { floorModel } = await (await call(owner, 'GET', map!.id)).json<FloorModelResponse>();
      expect(floorModel.walls.length).toBeGreaterThan(0);
      expect(floorModel.doors).toHaveLength(ROOMS.length);
      expect(floorModel.outline).toHaveLength(4);
    });

    it('makes walls of imported ESPresense rooms, with openings between neighbouring rooms', async () => {
      const user = await createSignedInUser(t.built, 'espresense-walls');
      const config = fs.readFileSync(
        path.join(import.meta.dirname, 'samples/espresense-companion.config.yaml'),
        'utf8',
      );
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/imports/espresense',
        headers: bearer(user.token),
        payload: { config },
      });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json<{ skipped: unknown[] }>().skipped).toEqual([
        { name: 'VW EOS', reason: 'not stationary' },
      ]);
      const first = res.json<{ maps: { _id: string; name: string }[] }>().maps[0]!;
      const got = await call(user, 'GET', first._id);
      const { floorModel } = got.json<FloorModelResponse>();
      expect(floorModel.walls.length).toBeGreaterThan(9);
      expect(floorModel.walls.every((w) => w.kind === 'light')).toBe(true);
      expect(floorModel.doors.length).toBeGreaterThan(0);
      expect(floorModel.outline).toBeNull();
      expect(await countRows(t.sql, 'floor_models')).toBeGreaterThan(0);
    });
  },
  { listen: true },
);
