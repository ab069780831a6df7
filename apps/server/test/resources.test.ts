/** Maps, gateways and devices as a signed-in user sees them over the API. */
import { randomUUID } from 'node:crypto';
import { expect, it } from 'vitest';
import { DEMO_GATEWAYS, DEMO_PIXELS_PER_METRE, demoDevice } from '../src/simulator/building.ts';
import { DEMO_MAP_NAME } from '../src/simulator/demo-seed.ts';
import {
  bearer,
  createIngestKey,
  createSignedInUser,
  describeEachDb,
  seedAccount,
  type SignedIn,
} from './helpers.ts';
import { postReports } from './demo-reports.ts';

interface MapJson {
  _id: string;
  name: string;
  isPublic: boolean;
  accessLevel: string;
  settings: Record<string, unknown>;
}

describeEachDb('maps, gateways, devices', (t) => {
  let owner: SignedIn;
  let stranger: SignedIn;
  let mapId: string;

  const get = (url: string, token: string) =>
    t.app.inject({ method: 'GET', url, headers: bearer(token) });

  t.setup(async () => {
    owner = await seedAccount(t.built, { devices: 3, gateways: 8 });
    stranger = await createSignedInUser(t.built, 'stranger');
    mapId = (await t.built.repos.maps.own(owner.id))[0]!.id;
  });

  it('lists the seeded map among the owner’s maps', async () => {
    const res = await get('/api/maps', owner.token);
    expect(res.statusCode).toBe(200);
    const body = res.json() as { success: boolean; maps: MapJson[] };
    expect(body.success).toBe(true);
    expect(body.maps).toHaveLength(1);
    const map = body.maps[0]!;
    expect(map).toMatchObject({ name: DEMO_MAP_NAME, isPublic: false, accessLevel: 'owner' });
    expect(map.settings).toMatchObject({ imageSize: { width: 1200, height: 800 } });
    expect(map._id).toBe(mapId);

    const theirs = (await get('/api/maps', stranger.token)).json() as { maps: MapJson[] };
    expect(theirs.maps).toEqual([]);
  });

  it('gives the owner the map and a stranger the same 404 as a missing id', async () => {
    const mine = await get(`/api/maps/${mapId}`, owner.token);
    expect(mine.statusCode).toBe(200);
    expect(mine.json()).toMatchObject({ success: true, map: { _id: mapId, accessLevel: 'owner' } });

    const hidden = await get(`/api/maps/${mapId}`, stranger.token);
    const missing = await get(`/api/maps/${randomUUID()}`, stranger.token);
    expect(hidden.statusCode).toBe(404);
    expect(missing.statusCode).toBe(404);
    expect(hidden.body).toBe(missing.body);
    expect(hidden.json()).toMatchObject({ success: false, status: 'error' });
  });

  it('saves a preset: returns savedView and keeps it in the map settings', async () => {
    const savedView = { center: { x: 321.5, y: 210 }, zoom: 2.5 };
    const res = await t.app.inject({
      method: 'PATCH',
      url: `/api/maps/${mapId}/preset`,
      headers: bearer(owner.token),
      payload: savedView,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ success: true, savedView });
    const map = (await get(`/api/maps/${mapId}`, owner.token)).json() as { map: MapJson };
    expect(map.map.settings.savedView).toEqual(savedView);
    // Other settings are kept (merged, not replaced).
    expect(map.map.settings.imageSize).toEqual({ width: 1200, height: 800 });
  });

  it('refuses a preset from a stranger (404) and a malformed preset (400)', async () => {
    const byStranger = await t.app.inject({
      method: 'PATCH',
      url: `/api/maps/${mapId}/preset`,
      headers: bearer(stranger.token),
      payload: { center: { x: 1, y: 1 }, zoom: 1 },
    });
    expect(byStranger.statusCode).toBe(404);
    for (const payload of [{ center: { x: 1 }, zoom: 1 }, { center: { x: 1, y: 1 } }, {}]) {
      const res = await t.app.inject({
        method: 'PATCH',
        url: `/api/maps/${mapId}/preset`,
        headers: bearer(owner.token),
        payload,
      });
      expect(res.statusCode).toBe(400);
    }
    const map = (await get(`/api/maps/${mapId}`, owner.token)).json() as { map: MapJson };
    expect(map.map.settings.savedView).toMatchObject({ zoom: 2.5 });
  });

  it('pages public maps with limit and skip, and validates them', async () => {
    const names = ['Public A', 'Public B', 'Public C'];
    const ids: string[] = [];
    for (const name of names) {
      const id = randomUUID();
      ids.push(id);
      await t.built.repos.maps.insert({
        id,
        ownerId: owner.id,
        name,
        description: '',
        isPublic: true,
        metadata: {},
        settings: {},
      });
    }
    const page = async (query: string) => {
      const res = await get(`/api/maps/public${query}`, stranger.token);
      expect(res.statusCode).toBe(200);
      return (res.json() as { maps: MapJson[] }).maps;
    };
    const all = await page('');
    expect(all.map((m) => m.name)).toEqual(names);
    expect(all.every((m) => m.accessLevel === 'viewer')).toBe(true);
    expect((await page('?limit=2')).map((m) => m.name)).toEqual(['Public A', 'Public B']);
    expect((await page('?limit=2&skip=1')).map((m) => m.name)).toEqual(['Public B', 'Public C']);
    expect(await page('?skip=3')).toEqual([]);

    for (const query of ['limit=0', 'limit=abc', 'limit=1.5', 'limit=101', 'skip=-1', 'skip=x']) {
      const res = await get(`/api/maps/public?${query}`, stranger.token);
      expect(res.statusCode, query).toBe(400);
      expect(res.json()).toMatchObject({ success: false, status: 'error' });
    }

    // A stranger may read a public map but not change its preset.
    const one = await get(`/api/maps/${ids[0]}`, stranger.token);
    expect(one.statusCode).toBe(200);
    expect(one.json()).toMatchObject({ map: { accessLevel: 'viewer' } });
    const preset = await t.app.inject({
      method: 'PATCH',
      url: `/api/maps/${ids[0]}/preset`,
      headers: bearer(stranger.token),
      payload: { center: { x: 1, y: 1 }, zoom: 1 },
    });
    expect(preset.statusCode).toBe(403);
  });

  it('lists the eight gateways of the map for the owner, 404 for a stranger', async () => {
    const res = await get(`/api/gateways/map/${mapId}`, owner.token);
    expect(res.statusCode).toBe(200);
    const { gateways } = res.json() as {
      gateways: { mac: string; mapId: string; position: { x: number; y: number } }[];
    };
    expect(gateways).toHaveLength(8);
    // seedAccount places the first eight of the demo building's gateways.
    expect(gateways.map((g) => g.mac).sort()).toEqual(
      DEMO_GATEWAYS.slice(0, 8)
        .map((g) => g.mac)
        .sort(),
    );
    const first = DEMO_GATEWAYS[0]!;
    expect(gateways.find((g) => g.mac === first.mac)).toMatchObject({
      mapId,
      position: { x: first.x * DEMO_PIXELS_PER_METRE, y: first.y * DEMO_PIXELS_PER_METRE },
    });

    const hidden = await get(`/api/gateways/map/${mapId}`, stranger.token);
    const missing = await get(`/api/gateways/map/${randomUUID()}`, stranger.token);
    expect(hidden.statusCode).toBe(404);
    expect(hidden.body).toBe(missing.body);
  });

  it('lists monitored gateways per account', async () => {
    const mine = (await get('/api/gateways/monitored', owner.token)).json() as {
      success: boolean;
      gateways: { mac: string; isMonitored: boolean; lastSeen: string | null }[];
    };
    expect(mine.success).toBe(true);
    expect(mine.gateways).toHaveLength(8);
    expect(mine.gateways.every((g) => g.isMonitored)).toBe(true);
    const theirs = (await get('/api/gateways/monitored', stranger.token)).json() as {
      gateways: unknown[];
    };
    expect(theirs.gateways).toEqual([]);
  });

  it('returns monitored devices with their signal maps after reports are ingested', async () => {
    const before = (await get('/api/devices/monitored', owner.token)).json() as {
      devices: { mac: string; signal: object; rssi: number | null; lastSeen: string | null }[];
    };
    expect(before.devices).toHaveLength(3);
    expect(before.devices.every((d) => d.rssi === null && d.lastSeen === null)).toBe(true);

    const key = await createIngestKey(t.built, owner.id);
    const device = demoDevice(0).mac;
    const gwA = DEMO_GATEWAYS[0]!.mac;
    const gwB = DEMO_GATEWAYS[1]!.mac;
    const now = Date.now();
    const ingest = await postReports(t.app, key, [
      { gateway: gwA, device, rssi: -61, timestamp: now - 2000, ip: '10.1.1.1' },
      { gateway: gwA, device, rssi: -65, timestamp: now - 1000, ip: '10.1.1.1' },
      { gateway: gwB, device, rssi: -80, timestamp: now - 1500 },
    ]);
    expect(ingest.json()).toMatchObject({ accepted: 3, rejected: 0 });

    const res = await get('/api/devices/monitored', owner.token);
    expect(res.statusCode).toBe(200);
    const { devices } = res.json() as {
      devices: {
        mac: string;
        name: string;
        signal: Record<string, { rssi: number; received_at: string; ip: string | null }>;
        rssi: number | null;
        strongestGateway: string | null;
        lastSeen: string | null;
        isMonitored: boolean;
      }[];
    };
    const d = devices.find((x) => x.mac === device)!;
    expect(d.name).toBe(demoDevice(0).name);
    expect(d.signal).toEqual({
      [gwA]: { rssi: -65, received_at: new Date(now - 1000).toISOString(), ip: '10.1.1.1' },
      [gwB]: { rssi: -80, received_at: new Date(now - 1500).toISOString(), ip: null },
    });
    expect(d).toMatchObject({ rssi: -65, strongestGateway: gwA, isMonitored: true });
    expect(d.lastSeen).toBe(new Date(now - 1000).toISOString());
    // Devices nobody heard keep an empty signal map.
    const quiet = devices.find((x) => x.mac === demoDevice(1).mac)!;
    expect(quiet).toMatchObject({ signal: {}, rssi: null, strongestGateway: null });

    // A stranger sees none of it.
    const theirs = (await get('/api/devices/monitored', stranger.token)).json() as {
      devices: unknown[];
    };
    expect(theirs.devices).toEqual([]);
  });
});
