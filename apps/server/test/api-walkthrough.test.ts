/**
 * One walk over the console's calls over HTTP, in the order a console uses
 * them, asserting the contract's response shapes (success + map/maps, .gateways/.gateway,
 * .devices/.device, config, savedView, status/data on sign-in).
 */
import { expect, it } from 'vitest';
import { multipartBody, pngImage } from './fixtures.ts';
import {
  bearer,
  createIngestKey,
  createSignedInUser,
  createUser,
  describeEachDb,
  signIn,
  TEST_PASSWORD,
  uniqueEmail,
  type SignedIn,
  type TestApp,
} from './helpers.ts';
import { postReports } from './demo-reports.ts';

type Json = Record<string, unknown>;
type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

const GW1 = 'AC:23:3F:00:00:01';
const GW2 = 'AC:23:3F:00:00:02';
const GW_HEARD = 'AC:23:3F:00:00:03';
const DEV1 = 'C3:00:00:00:00:01';
const DEV_HEARD = 'C3:00:00:00:00:02';
const UPLOAD_PATH = /^\/uploads\/[0-9a-f-]{36}\.png$/;

/** Calls of one signed-in user; each asserts its status and returns the JSON body. */
function client(t: TestApp, token: string) {
  return async (method: Method, url: string, payload?: unknown, status = 200): Promise<Json> => {
    const res = await t.app.inject({
      method,
      url,
      headers: bearer(token),
      ...(payload === undefined ? {} : { payload: payload as object }),
    });
    expect(res.statusCode, `${method} ${url}: ${res.body}`).toBe(status);
    return res.json() as Json;
  };
}
type Call = ReturnType<typeof client>;

async function signInSteps(t: TestApp): Promise<SignedIn> {
  const email = uniqueEmail('walker');
  const user = await createUser(t.built, { email, firstName: 'Dana', lastName: 'Cohen' });
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/user/signin',
    payload: { email, password: TEST_PASSWORD },
  });
  expect(res.statusCode).toBe(200);
  const body = res.json() as { status: string; data: Record<string, string> };
  expect(body).toEqual({
    status: 'success',
    data: { token: expect.any(String), email, first_name: 'Dana', last_name: 'Cohen' },
  });
  const token = body.data.token!;
  const me = await client(t, token)('GET', '/api/user');
  expect(me).toMatchObject({ status: 'success', data: { email, slug: expect.any(String) } });
  expect((me.data as { slug: string }).slug.length).toBeGreaterThan(0);
  return { id: user.id, email, password: TEST_PASSWORD, token };
}

/**
 * A monitored device or gateway, then no longer: the monitored list shows it, DELETE
 * /monitor/{mac} answers it unmonitored, and the monitored list is empty.
 */
async function unmonitorStep(call: Call, resource: 'devices' | 'gateways', mac: string) {
  const one = resource === 'devices' ? 'device' : 'gateway';
  expect(await call('GET', `/api/${resource}/monitored`)).toMatchObject({
    success: true,
    [resource]: [{ mac, isMonitored: true }],
  });
  const off = await call('DELETE', `/api/${resource}/monitor/${mac}`);
  expect(off).toMatchObject({ success: true, [one]: { mac, isMonitored: false } });
  expect(await call('GET', `/api/${resource}/monitored`)).toEqual({
    success: true,
    [resource]: [],
  });
}

/** A full create payload, every field of which the created map carries back. */
const FLOOR_1 = {
  name: 'Floor 1',
  description: 'Ground floor',
  isPublic: false,
  metadata: { buildingName: 'HQ', floor: '1' },
  settings: {
    imageSize: { width: 1200, height: 800 },
    defaultCenter: { x: 600, y: 400 },
    defaultZoom: 1,
    minZoom: 0.1,
    maxZoom: 15,
  },
};

/** POST /maps with a full create payload; returns the new map id. */
async function createMapStep(call: Call): Promise<string> {
  const created = await call('POST', '/api/maps', FLOOR_1, 201);
  expect(created).toMatchObject({
    success: true,
    map: { ...FLOOR_1, _id: expect.any(String), accessLevel: 'owner' },
  });
  return (created.map as { _id: string })._id;
}

