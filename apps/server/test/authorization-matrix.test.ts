/**
 * Who may do what to a private map and its content. Owners do everything;
 * editors edit content but neither delete the map, manage collaborators nor change isPublic;
 * viewers read; a stranger gets the very answer a missing id gets (404); anonymous callers 401.
 * A refused call leaves the map, its collaborators and its gateways exactly as they were.
 */
import { randomUUID } from 'node:crypto';
import { expect, it } from 'vitest';
import { checkImage } from '../src/lib/images.ts';
import { multipartBody, pngImage } from './fixtures.ts';
import { bearer, createSignedInUser, describeEachDb, type SignedIn } from './helpers.ts';

type Role = 'owner' | 'editor' | 'viewer' | 'stranger' | 'anonymous';
/** Who may make a call: every role that can see the map, content editors, or the owner only. */
type Rule = 'read' | 'edit' | 'owner';
type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

const ROLES: readonly Role[] = ['owner', 'editor', 'viewer', 'stranger', 'anonymous'];
const ALLOWED: Record<Rule, readonly Role[]> = {
  read: ['owner', 'editor', 'viewer'],
  edit: ['owner', 'editor'],
  owner: ['owner'],
};

interface Ctx {
  mapId: string;
  /** A gateway of the owner placed on the map. */
  gatewayMac: string;
  /** A MAC nobody has yet, for placing a new gateway. */
  newMac: string;
  /** A third user who is a viewer of the map (target of collaborator changes). */
  memberId: string;
  /** A fourth user who is not on the map yet. */
  newcomerEmail: string;
}

interface Request {
  method: Method;
  url: string;
  payload?: object | Buffer;
  headers?: Record<string, string>;
}

interface Call {
  name: string;
  rule: Rule;
  ok: number;
  request: (c: Ctx) => Request;
}

function uploadRequest(mapId: string): Request {
  return {
    method: 'POST',
    url: `/api/maps/${mapId}/upload-image`,
    ...multipartBody([{ data: pngImage(8, 6) }]),
  };
}

const CALLS: readonly Call[] = [
  { name: 'GET map', rule: 'read', ok: 200, request: (c) => get(`/api/maps/${c.mapId}`) },
  {
    name: 'GET map gateways',
    rule: 'read',
    ok: 200,
    request: (c) => get(`/api/gateways/map/${c.mapId}`),
  },
  {
    name: 'GET collaborators',
    rule: 'read',
    ok: 200,
    request: (c) => get(`/api/maps/${c.mapId}/collaborators`),
  },
  {
    name: 'PUT map (content)',
    rule: 'edit',
    ok: 200,
    request: (c) => ({
      method: 'PUT',
      url: `/api/maps/${c.mapId}`,
      payload: { name: 'Renamed', description: 'changed', isPublic: false },
    }),
  },
  {
    name: 'PUT map changing isPublic',
    rule: 'owner',
    ok: 200,
    request: (c) => ({
      method: 'PUT',
      url: `/api/maps/${c.mapId}`,
      payload: { name: 'Private plan', isPublic: true },
    }),
  },
  {
    name: 'DELETE map',
    rule: 'owner',
    ok: 200,
    request: (c) => ({ method: 'DELETE', url: `/api/maps/${c.mapId}` }),
  },
  {
    name: 'PATCH preset',
    rule: 'edit',
    ok: 200,
    request: (c) => ({
      method: 'PATCH',
      url: `/api/maps/${c.mapId}/preset`,
      payload: { center: { x: 10, y: 20 }, zoom: 3 },
    }),
  },
  { name: 'POST upload-image', rule: 'edit', ok: 200, request: (c) => uploadRequest(c.mapId) },
  {
    name: 'DELETE image',
    rule: 'edit',
    ok: 200,
    request: (c) => ({ method: 'DELETE', url: `/api/maps/${c.mapId}/image` }),
  },
  {
    name: 'POST collaborator',
    rule: 'owner',
    ok: 201,
    request: (c) => ({
      method: 'POST',
      url: `/api/maps/${c.mapId}/collaborators`,
      payload: { userId: c.newcomerEmail, role: 'editor' },
    }),
  },
  {
    name: 'PUT collaborator',
    rule: 'owner',
    ok: 200,
    request: (c) => ({
      method: 'PUT',
      url: `/api/maps/${c.mapId}/collaborators/${c.memberId}`,
      payload: { role: 'editor' },
    }),
  },
  {
    name: 'DELETE collaborator',
    rule: 'owner',
    ok: 200,
    request: (c) => ({ method: 'DELETE', url: `/api/maps/${c.mapId}/collaborators/${c.memberId}` }),
  },
  {
    name: 'POST gateway on map',
    rule: 'edit',
    ok: 201,
    request: (c) => ({
      method: 'POST',
      url: `/api/gateways/map/${c.mapId}`,
      payload: { mac: c.newMac, name: 'New', position: { x: 50, y: 60 } },
    }),
  },
  {
    name: 'PUT gateway on map',
    rule: 'edit',
    ok: 200,
    request: (c) => ({
      method: 'PUT',
      url: `/api/gateways/map/${c.mapId}/${c.gatewayMac}`,
      payload: { position: { x: 1, y: 2 } },
    }),
  },
  {
    name: 'DELETE gateway on map',
    rule: 'edit',
    ok: 200,
    request: (c) => ({ method: 'DELETE', url: `/api/gateways/map/${c.mapId}/${c.gatewayMac}` }),
  },
  {
    name: 'PATCH gateway settings with mapId',
    rule: 'edit',
    ok: 200,
    request: (c) => ({
      method: 'PATCH',
      url: `/api/gateways/${c.gatewayMac}/settings`,
      payload: { logicThreshold: -90, viewRadius: 80, mapId: c.mapId },
    }),
  },
  {
    name: 'POST gateway monitor with mapId',
    rule: 'edit',
    ok: 200,
    request: (c) => ({
      method: 'POST',
      url: `/api/gateways/monitor/${c.gatewayMac}`,
      payload: { position: { x: 7, y: 8 }, radius: 30, mapId: c.mapId },
    }),
  },
];

