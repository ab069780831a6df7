/**
 * The pipeline bench's building: `floors` storeys of the 60 × 40 m bench floor, one map each with
 * FLOOR_GATEWAYS gateways, grouped as a building with stairs, and devices spread over the storeys.
 * Each device is heard by the nearest gateways of its own storey and, weaker, by the nearest ones
 * of the storeys above and below it, so that the server decides every device's floor as well as
 * its place on it.
 */
import {
  api,
  benchFloorModel,
  deviceSpot,
  FLOOR,
  ingestKey,
  macOf,
  monitorAll,
  PPM,
  signInBench,
  type Fleet,
} from './pipeline-fleet.ts';

/** Gateways per storey: a 5 × 4 grid, 12 m apart across and 10 m along. */
export const FLOOR_GATEWAYS = 20;
/** A storey's height (m). */
const STOREY_M = 3.5;
/** Loss through one floor slab (dB) on top of the distance's. */
const SLAB_DB = 15;
/** Gateways of its own storey that hear a device, and of each storey next to it. */
const OWN_HEARERS = 8;
const NEXT_HEARERS = 2;

const spotOf = (i: number) => ({ x: 6 + (i % 5) * 12, y: 5 + Math.floor(i / 5) * 10 });

interface Placed {
  floor: number;
  x: number;
  y: number;
}

/** RSSI (−59 dBm at 1 m, exponent 2, a slab loss per storey between, ±3 dB noise). */
function rssiBetween(d: Placed, g: Placed): number {
  const dz = (d.floor - g.floor) * STOREY_M;
  const metres = Math.max(1, Math.hypot(d.x - g.x, d.y - g.y, dz));
  const slabs = Math.abs(d.floor - g.floor);
  return Math.round(-59 - 20 * Math.log10(metres) - SLAB_DB * slabs + (Math.random() * 6 - 3));
}

/** The `count` gateways of `floor` nearest to the device. */
function nearest(d: Placed, gateways: Placed[], floor: number, count: number): number[] {
  return gateways
    .map((g, i) => ({ i, g }))
    .filter(({ g }) => g.floor === floor)
    .sort((a, b) => Math.hypot(a.g.x - d.x, a.g.y - d.y) - Math.hypot(b.g.x - d.x, b.g.y - d.y))
    .slice(0, count)
    .map(({ i }) => i);
}

/** Maps, gateways, a building of them, `devices` monitored tags and an ingest key. */
export async function setUpBuildingFleet(
  base: string,
  devices: number,
  floors: number,
  walls: boolean,
): Promise<Fleet> {
  const token = await signInBench(base);
  const mapIds: string[] = [];
  const placed: Placed[] = [];
  const gateways: string[] = [];
  for (let f = 0; f < floors; f++) {
    const { map } = await api<{ map: { _id: string } }>(`${base}/api/maps`, token, 'POST', {
      name: `Bench storey ${f}`,
      settings: {
        pixelsPerMetre: PPM,
        imageSize: { width: FLOOR.widthM * PPM, height: FLOOR.heightM * PPM },
      },
    });
    mapIds.push(map._id);
    if (walls)
      await api(`${base}/api/maps/${map._id}/floor-model`, token, 'PUT', benchFloorModel());
    for (let i = 0; i < FLOOR_GATEWAYS; i++) {
      const mac = macOf('AC:23:3F', f * FLOOR_GATEWAYS + i + 1);
      const spot = spotOf(i);
      await api(`${base}/api/gateways`, token, 'POST', {
        mac,
        name: `Bench GW ${f}.${i + 1}`,
        mapId: map._id,
        position: { x: spot.x * PPM, y: spot.y * PPM },
        customSettings: { maxRSSI: -59, logicThreshold: -95 },
      });
      gateways.push(mac);
      placed.push({ floor: f, ...spot });
    }
  }
  await api(`${base}/api/buildings`, token, 'POST', {
    name: 'Bench building',
    floors: mapIds.map((mapId, level) => ({ mapId, level, heightM: STOREY_M })),
    links: [
      {
        kind: 'stairs',
        name: 'Stairs',
        stops: mapIds.map((mapId) => ({ mapId, x: 3 * PPM, y: 3 * PPM })),
      },
    ],
  });
  const macs = Array.from({ length: devices }, (_, i) => macOf('C3:00:00', i + 1));
  const where: Placed[] = macs.map((_, d) => ({ floor: d % floors, ...deviceSpot(d) }));
  const heardBy = where.map((d) => [
    ...nearest(d, placed, d.floor, OWN_HEARERS),
    ...[d.floor - 1, d.floor + 1].flatMap((f) => nearest(d, placed, f, NEXT_HEARERS)),
  ]);
  await monitorAll(base, token, macs);
  return {
    token,
    key: await ingestKey(base, token),
    mapId: mapIds[0]!,
    mapIds,
    devices: macs,
    gateways,
    heardBy,
    rssi: (d, g) => rssiBetween(where[d]!, placed[g]!),
  };
}

/** Reports per second that give every device one report from each gateway that hears it. */
export function oneHertzRate(fleet: Fleet): number {
  return fleet.heardBy.reduce((sum, h) => sum + h.length, 0);
}