async function mapSteps(t: TestApp, call: Call, mapId: string, other: SignedIn) {
  const mine = await call('GET', '/api/maps');
  expect(mine).toMatchObject({ success: true, maps: [{ _id: mapId, accessLevel: 'owner' }] });
  expect(await call('GET', '/api/maps/shared')).toEqual({ success: true, maps: [] });

  const one = await call('GET', `/api/maps/${mapId}`);
  expect(one).toMatchObject({ success: true, map: { _id: mapId, name: 'Floor 1' } });
  const opened = one.map as { accessCount: number; lastAccessedAt: string | null };
  expect(opened.accessCount).toBeGreaterThanOrEqual(1);
  // The opening is counted in the answer itself: count and time agree with the next list.
  expect(Date.parse(opened.lastAccessedAt ?? '')).toBeGreaterThan(Date.now() - 60_000);
  const listed = (await call('GET', '/api/maps')).maps as { accessCount: number }[];
  expect(listed[0]?.accessCount).toBe(opened.accessCount);

  // Update payload: name, description, isPublic, metadata merged, settings copied from the map.
  const updated = await call('PUT', `/api/maps/${mapId}`, {
    name: 'Floor 1 (east)',
    description: 'Ground floor, east wing',
    isPublic: true,
    metadata: { floor: '1E' },
    settings: (one.map as { settings: object }).settings,
  });
  expect(updated).toMatchObject({
    success: true,
    map: {
      _id: mapId,
      name: 'Floor 1 (east)',
      isPublic: true,
      metadata: { buildingName: 'HQ', floor: '1E' },
    },
  });

  const publicPage = await client(t, other.token)('GET', '/api/maps/public?limit=5&skip=0');
  expect(publicPage).toMatchObject({
    success: true,
    maps: [{ _id: mapId, accessLevel: 'viewer' }],
  });
  expect(await call('GET', '/api/maps/public?limit=5&skip=1')).toEqual({ success: true, maps: [] });

  const preset = await call('PATCH', `/api/maps/${mapId}/preset`, {
    center: { x: 300, y: 200 },
    zoom: 2,
  });
  expect(preset).toEqual({ success: true, savedView: { center: { x: 300, y: 200 }, zoom: 2 } });
}

/** The uploaded PNG served as it was sent, sandboxed and never sniffed. */
function expectServedImage(
  res: { statusCode: number; headers: Record<string, unknown>; rawPayload: Buffer },
  image: Buffer,
) {
  expect(res.statusCode).toBe(200);
  expect(res.headers['content-type']).toBe('image/png');
  expect(res.headers['x-content-type-options']).toBe('nosniff');
  expect(res.headers['content-security-policy']).toContain('sandbox');
  expect(res.rawPayload.equals(image)).toBe(true);
}

async function imageSteps(t: TestApp, call: Call, mapId: string, token: string) {
  const image = pngImage(40, 30);
  const form = multipartBody([{ data: image }]);
  const res = await t.app.inject({
    method: 'POST',
    url: `/api/maps/${mapId}/upload-image`,
    headers: { ...bearer(token), ...form.headers },
    payload: form.payload,
  });
  expect(res.statusCode, res.body).toBe(200);
  const { map } = res.json() as {
    map: { settings: { backgroundImage: string; imageSize: object } };
  };
  expect(res.json()).toMatchObject({ success: true, map: { _id: mapId } });
  expect(map.settings.imageSize).toEqual({ width: 40, height: 30 });
  const path = map.settings.backgroundImage;
  expect(path).toMatch(UPLOAD_PATH);

  expectServedImage(await t.app.inject({ method: 'GET', url: path }), image);

  const imagesPath = path.replace('/uploads/', '/images/');
  const withToken = await t.app.inject({
    method: 'GET',
    url: `${imagesPath}?token=${encodeURIComponent(token)}`,
  });
  expectServedImage(withToken, image);
  expect((await t.app.inject({ method: 'GET', url: imagesPath })).statusCode).toBe(401);

  // Duplicate: a private copy of the map, with its own copy of the image.
  const copy = await call('POST', `/api/maps/${mapId}/duplicate`, undefined, 201);
  const copied = copy.map as { _id: string; name: string; isPublic: boolean; settings: Json };
  expect(copy.success).toBe(true);
  expect(copied._id).not.toBe(mapId);
  expect(copied).toMatchObject({ name: 'Floor 1 (east) (copy)', isPublic: false });
  expect(copied.settings.backgroundImage).toMatch(UPLOAD_PATH);
  expect(copied.settings.backgroundImage).not.toBe(path);
  expect(await call('DELETE', `/api/maps/${copied._id}`)).toEqual({ success: true });

  const removed = await call('DELETE', `/api/maps/${mapId}/image`);
  expect(removed).toMatchObject({ success: true, map: { _id: mapId } });
  expect((removed.map as { settings: Json }).settings.backgroundImage).toBeUndefined();
  expect((await t.app.inject({ method: 'GET', url: path })).statusCode).toBe(404);
}