function get(url: string): Request {
  return { method: 'GET', url };
}

const CASES = CALLS.flatMap((call) => ROLES.map((role) => ({ ...call, role })));

let macSeq = 0;
const nextMac = () => {
  const n = ++macSeq;
  return `AC:23:3F:7E:${((n >> 8) & 0xff).toString(16).padStart(2, '0')}:${(n & 0xff)
    .toString(16)
    .padStart(2, '0')}`.toUpperCase();
};

describeEachDb('authorization matrix', (t) => {
  const users = {} as Record<Exclude<Role, 'anonymous'>, SignedIn> & {
    member: SignedIn;
    newcomer: SignedIn;
  };

  t.setup(async () => {
    for (const role of ['owner', 'editor', 'viewer', 'stranger', 'member', 'newcomer'] as const) {
      users[role] = await createSignedInUser(t.built, role);
    }
  });

  /** A fresh private map of the owner with an editor, a viewer, a member, an image and a gateway. */
  async function freshMap(): Promise<Ctx> {
    const { maps, gateways, images } = t.built.repos;
    const mapId = randomUUID();
    await maps.insert({
      id: mapId,
      ownerId: users.owner.id,
      name: 'Private plan',
      description: 'secret',
      isPublic: false,
      metadata: { buildingName: 'HQ', floor: '2' },
      settings: { imageSize: { width: 1200, height: 800 }, defaultZoom: 1 },
    });
    await maps.setCollaborator(mapId, users.editor.id, 'editor');
    await maps.setCollaborator(mapId, users.viewer.id, 'viewer');
    await maps.setCollaborator(mapId, users.member.id, 'viewer');
    const image = await images.insert(users.owner.id, checkImage(pngImage(12, 9)));
    await maps.mergeSettings(mapId, {
      backgroundImage: image,
      imageSize: { width: 12, height: 9 },
    });
    const gatewayMac = nextMac();
    await gateways.upsert({
      id: randomUUID(),
      ownerId: users.owner.id,
      mac: gatewayMac,
      name: 'On map',
      mapId,
      x: 100,
      y: 100,
      radius: 25,
      customSettings: { logicThreshold: -60 },
      isMonitored: true,
    });
    return {
      mapId,
      gatewayMac,
      newMac: nextMac(),
      memberId: users.member.id,
      newcomerEmail: users.newcomer.email,
    };
  }

  /** Everything a refused call must leave untouched. */
  async function snapshot(c: Ctx) {
    const q = (text: string, params: unknown[]) => t.sql.query(text, params);
    return {
      map: await q(
        'select owner_id, name, description, is_public, metadata, settings from maps where id = $1',
        [c.mapId],
      ),
      collaborators: await q(
        'select user_id, role from map_collaborators where map_id = $1 order by user_id',
        [c.mapId],
      ),
      gateways: await q(
        `select mac, name, map_id, position_x, position_y, radius, custom_settings, is_monitored
         from gateways where mac in ($1, $2) or map_id = $3 order by mac`,
        [c.gatewayMac, c.newMac, c.mapId],
      ),
    };
  }

  const send = (req: Request, role: Role) =>
    t.app.inject({
      method: req.method,
      url: req.url,
      headers: {
        ...(role === 'anonymous' ? {} : bearer(users[role].token)),
        ...req.headers,
      },
      ...(req.payload === undefined ? {} : { payload: req.payload }),
    });

  it.each(CASES)('$role: $name', async ({ role, rule, ok, request }) => {
    const ctx = await freshMap();
    const before = await snapshot(ctx);
    const res = await send(request(ctx), role);
    const allowed = ALLOWED[rule].includes(role);
    const expected = allowed ? ok : role === 'anonymous' ? 401 : role === 'stranger' ? 404 : 403;
    expect(res.statusCode, res.body).toBe(expected);
    if (allowed) {
      expect(res.json()).toMatchObject({ success: true });
      // A permitted write takes effect; a read changes nothing.
      if (rule === 'read') expect(await snapshot(ctx)).toEqual(before);
      else expect(await snapshot(ctx)).not.toEqual(before);
      return;
    }
    expect(res.json()).toMatchObject({
      success: false,
      status: 'error',
      message: expect.any(String),
    });
    expect(await snapshot(ctx)).toEqual(before);
    if (role === 'stranger') {
      // Indistinguishable from a map that does not exist: same status, same bytes.
      const missing = await send(request({ ...ctx, mapId: randomUUID() }), role);
      expect(missing.statusCode).toBe(404);
      expect(res.body).toBe(missing.body);
    }
  });

  it('lets the owner and an editor change content but only the owner isPublic', async () => {
    const ctx = await freshMap();
    const editor = await send(
      { method: 'PUT', url: `/api/maps/${ctx.mapId}`, payload: { name: 'By editor' } },
      'editor',
    );
    expect(editor.statusCode).toBe(200);
    expect(editor.json()).toMatchObject({
      map: { name: 'By editor', isPublic: false, accessLevel: 'editor' },
    });
    const owner = await send(
      { method: 'PUT', url: `/api/maps/${ctx.mapId}`, payload: { name: 'Shared', isPublic: true } },
      'owner',
    );
    expect(owner.json()).toMatchObject({ map: { name: 'Shared', isPublic: true } });
    // Once public, a stranger reads it as a viewer but still cannot write.
    const read = await send({ method: 'GET', url: `/api/maps/${ctx.mapId}` }, 'stranger');
    expect(read.json()).toMatchObject({ map: { accessLevel: 'viewer' } });
    const write = await send(
      {
        method: 'PATCH',
        url: `/api/maps/${ctx.mapId}/preset`,
        payload: { center: { x: 1, y: 1 }, zoom: 1 },
      },
      'stranger',
    );
    expect(write.statusCode).toBe(403);
    // An editor may not make it private again either.
    const unshare = await send(
      {
        method: 'PUT',
        url: `/api/maps/${ctx.mapId}`,
        payload: { name: 'Shared', isPublic: false },
      },
      'editor',
    );
    expect(unshare.statusCode).toBe(403);
  });

  it('drops unknown body fields: a caller cannot choose owner, id or access level', async () => {
    const chosenId = randomUUID();
    const res = await send(
      {
        method: 'POST',
        url: '/api/maps',
        payload: {
          name: 'Mine',
          owner_id: users.stranger.id,
          ownerId: users.stranger.id,
          accessLevel: 'viewer',
          _id: chosenId,
          id: chosenId,
          accessCount: 999,
        },
      },
      'editor',
    );
    expect(res.statusCode).toBe(201);
    const map = (res.json() as { map: { _id: string; accessLevel: string; accessCount: number } })
      .map;
    expect(map._id).not.toBe(chosenId);
    expect(map).toMatchObject({ accessLevel: 'owner', accessCount: 0 });
    const rows = await t.sql.query<{ owner_id: string }>(
      'select owner_id from maps where id = $1',
      [map._id],
    );
    expect(rows).toEqual([{ owner_id: users.editor.id }]);
    expect(await t.sql.query('select 1 from maps where id = $1', [chosenId])).toEqual([]);
    const theirs = await send({ method: 'GET', url: '/api/maps' }, 'stranger');
    expect((theirs.json() as { maps: { _id: string }[] }).maps.map((m) => m._id)).not.toContain(
      map._id,
    );

    // Nor can an editor take over a shared map through an update.
    const ctx = await freshMap();
    const update = await send(
      {
        method: 'PUT',
        url: `/api/maps/${ctx.mapId}`,
        payload: { name: 'Taken', owner_id: users.editor.id, accessLevel: 'owner' },
      },
      'editor',
    );
    expect(update.statusCode).toBe(200);
    expect(update.json()).toMatchObject({ map: { accessLevel: 'editor' } });
    const owner = await t.sql.query('select owner_id from maps where id = $1', [ctx.mapId]);
    expect(owner).toEqual([{ owner_id: users.owner.id }]);
  });

  it('answers another user’s device or gateway by MAC or id exactly like a missing one', async () => {
    const dev = 'C3:7E:00:00:00:01';
    const gw = nextMac();
    const created = await send(
      { method: 'POST', url: '/api/devices', payload: { mac: dev, name: 'Owner badge' } },
      'owner',
    );
    expect(created.statusCode).toBe(201);
    const devId = (created.json() as { device: { _id: string } }).device._id;
    const gwRes = await send(
      { method: 'POST', url: '/api/gateways', payload: { mac: gw, name: 'Owner gateway' } },
      'owner',
    );
    expect(gwRes.statusCode).toBe(201);
    const gwId = (gwRes.json() as { gateway: { _id: string } }).gateway._id;

    const calls = (devKey: string, gwKey: string): Request[] => [
      { method: 'PUT', url: `/api/devices/${devKey}`, payload: { name: 'Stolen' } },
      { method: 'PUT', url: `/api/devices/${devKey}`, payload: { positioningMode: 'static' } },
      { method: 'DELETE', url: `/api/devices/monitor/${devKey}` },
      { method: 'DELETE', url: `/api/devices/${devKey}` },
      { method: 'PUT', url: `/api/gateways/${gwKey}`, payload: { name: 'Stolen' } },
      { method: 'PATCH', url: `/api/gateways/${gwKey}/settings`, payload: { viewRadius: 5 } },
      { method: 'DELETE', url: `/api/gateways/monitor/${gwKey}` },
      { method: 'DELETE', url: `/api/gateways/${gwKey}` },
    ];
    const theirs = [...calls(dev, gw), ...calls(devId, gwId)];
    const missing = [
      ...calls('C3:7E:00:00:00:FF', 'AC:23:3F:7E:FF:FF'),
      ...calls(randomUUID(), randomUUID()),
    ];
    for (const [i, req] of theirs.entries()) {
      const res = await send(req, 'stranger');
      const none = await send(missing[i]!, 'stranger');
      expect(res.statusCode, `${req.method} ${req.url}`).toBe(404);
      expect(res.body, `${req.method} ${req.url}`).toBe(none.body);
    }
    const device = await send({ method: 'GET', url: '/api/devices' }, 'owner');
    expect(device.json()).toMatchObject({ devices: [{ mac: dev, name: 'Owner badge' }] });
    const gateways = (await send({ method: 'GET', url: '/api/gateways' }, 'owner')).json() as {
      gateways: { mac: string; name: string; viewRadius: number }[];
    };
    expect(gateways.gateways.find((g) => g.mac === gw)).toMatchObject({
      name: 'Owner gateway',
      viewRadius: 25,
    });
  });
});
