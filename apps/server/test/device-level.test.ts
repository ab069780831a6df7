/**
 * A device's own measured level at 1 m (ESPresense `rssi@1m`, or `refRssi` in a generic report)
 * reaches the locator: a tag quieter than the nominal one, heard at the same RSSIs, is placed
 * where it stands when it states its level, and off (farther from every gateway) when it does not.
 *
 * Each tag stands in its own copy of the flat (its own map and gateways), and the owner's
 * positioning is switched on only once every report is in: each tag is then located once, from
 * all six readings, by a map whose site model has learnt nothing. Located as the reports come
 * in, a tag's position would depend on the order and timing of its rounds and on what its map
 * learnt from other tags meanwhile.
 */
import type { Device } from '@rtls/contract';
import { expect, it } from 'vitest';
import { espresenseGatewayKey } from '../src/modules/ingest/formats/espresense.ts';
import { macFromName } from '../src/modules/ingest/formats/index.ts';
import {
  bearer,
  createIngestKey,
  createSignedInUser,
  describeEachDb,
  type SignedIn,
} from './helpers.ts';
import { postReports } from './demo-reports.ts';
import { createMapOf } from './maps-api.ts';
import { useEmbeddedGateway } from './mqtt-helpers.ts';

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

/** The tags, each in its own flat: its ESPresense rooms are named `<room>_<flat>`. */
const TAGS = {
  stating: { id: 'irk:aa000000000000000000000000000001', flat: 'a' },
  silent: { id: 'irk:aa000000000000000000000000000002', flat: 'b' },
  overHttp: { id: 'watch:quiet-http', flat: 'c' },
} as const;
const gatewayOf = (room: string, flat: string) =>
  macFromName(espresenseGatewayKey(`${room}_${flat}`));

describeEachDb("a device's own level at 1 m", (t) => {
  let owner: SignedIn;
  let key: string;
  const mapOf = new Map<string, string>();

  const api = (method: 'GET' | 'POST' | 'PUT' | 'PATCH', url: string, payload?: object) =>
    t.app.inject({ method, url, headers: bearer(owner.token), ...(payload ? { payload } : {}) });

  /** The owner's positioning on or off; readings count the same whatever their age. */
  async function positioning(enabled: boolean) {
    const res = await api('PATCH', '/api/user-settings/triangulation', {
      triangulation: { enabled, signalAgeWeight: 1 },
    });
    expect(res.statusCode, res.body).toBe(200);
  }

  t.setup(async () => {
    owner = await createSignedInUser(t.built, 'ref-rssi');
    key = await createIngestKey(t.built, owner.id);
    await positioning(false);
    for (const { id, flat } of Object.values(TAGS)) {
      const mapId = await createMapOf(t.app, owner.token, {
        name: `Flat ${flat}`,
        settings: { pixelsPerMetre: PPM },
      });
      mapOf.set(id, mapId);
      for (const [room, x, y] of ROOMS) {
        const placed = await api('POST', `/api/gateways/map/${mapId}`, {
          mac: gatewayOf(room, flat),
          position: { x: x * PPM, y: y * PPM },
        });
        expect(placed.statusCode).toBe(201);
      }
    }
  });
  const gateway = useEmbeddedGateway(t, () => key);

  /** Monitor a tag standing still (static mode; its first fix is the grid tracker's). */
  async function monitor(id: string) {
    const path = encodeURIComponent(id);
    expect((await api('POST', `/api/devices/monitor/${path}`, { name: id })).statusCode).toBe(200);
    const still = await api('PUT', `/api/devices/${path}`, { positioningMode: 'static' });
    expect(still.statusCode).toBe(200);
  }

  /** The tag as `url` lists it, once it is there with `ready` true of it. */
  async function listed(url: string, id: string, ready: (d: Device) => boolean): Promise<Device> {
    let found: Device | undefined;
    await expect
      .poll(
        async () => {
          const res = await api('GET', url);
          found = (res.json() as { devices: Device[] }).devices.find((d) => d.mac === id);
          return found !== undefined && ready(found);
        },
        { timeout: 10_000 },
      )
      .toBe(true);
    return found!;
  }

  /** How far from SPOT (m) the server places a device, located from every room. */
  async function errorOf(id: string): Promise<number> {
    const found = await listed(
      `/api/maps/${mapOf.get(id)}/devices`,
      id,
      (d) => d.triangulationInfo?.signalsUsed === heard.length,
    );
    const p = found.position!;
    return Math.hypot(p.x / PPM - SPOT.x, p.y / PPM - SPOT.y);
  }

  it('places a quiet tag by the rssi@1m its ESPresense reports carry, over MQTT and HTTP', async () => {
    const { stating, silent, overHttp } = TAGS;
    for (const { id } of Object.values(TAGS)) await monitor(id);
    await Promise.all(
      heard.flatMap(({ room, rssi }) => [
        gateway.gw.publishAsync(
          `espresense/devices/${stating.id}/${room}_${stating.flat}`,
          JSON.stringify({ id: stating.id, idType: 200, rssi, 'rssi@1m': LEVEL }),
          { qos: 1 },
        ),
        gateway.gw.publishAsync(
          `espresense/devices/${silent.id}/${room}_${silent.flat}`,
          JSON.stringify({ id: silent.id, idType: 200, rssi }),
          { qos: 1 },
        ),
      ]),
    );
    const posted = await postReports(
      t.app,
      key,
      heard.map(({ room, rssi }) => ({
        gateway: gatewayOf(room, overHttp.flat),
        device: overHttp.id,
        rssi,
        refRssi: LEVEL,
      })),
    );
    expect(posted.json()).toMatchObject({ accepted: heard.length, rejected: 0 });
    // Every report stored has been taken by the live path; once it has sent them all on, the
    // locating core holds all six readings of each tag, and switching positioning on locates
    // each tag once.
    for (const { id } of Object.values(TAGS))
      await listed(
        '/api/devices/monitored',
        id,
        (d) => Object.keys(d.signal ?? {}).length === heard.length,
      );
    await t.built.live.intake.sent();
    await positioning(true);

    // All three at once: their readings are dropped 30 s after they came, and one after another
    // the waits of a loaded machine added up past that.
    const [stated, viaHttp, unstated] = await Promise.all([
      errorOf(stating.id),
      errorOf(overHttp.id),
      errorOf(silent.id),
    ]);
    expect(stated).toBeLessThan(0.5);
    expect(viaHttp).toBeLessThan(0.5);
    // The same level stated in either format places the tag alike.
    expect(viaHttp).toBeCloseTo(stated, 6);
    // Without its level the tag's distances all read long: placed over a metre further off.
    expect(unstated).toBeGreaterThan(stated + 1);
  });

  it('keeps a report whose stated level is nonsense', async () => {
    const res = await postReports(t.app, key, {
      gateway: macFromName('espresense:office'),
      device: 'tag:odd',
      rssi: -70,
      refRssi: 'loud',
    });
    expect(res.json()).toMatchObject({ accepted: 1, rejected: 0 });
  });
});