async function collaboratorSteps(t: TestApp, call: Call, mapId: string, other: SignedIn) {
  const base = `/api/maps/${mapId}/collaborators`;
  expect(await call('GET', base)).toEqual({ success: true, collaborators: [] });
  const added = await call('POST', base, { userId: other.email, role: 'viewer' }, 201);
  expect(added).toMatchObject({
    success: true,
    collaborator: { userId: other.id, role: 'viewer', email: other.email },
  });
  expect(await call('GET', base)).toMatchObject({
    collaborators: [{ userId: other.id, role: 'viewer' }],
  });
  const shared = await client(t, other.token)('GET', '/api/maps/shared');
  expect(shared).toMatchObject({ success: true, maps: [{ _id: mapId, accessLevel: 'viewer' }] });

  const changed = await call('PUT', `${base}/${other.id}`, { role: 'editor' });
  expect(changed).toMatchObject({
    success: true,
    collaborator: { userId: other.id, role: 'editor' },
  });
  expect(await call('DELETE', `${base}/${other.id}`)).toEqual({ success: true });
  expect(await call('GET', base)).toEqual({ success: true, collaborators: [] });
}

async function gatewaySteps(call: Call, mapId: string) {
  const created = await call(
    'POST',
    '/api/gateways',
    { mac: GW1.toLowerCase(), name: 'Lobby', position: { x: 100, y: 100 }, radius: 25 },
    201,
  );
  expect(created).toMatchObject({
    success: true,
    gateway: { mac: GW1, name: 'Lobby', position: { x: 100, y: 100 }, mapId: null },
  });
  expect(await call('GET', '/api/gateways')).toMatchObject({
    success: true,
    gateways: [{ mac: GW1 }],
  });

  const updated = await call('PUT', `/api/gateways/${GW1}`, { name: 'Lobby east', mapId });
  expect(updated).toMatchObject({
    success: true,
    gateway: { mac: GW1, name: 'Lobby east', mapId },
  });

  const tuned = await call('PATCH', `/api/gateways/${GW1}/settings`, {
    logicThreshold: -70,
    viewRadius: 40,
    mapId,
  });
  expect(tuned).toMatchObject({ success: true, gateway: { logicThreshold: -70, viewRadius: 40 } });
  const onlyRadius = await call('PATCH', `/api/gateways/${GW1}/settings`, {
    viewRadius: 55,
    mapId,
  });
  expect(onlyRadius).toMatchObject({ gateway: { logicThreshold: -70, viewRadius: 55 } });

  const monitored = await call('POST', `/api/gateways/monitor/${GW1}`, {
    position: { x: 150, y: 120 },
    radius: 75,
    mapId,
    settings: { showCoverage: true },
    color: '#10B981',
  });
  expect(monitored).toMatchObject({
    success: true,
    gateway: { mac: GW1, isMonitored: true, position: { x: 150, y: 120 }, radius: 75, mapId },
  });
  await unmonitorStep(call, 'gateways', GW1);

  const placed = await call(
    'POST',
    `/api/gateways/map/${mapId}`,
    { mac: GW2, name: 'Corridor', position: { x: 400, y: 300 } },
    201,
  );
  expect(placed).toMatchObject({ success: true, gateway: { mac: GW2, mapId, isMonitored: true } });
  const onMap = (await call('GET', `/api/gateways/map/${mapId}`)) as {
    success: boolean;
    gateways: { mac: string }[];
  };
  expect(onMap.success).toBe(true);
  expect(onMap.gateways.map((g) => g.mac).sort()).toEqual([GW1, GW2]);

  const moved = await call('PUT', `/api/gateways/map/${mapId}/${GW2}`, {
    position: { x: 410, y: 310 },
  });
  expect(moved).toMatchObject({
    success: true,
    gateway: { mac: GW2, position: { x: 410, y: 310 } },
  });
  expect(await call('DELETE', `/api/gateways/map/${mapId}/${GW2}`)).toEqual({ success: true });
  expect(await call('GET', `/api/gateways/map/${mapId}`)).toMatchObject({
    gateways: [{ mac: GW1 }],
  });

  const all = (await call('GET', '/api/gateways/user/all')) as {
    success: boolean;
    gateways: { mac: string }[];
  };
  expect(all.success).toBe(true);
  expect(all.gateways.map((g) => g.mac).sort()).toEqual([GW1, GW2]);

  expect(await call('DELETE', `/api/gateways/${GW2}`)).toEqual({ success: true });
  await call('DELETE', `/api/gateways/${GW2}`, undefined, 404);
}

