/**
 * A device's own measured level at 1 m (ESPresense `rssi@1m`, or `refRssi` in a generic report)
 * reaches the locator: a tag quieter than the nominal one, heard at the same RSSIs, is placed
 * where it stands when it states its level, and off (farther from every gateway) when it does not.
 */
import type { MqttClient } from 'mqtt';
import type { Device, TrackingMap } from '@rtls/contract';
import { afterAll, expect, it } from 'vitest';
import type { MqttIngest } from '../src/modules/ingest/mqtt-ingest.ts';
import { espresenseGatewayKey } from '../src/modules/ingest/formats/espresense.ts';
import { macFromName } from '../src/modules/ingest/formats/index.ts';
import {
  bearer,
  createIngestKey,
  createSignedInUser,
  describeEachDb,
  type SignedIn,
} from './helpers.ts';
import { connectMqtt, startEmbeddedBroker } from './mqtt-helpers.ts';

const PPM = 20;
/** Six ESPresense rooms around a 10 × 8 m room, at the default mounting height (2.5 m). */
const ROOMS = [
  ['hall_west', 0, 0],
  ['hall_east', 10, 0],
  ['kitchen', 10, 8],
  ['office', 0, 8],
  ['stairs', 5, 0],
  ['lounge', 5, 8],
] as const;
/** Where the tags stand (m), and how loud they are at 1 m: 11 dB below the nominal −59 dBm. */
const SPOT = { x: 2, y: 2 };
const LEVEL = -70;

/** Log-distance RSSI (exponent 2.2, tag at 1.2 m under gateways at 2.5 m) per room. */
const heard = ROOMS.map(([room, x, y]) => {
  const d = Math.hypot(x - SPOT.x, y - SPOT.y, 1.3);
  return { room, rssi: Math.round((LEVEL - 22 * Math.log10(d)) * 10) / 10 };
});

describeEachDb("a device's own level at 1 m", (t) => {
  let owner: SignedIn;
  let key: string;
  let mapId: string;
  let ingest: MqttIngest;
  let gw: MqttClient;

  const api = (method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) =>
    t.app.inject({ method, url, headers: bearer(owner.token), ...(payload ? { payload } : {}) });

  t.setup(async () => {
    owner = await createSignedInUser(t.built, 'ref-rssi');
    key = await createIngestKey(t.built, owner.id);
    const map = await api('POST', '/api/maps', { name: 'Flat', settings: { pixelsPerMetre: PPM } });
    mapId = (map.json() as { map: TrackingMap }).map._id;
    for (const [room, x, y] of ROOMS) {
      const mac = macFromName(espresenseGatewayKey(room));
      const placed = await api('POST', `/api/gateways/map/${mapId}`, {
        mac,
        position: { x: x * PPM, y: y * PPM },
      });
      expect(placed.statusCode).toBe(201);
    }
    let url: string;
    ({ ingest, url } = await startEmbeddedBroker(t));
    gw = await connectMqtt(url, key);
  });
  afterAll(async () => {
    gw?.end(true);
    await ingest?.close();
  });

  /** Monitor a tag standing still (static mode; its first fix is the grid tracker's). */
  async function monitor(id: string) {
    const path = encodeURIComponent(id);
    expect((await api('POST', `/api/devices/monitor/${path}`, { name: id })).statusCode).toBe(200);
    const still = await api('PUT', `/api/devices/${path}`, { positioningMode: 'static' });
    expect(still.statusCode).toBe(200);
  }

  /** How far from SPOT (m) the server places a device, once it has placed it from every room. */
  async function errorOf(id: string): Promise<number> {
    let found: Device | undefined;
    await expect
      .poll(
        async () => {
          const res = await api('GET', `/api/maps/${mapId}/devices`);
          found = (res.json() as { devices: Device[] }).devices.find((d) => d.mac === id);
          return found?.triangulationInfo?.signalsUsed === heard.length ? found.position : null;
        },
        { timeout: 10_000 },
      )
      .not.toBeNull();
    const p = found!.position!;
    return Math.hypot(p.x / PPM - SPOT.x, p.y / PPM - SPOT.y);
  }

  it('places a quiet tag by the rssi@1m its ESPresense reports carry, over MQTT and HTTP', async () => {
    const stating = 'irk:aa000000000000000000000000000001';
    const silent = 'irk:aa000000000000000000000000000002';
    const overHttp = 'watch:quiet-http';
    for (const id of [stating, silent, overHttp]) await monitor(id);
    for (const { room, rssi } of heard) {
      await gw.publishAsync(
        `espresense/devices/${stating}/${room}`,
        JSON.stringify({ id: stating, idType: 200, rssi, 'rssi@1m': LEVEL }),
        { qos: 1 },
      );
      await gw.publishAsync(
        `espresense/devices/${silent}/${room}`,
        JSON.stringify({ id: silent, idType: 200, rssi }),
        { qos: 1 },
      );
    }
    const posted = await t.app.inject({
      method: 'POST',
      url: '/api/ingest',
      headers: { 'x-ingest-key': key },
      payload: heard.map(({ room, rssi }) => ({
        gateway: macFromName(espresenseGatewayKey(room)),
        device: overHttp,
        rssi,
        refRssi: LEVEL,
      })),
    });
    expect(posted.json()).toMatchObject({ accepted: heard.length, rejected: 0 });

    const stated = await errorOf(stating);
    const viaHttp = await errorOf(overHttp);
    const unstated = await errorOf(silent);
    expect(stated).toBeLessThan(0.5);
    expect(viaHttp).toBeLessThan(0.5);
    // Without its level the tag's distances all read long: placed well further off. How much
    // depends on what the map's site model has learnt from the other tags by then (1.1-1.7 m).
    expect(unstated).toBeGreaterThan(stated + 0.75);
  });

  it('keeps a report whose stated level is nonsense', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/ingest',
      headers: { 'x-ingest-key': key },
      payload: {
        gateway: macFromName('espresense:office'),
        device: 'tag:odd',
        rssi: -70,
        refRssi: 'loud',
      },
    });
    expect(res.json()).toMatchObject({ accepted: 1, rejected: 0 });
  });
});
