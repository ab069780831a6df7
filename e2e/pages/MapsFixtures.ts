/** Fixtures for the maps specs: a floor-plan PNG built in memory and direct API calls for setup. */
import { crc32, deflateSync } from 'node:zlib';
import type { Alert, FloorModelResponse, MapResponse, ZoneEvent } from '@rtls/contract';

function chunk(type: string, data: Buffer): Buffer {
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const len = Buffer.alloc(4);
  len.writeUInt32BE(data.length);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([len, body, crc]);
}

/** A width×height RGB PNG that looks like a plan: light floor, dark outer and room walls. */
export function floorPlanPng(width = 600, height = 400): Buffer {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr[8] = 8;
  ihdr[9] = 2;
  const row = 1 + width * 3;
  const raw = Buffer.alloc(row * height);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const wall =
        x < 6 || y < 6 || x >= width - 6 || y >= height - 6 || x % 150 < 4 || y === height >> 1;
      const v = wall ? 40 : 235;
      raw.fill(v, y * row + 1 + x * 3, y * row + 4 + x * 3);
    }
  }
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', deflateSync(raw)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

interface PlainMap {
  name: string;
  description?: string;
  metadata: Record<string, unknown>;
  settings: { backgroundImage?: unknown } & Record<string, unknown>;
}

/** A signed-in API client for test setup (create maps, share them). */
export async function apiClient(baseUrl: string, email: string, password: string) {
  const res = await fetch(`${baseUrl}/api/user/signin`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password }),
  });
  if (!res.ok) throw new Error(`sign-in of ${email} failed: ${res.status}`);
  const { token } = ((await res.json()) as { data: { token: string } }).data;
  const call = async <T>(method: string, path: string, body?: unknown): Promise<T> => {
    const r = await fetch(`${baseUrl}/api${path}`, {
      method,
      headers: {
        authorization: `Bearer ${token}`,
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    if (!r.ok) throw new Error(`${method} ${path} failed: ${r.status} ${await r.text()}`);
    return (await r.json()) as T;
  };
  return {
    token,
    createMap: async (name: string, extra: Record<string, unknown> = {}) =>
      (await call<{ map: { _id: string } }>('POST', '/maps', { name, ...extra })).map._id,
    /** Uploads a PNG as the map's background image. */
    uploadImage: async (mapId: string, png: Buffer) => {
      const form = new FormData();
      form.append('image', new Blob([new Uint8Array(png)], { type: 'image/png' }), 'plan.png');
      const r = await fetch(`${baseUrl}/api/maps/${mapId}/upload-image`, {
        method: 'POST',
        headers: { authorization: `Bearer ${token}` },
        body: form,
      });
      if (!r.ok) throw new Error(`upload to ${mapId} failed: ${r.status} ${await r.text()}`);
    },
    share: (mapId: string, userEmail: string, role: 'editor' | 'viewer') =>
      call('POST', `/maps/${mapId}/collaborators`, { userId: userEmail, role }),
    /** Puts a device the gateways reported into monitoring. */
    monitor: (mac: string, displayName: string) =>
      call('POST', `/devices/monitor/${encodeURIComponent(mac)}`, { displayName }),
    /** Places a gateway on a map at a point in map pixels. */
    placeGateway: (mapId: string, mac: string, position: { x: number; y: number }) =>
      call('POST', `/gateways/map/${mapId}`, { mac, position }),
    /** A new ingest key of this account, for POST /api/ingest. */
    ingestKey: async () =>
      (await call<{ key: string }>('POST', '/ingest-keys', { name: 'e2e' })).key,
    /** The id of this account's map called `name`. */
    mapId: async (name: string) => {
      const { maps } = await call<{ maps: { _id: string; name: string }[] }>('GET', '/maps');
      const found = maps.find((m) => m.name === name);
      if (!found) throw new Error(`no map called ${name}`);
      return found._id;
    },
    /** A map as GET /maps/{id} answers it (its settings hold the scale). */
    map: async (mapId: string) => (await call<MapResponse>('GET', `/maps/${mapId}`)).map,
    /** A map's floor model (walls, doors, outline) in map pixels. */
    floorModel: async (mapId: string) =>
      (await call<FloorModelResponse>('GET', `/maps/${mapId}/floor-model`)).floorModel,
    /** The gateways placed on a map, with their positions in map pixels. */
    gatewaysOn: async (mapId: string) =>
      (
        await call<{ gateways: { mac: string; position: { x: number; y: number } | null }[] }>(
          'GET',
          `/gateways/map/${mapId}`,
        )
      ).gateways,
    /** Draws a zone on a map (polygon in map pixels). */
    createZone: (mapId: string, name: string, polygon: { x: number; y: number }[]) =>
      call('POST', `/maps/${mapId}/zones`, { name, polygon }),
    /** The alerts of one map, newest first. */
    alerts: async (mapId: string) =>
      (await call<{ alerts: Alert[] }>('GET', `/alerts?mapId=${mapId}`)).alerts,
    /** The event log of one map, newest first; `query` as GET /maps/{id}/events takes it. */
    events: async (mapId: string, query = '') =>
      (await call<{ events: ZoneEvent[] }>('GET', `/maps/${mapId}/events?${query}`)).events,
    /** Replaces a map's floor model (walls, doors, outline). */
    putFloorModel: (mapId: string, model: unknown) =>
      call('PUT', `/maps/${mapId}/floor-model`, model),
    /** Makes a map public, keeping everything else as it is. */
    makePublic: async (mapId: string) => {
      const { map } = await call<{ map: PlainMap }>('GET', `/maps/${mapId}`);
      const { backgroundImage: _image, ...settings } = map.settings;
      await call('PUT', `/maps/${mapId}`, {
        name: map.name,
        description: map.description,
        metadata: map.metadata,
        settings,
        isPublic: true,
      });
    },
  };
}