async function deviceSteps(call: Call) {
  const created = await call(
    'POST',
    '/api/devices',
    { mac: DEV1, name: 'Badge 1', customSettings: { color: '#3B82F6', icon: 'tag' } },
    201,
  );
  expect(created).toMatchObject({
    success: true,
    device: { mac: DEV1, name: 'Badge 1', isMonitored: false, customSettings: { icon: 'tag' } },
  });
  expect(await call('GET', '/api/devices')).toMatchObject({
    success: true,
    devices: [{ mac: DEV1 }],
  });

  const renamed = await call('PUT', `/api/devices/${DEV1}`, { name: 'Badge one' });
  expect(renamed).toMatchObject({ success: true, device: { mac: DEV1, name: 'Badge one' } });
  const mode = await call('PUT', `/api/devices/${DEV1}`, { positioningMode: 'static' });
  expect(mode).toMatchObject({
    device: { mac: DEV1, positioningMode: 'static', name: 'Badge one' },
  });

  const monitored = await call('POST', `/api/devices/monitor/${DEV1}`, {
    displayName: 'Dana’s badge',
    color: '#EF4444',
    icon: 'phone',
    showTrail: true,
  });
  expect(monitored).toMatchObject({
    success: true,
    device: {
      mac: DEV1,
      isMonitored: true,
      customSettings: {
        displayName: 'Dana’s badge',
        color: '#EF4444',
        icon: 'phone',
        showTrail: true,
      },
    },
  });
  await unmonitorStep(call, 'devices', DEV1);

  expect(await call('DELETE', `/api/devices/${DEV1}`)).toEqual({ success: true });
  expect(await call('GET', '/api/devices')).toEqual({ success: true, devices: [] });
  await call('DELETE', `/api/devices/${DEV1}`, undefined, 404);
}

async function availableSteps(t: TestApp, call: Call, user: SignedIn) {
  const key = await createIngestKey(t.built, user.id);
  const now = Date.now();
  const ingest = await postReports(t.app, key, [
    { gateway: GW_HEARD, device: DEV_HEARD, rssi: -58, timestamp: now - 3000, ip: '10.0.0.7' },
    { gateway: GW_HEARD, device: DEV_HEARD, rssi: -61, timestamp: now - 2000, ip: '10.0.0.7' },
    { gateway: GW_HEARD, device: DEV1, rssi: -72, timestamp: now - 1000, ip: '10.0.0.7' },
  ]);
  expect(ingest.json()).toMatchObject({ accepted: 3, rejected: 0 });

  const devices = (await call('GET', '/api/available/devices')) as {
    success: boolean;
    devices: { mac: string; lastSeenInAPI: string; isMonitored: boolean }[];
  };
  expect(devices.success).toBe(true);
  expect(devices.devices.map((d) => d.mac).sort()).toEqual([DEV1, DEV_HEARD].sort());
  expect(devices.devices.find((d) => d.mac === DEV_HEARD)).toMatchObject({
    lastSeenInAPI: new Date(now - 2000).toISOString(),
    isMonitored: false,
  });

  const gateways = await call('GET', '/api/available/gateways?lastSeenDays=3');
  expect(gateways).toEqual({
    success: true,
    gateways: [
      {
        mac: GW_HEARD,
        name: expect.any(String),
        lastSeen: new Date(now - 1000).toISOString(),
        daysSinceLastSeen: 0,
        ip: '10.0.0.7',
        isMonitored: false,
      },
    ],
  });

  const synced = await call('POST', '/api/available/sync');
  expect(synced).toMatchObject({
    success: true,
    status: {
      periodic: false,
      running: false,
      lastSyncAt: expect.any(String),
      devices: 2,
      gateways: 1,
    },
  });
  expect(await call('GET', '/api/available/status')).toEqual(synced);
  const started = await call('POST', '/api/available/sync/start');
  expect(started).toMatchObject({ success: true, status: { periodic: true } });
  expect(await call('GET', '/api/available/status')).toMatchObject({ status: { periodic: true } });
  const stopped = await call('POST', '/api/available/sync/stop');
  expect(stopped).toMatchObject({ success: true, status: { periodic: false } });
}

