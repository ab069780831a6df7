/**
 * The pipeline bench's account and fleet, made over the real API (sign in, ingest key, one map with
 * placed gateways, monitored devices), and the reports it sends.
 */
import type { FloorModel, ZoneEvent } from '@rtls/contract';

export const EMAIL = 'bench@example.com';
export const PASSWORD = 'bench-password-1234';
export const GATEWAYS = 8;
/** Map pixels per metre of the bench floor. */
export const PPM = 20;

// ---------------------------------------------------------------- account and fleet over the API

export interface Fleet {
  token: string;
  key: string;
  /** The first map: the one a single-floor fleet has. */
  mapId: string;
  /** Every map of the fleet, which the bench's socket watches for positioned updates. */
  mapIds: string[];
  devices: string[];
  gateways: string[];
  /** Per device, the gateways (indices into `gateways`) that hear it, in the order reports go. */
  heardBy: number[][];
  /** The RSSI gateway g hears from device d now (with noise). */
  rssi: (d: number, g: number) => number;
}

export async function api<T>(url: string, token: string | null, method: string, body?: unknown) {
  const res = await fetch(url, {
    method,
    headers: {
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (!res.ok) throw new Error(`${method} ${url}: ${res.status} ${await res.text()}`);
  return (await res.json()) as T;
}

/** Every event of the map, paging back from the newest. */
export async function allEvents(base: string, token: string, mapId: string) {
  const out: ZoneEvent[] = [];
  let before = '';
  for (;;) {
    const q = `limit=1000${before ? `&before=${encodeURIComponent(before)}` : ''}`;
    const { events } = await api<{ events: ZoneEvent[] }>(
      `${base}/api/maps/${mapId}/events?${q}`,
      token,
      'GET',
    );
    out.push(...events);
    if (events.length < 1000) return out;
    before = events[events.length - 1]!.at;
  }
}

export const hex = (n: number, width: number) => n.toString(16).toUpperCase().padStart(width, '0');
export const macOf = (prefix: string, i: number) => {
  const h = hex(i, 6);
  return `${prefix}:${h.slice(0, 2)}:${h.slice(2, 4)}:${h.slice(4)}`;
};

/** The bench floor's size in metres and its scale. */
export const FLOOR = { widthM: 60, heightM: 40, pixelsPerMetre: PPM } as const;

/** Where gateway i hangs on the 60 × 40 m bench floor (m). */
export const gatewaySpot = (i: number) => ({ x: 5 + (i % 4) * 16, y: 8 + Math.floor(i / 4) * 24 });
/** Where device i stands (m): spread over the floor, the same in every run. */
export const deviceSpot = (i: number) => ({ x: 4 + ((i * 7.3) % 52), y: 4 + ((i * 3.7) % 32) });

/**
 * A report's RSSI: log-distance from the device's spot to the gateway (−59 dBm at 1 m, exponent
 * 2), with ±3 dB of noise, so that the server can locate every device.
 */
function rssiOf(device: number, gateway: number) {
  return rssiAt(deviceSpot(device), gateway);
}

/** The RSSI gateway i hears from a device standing at `d` (m), with the same model and noise. */
export function rssiAt(d: { x: number; y: number }, gateway: number) {
  const g = gatewaySpot(gateway);
  const metres = Math.max(1, Math.hypot(d.x - g.x, d.y - g.y));
  return Math.round(-59 - 20 * Math.log10(metres) + (Math.random() * 6 - 3));
}

/**
 * The bench floor's walls: rooms of 6 × 5 m in a 10 × 8 grid over the 60 × 40 m floor, each
 * inner wall a polyline with a 1 m door in the middle of every room's side, and the outer walls
 * (146 wall segments, 142 doors), in map pixels. Tags are located with motion kept to the doors
 * and the walls counted in the radio map, as on a drawn floor of that size.
 */
export function benchFloorModel(): FloorModel {
  const px = (x: number, y: number) => ({ x: x * PPM, y: y * PPM });
  const { widthM: w, heightM: h } = FLOOR;
  const walls: FloorModel['walls'] = [
    { id: 'outer', points: [px(0, 0), px(w, 0), px(w, h), px(0, h), px(0, 0)], kind: 'heavy' },
  ];
  const doors: FloorModel['doors'] = [];
  for (let x = 6; x < w; x += 6) {
    const ys = Array.from({ length: h / 5 + 1 }, (_, k) => k * 5);
    walls.push({ id: `v${x}`, points: ys.map((y) => px(x, y)), kind: 'light' });
    for (const y of ys.slice(0, -1))
      doors.push({ id: `v${x}-${y}`, a: px(x, y + 2), b: px(x, y + 3) });
  }
  for (let y = 5; y < h; y += 5) {
    const xs = Array.from({ length: w / 6 + 1 }, (_, k) => k * 6);
    walls.push({ id: `h${y}`, points: xs.map((x) => px(x, y)), kind: 'light' });
    for (const x of xs.slice(0, -1))
      doors.push({ id: `h${y}-${x}`, a: px(x + 2.5, y), b: px(x + 3.5, y) });
  }
  return { walls, doors, outline: null };
}

/**
 * A map with 8 placed gateways and `devices` monitored tags, and an ingest key; the map has the
 * bench floor's walls unless `walls` is false.
 */
export async function setUpFleet(base: string, devices: number, walls = true): Promise<Fleet> {
  const token = await signInBench(base);
  const { map } = await api<{ map: { _id: string } }>(`${base}/api/maps`, token, 'POST', {
    name: 'Bench floor',
    settings: {
      pixelsPerMetre: PPM,
      imageSize: { width: FLOOR.widthM * PPM, height: FLOOR.heightM * PPM },
    },
  });
  if (walls) await api(`${base}/api/maps/${map._id}/floor-model`, token, 'PUT', benchFloorModel());
  const gateways = Array.from({ length: GATEWAYS }, (_, i) => macOf('AC:23:3F', i + 1));
  for (const [i, mac] of gateways.entries()) {
    await api(`${base}/api/gateways`, token, 'POST', {
      mac,
      name: `Bench GW ${i + 1}`,
      mapId: map._id,
      position: { x: gatewaySpot(i).x * PPM, y: gatewaySpot(i).y * PPM },
      customSettings: { maxRSSI: -59, logicThreshold: -95 },
    });
  }
  const macs = Array.from({ length: devices }, (_, i) => macOf('C3:00:00', i + 1));
  await monitorAll(base, token, macs);
  const key = await ingestKey(base, token);
  const all = Array.from({ length: GATEWAYS }, (_, g) => g);
  return {
    token,
    key,
    mapId: map._id,
    mapIds: [map._id],
    devices: macs,
    gateways,
    heardBy: macs.map(() => all),
    rssi: rssiOf,
  };
}

/** Sign the bench account in; every locate publishes its fix (no confidence floor). */
export async function signInBench(base: string): Promise<string> {
  const { data } = await api<{ data: { token: string } }>(`${base}/api/user/signin`, null, 'POST', {
    email: EMAIL,
    password: PASSWORD,
  });
  // The bench measures how many devices the server positions per second, and the default
  // confidence floor would keep the last position for the fleet's farthest spots (a fix that is
  // too weak is not a new position).
  await api(`${base}/api/user-settings/triangulation`, data.token, 'PATCH', {
    triangulation: { minConfidence: 0 },
  });
  return data.token;
}

/** Monitor every device, 16 calls at a time. */
export async function monitorAll(base: string, token: string, macs: string[]): Promise<void> {
  for (let i = 0; i < macs.length; i += 16) {
    await Promise.all(
      macs
        .slice(i, i + 16)
        .map((m) => api(`${base}/api/devices/monitor/${encodeURIComponent(m)}`, token, 'POST', {})),
    );
  }
}

/** A new ingest key of the bench account. */
export async function ingestKey(base: string, token: string): Promise<string> {
  const { key } = await api<{ key: string }>(`${base}/api/ingest-keys`, token, 'POST', {
    name: 'bench',
  });
  return key;
}

// ---------------------------------------------------------------- report generation

/**
 * Reports over the fleet: each device in turn, gateways in turn, unique timestamps per device,
 * RSSIs from where each device stands.
 */
export function reportSource(fleet: Fleet) {
  const last = new Map<string, number>();
  let cursor = 0;
  return (n: number): { body: string; devices: string[]; stamps: number[] } => {
    const now = Date.now();
    const parts: string[] = [];
    const devices: string[] = [];
    const stamps: number[] = [];
    for (let i = 0; i < n; i++, cursor++) {
      const d = cursor % fleet.devices.length;
      const hearers = fleet.heardBy[d]!;
      const g = hearers[Math.floor(cursor / fleet.devices.length) % hearers.length]!;
      const [device, gateway] = [fleet.devices[d]!, fleet.gateways[g]!];
      const ts = Math.max(now, (last.get(device) ?? 0) + 1);
      last.set(device, ts);
      const rssi = fleet.rssi(d, g);
      parts.push(`{"gateway":"${gateway}","device":"${device}","rssi":${rssi},"timestamp":${ts}}`);
      devices.push(device);
      stamps.push(ts);
    }
    return { body: `[${parts.join(',')}]`, devices, stamps };
  };
}

export async function postReports(base: string, key: string, body: string) {
  const res = await fetch(`${base}/api/ingest`, {
    method: 'POST',
    headers: { 'x-ingest-key': key, 'content-type': 'application/json' },
    body,
  });
  const json = (await res.json()) as { accepted?: number };
  return { status: res.status, accepted: json.accepted ?? 0 };
}