async function settingsAndLabelSteps(call: Call) {
  expect(await call('GET', '/api/settings')).toEqual({ success: true, config: {} });
  const put = await call('PUT', '/api/settings', { config: { pollInterval: 2000, theme: 'dark' } });
  expect(put).toEqual({ success: true, config: { pollInterval: 2000, theme: 'dark' } });
  expect(await call('GET', '/api/settings')).toEqual(put);

  expect(await call('GET', '/api/labels')).toEqual({ success: true, labels: [] });
  const created = await call(
    'POST',
    '/api/labels',
    { text: 'Kitchen', position: { x: 5, y: 6 } },
    201,
  );
  const label = created.label as { id: string; _id: string };
  expect(created).toMatchObject({
    success: true,
    label: {
      text: 'Kitchen',
      id: expect.any(String),
      createdAt: expect.any(String),
      updatedAt: expect.any(String),
    },
  });
  expect(label._id).toBe(label.id);
  const updated = await call('PUT', `/api/labels/${label.id}`, { text: 'Kitchenette' });
  expect(updated).toMatchObject({ success: true, label: { id: label.id, text: 'Kitchenette' } });
  expect(await call('GET', '/api/labels')).toMatchObject({ labels: [{ id: label.id }] });
  expect(await call('DELETE', `/api/labels/${label.id}`)).toEqual({ success: true });
  expect(await call('GET', '/api/labels')).toEqual({ success: true, labels: [] });
}

async function userSettingsSteps(call: Call, userId: string) {
  const initial = await call('GET', '/api/user-settings');
  expect(initial).toMatchObject({
    success: true,
    settings: {
      userId,
      viewOptions: { showDeviceNames: true, showGridLines: false },
      triangulation: { enabled: true, algorithm: 'auto', minSignalCount: 2, minConfidence: 0.3 },
    },
  });
  expect((initial.settings as { tooltipFields: unknown[] }).tooltipFields).toHaveLength(6);

  const put = await call('PUT', '/api/user-settings', { viewOptions: { showRSSIValues: true } });
  expect(put).toMatchObject({
    settings: { viewOptions: { showRSSIValues: true, showDeviceNames: true } },
  });
  const option = await call('PATCH', '/api/user-settings/view-option', {
    key: 'showGridLines',
    value: true,
  });
  expect(option).toMatchObject({
    success: true,
    settings: { viewOptions: { showGridLines: true, showRSSIValues: true } },
  });
  const fields = await call('PATCH', '/api/user-settings/tooltip-fields', {
    tooltipFields: [{ id: 'mac', label: 'MAC', enabled: true, order: 2 }],
  });
  expect(fields).toMatchObject({ success: true });
  const tooltip = (fields.settings as { tooltipFields: { id: string; enabled: boolean }[] })
    .tooltipFields;
  expect(tooltip.find((f) => f.id === 'mac')?.enabled).toBe(true);
  const tri = await call('PATCH', '/api/user-settings/triangulation', {
    triangulation: { minSignalCount: 3 },
  });
  expect(tri).toMatchObject({
    success: true,
    settings: { triangulation: { minSignalCount: 3, enabled: true } },
  });
  expect(await call('GET', '/api/user-settings')).toEqual(tri);
}

async function docsStep(t: TestApp) {
  const res = await t.app.inject({ method: 'GET', url: '/api/docs' });
  expect(res.statusCode).toBe(200);
  const doc = res.json() as { openapi: string; paths: Record<string, Record<string, unknown>> };
  expect(doc.openapi).toMatch(/^3\./);
  const expected: [string, string[]][] = [
    ['/api/user/signin', ['post']],
    ['/api/user', ['get']],
    ['/api/user/signout', ['post']],
    ['/api/gateways', ['get', 'post']],
    ['/api/gateways/{id}', ['put', 'delete']],
    ['/api/gateways/{id}/settings', ['patch']],
    ['/api/gateways/monitored', ['get']],
    ['/api/gateways/monitor/{id}', ['post', 'delete']],
    ['/api/gateways/map/{mapId}', ['get', 'post']],
    ['/api/gateways/map/{mapId}/{gatewayId}', ['put', 'delete']],
    ['/api/gateways/user/all', ['get']],
    ['/api/devices', ['get', 'post']],
    ['/api/devices/{id}', ['put', 'delete']],
    ['/api/devices/monitored', ['get']],
    ['/api/devices/monitor/{id}', ['post', 'delete']],
    ['/api/available/devices', ['get']],
    ['/api/available/gateways', ['get']],
    ['/api/available/sync', ['post']],
    ['/api/available/status', ['get']],
    ['/api/available/sync/start', ['post']],
    ['/api/available/sync/stop', ['post']],
    ['/api/settings', ['get', 'put']],
    ['/api/labels', ['get', 'post']],
    ['/api/labels/{id}', ['put', 'delete']],
    ['/api/maps', ['get', 'post']],
    ['/api/maps/shared', ['get']],
    ['/api/maps/public', ['get']],
    ['/api/maps/{id}', ['get', 'put', 'delete']],
    ['/api/maps/{id}/duplicate', ['post']],
    ['/api/maps/{id}/preset', ['patch']],
    ['/api/maps/{id}/upload-image', ['post']],
    ['/api/maps/{id}/image', ['delete']],
    ['/api/maps/{id}/collaborators', ['get', 'post']],
    ['/api/maps/{id}/collaborators/{userId}', ['put', 'delete']],
    ['/api/user-settings', ['get', 'put']],
    ['/api/user-settings/view-option', ['patch']],
    ['/api/user-settings/tooltip-fields', ['patch']],
    ['/api/user-settings/triangulation', ['patch']],
  ];
  for (const [path, methods] of expected) {
    expect(Object.keys(doc.paths[path] ?? {}), path).toEqual(expect.arrayContaining(methods));
  }
}

describeEachDb('API walkthrough', (t) => {
  it("walks the console's calls with the contract's response shapes", async () => {
    const user = await signInSteps(t);
    const other = await createSignedInUser(t.built, 'other');
    const call = client(t, user.token);

    const mapId = await createMapStep(call);
    await mapSteps(t, call, mapId, other);
    await imageSteps(t, call, mapId, user.token);
    await collaboratorSteps(t, call, mapId, other);
    await gatewaySteps(call, mapId);
    await deviceSteps(call);
    await availableSteps(t, call, user);
    await settingsAndLabelSteps(call);
    await userSettingsSteps(call, user.id);
    await docsStep(t);

    expect(await call('DELETE', `/api/maps/${mapId}`)).toEqual({ success: true });
    await call('GET', `/api/maps/${mapId}`, undefined, 404);
    expect(await call('GET', '/api/maps')).toEqual({ success: true, maps: [] });

    // Sign-out ends the session: the same token is refused afterwards, a new sign-in works.
    expect(await call('POST', '/api/user/signout')).toEqual({ success: true });
    await call('GET', '/api/user', undefined, 401);
    const again = await signIn(t.app, user.email, TEST_PASSWORD);
    await client(t, again)('GET', '/api/user');
  }, 90_000); // a long walk of calls: a loaded machine may take most of a minute
});
