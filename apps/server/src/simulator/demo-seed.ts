/** The demo account with a map, gateways and monitored tags, so a first run shows movement. */
import { randomUUID } from 'node:crypto';
import { DEFAULT_GATEWAY_VIEW_RADIUS, GATEWAY_ADD_DEFAULTS } from '@rtls/contract';
import type { AuthService } from '../modules/auth/service.ts';
import type { DevicesRepository } from '../modules/devices/repository.ts';
import type { FloorModelsRepository } from '../modules/floor-models/repository.ts';
import type { GatewaysRepository } from '../modules/gateways/repository.ts';
import type { MapsRepository } from '../modules/maps/repository.ts';
import {
  DEMO_FLOOR,
  DEMO_LOGIC_THRESHOLD,
  DEMO_PIXELS_PER_METRE,
  DEMO_RSSI_AT_1M,
  demoDevice,
} from './building.ts';
import { demoFloorModel } from './plan.ts';
import type { SimGateway } from './simulator.ts';

export const DEMO_MAP_NAME = 'Demo Building — Floor 1';

export interface SeedDeps {
  auth: AuthService;
  maps: MapsRepository;
  gateways: GatewaysRepository;
  devices: DevicesRepository;
  floorModels: FloorModelsRepository;
}

/** Create what is missing; never overwrites what the user changed. Returns the demo user's id. */
export async function seedDemo(
  deps: SeedDeps,
  opts: {
    email: string;
    password: string;
    devices: number;
    gateways: readonly (SimGateway & { name?: string })[];
  },
): Promise<string> {
  const user =
    (await deps.auth.findByEmail(opts.email)) ??
    (await deps.auth.createUser({
      email: opts.email,
      password: opts.password,
      firstName: 'Demo',
      lastName: 'Operator',
    }));

  // Seeded before: the user may have renamed the map or moved its gateways since, and a second
  // demo map would take the gateways (and the tags' positions) away from theirs.
  const own = await deps.maps.own(user.id);
  const seeded = own.find((m) => m.name === DEMO_MAP_NAME);
  if (seeded) {
    // A demo map seeded before floor models existed gets its walls; a model stored since stays.
    if (!(await deps.floorModels.get(seeded.id)))
      await deps.floorModels.put(seeded.id, demoFloorModel(DEMO_PIXELS_PER_METRE));
    return user.id;
  }
  const first = opts.gateways[0];
  if (first && (await deps.gateways.find(user.id, first.mac))) return user.id;

  await insertDemoFloor(deps, user.id, { name: DEMO_MAP_NAME, floor: 1 }, opts.gateways);
  for (let i = 0; i < opts.devices; i++) {
    const d = demoDevice(i);
    await deps.devices.upsert({
      id: randomUUID(),
      ownerId: user.id,
      mac: d.mac,
      name: d.name,
      customSettings: {},
      isMonitored: true,
    });
  }
  return user.id;
}

/**
 * One floor of the demo building: a map of the demo plan named `name` (the `floor`-th storey), its
 * walls and its gateways (positions in metres). Returns the map's id.
 */
export async function insertDemoFloor(
  deps: Pick<SeedDeps, 'maps' | 'gateways' | 'floorModels'>,
  userId: string,
  { name, floor }: { name: string; floor: number },
  gateways: readonly (SimGateway & { name?: string })[],
): Promise<string> {
  const mapId = randomUUID();
  const ppm = DEMO_PIXELS_PER_METRE;
  const size = { width: DEMO_FLOOR.width * ppm, height: DEMO_FLOOR.height * ppm };
  await deps.maps.insert({
    id: mapId,
    ownerId: userId,
    name,
    description: `Simulated hospital wing with ${gateways.length} gateways and walking tags`,
    isPublic: false,
    metadata: { buildingName: 'Demo Building', floor: String(floor) },
    settings: {
      backgroundImage: '/maps/floor1.svg',
      imageSize: size,
      defaultCenter: { x: size.width / 2, y: size.height / 2 },
      defaultZoom: 1,
      minZoom: 0.1,
      maxZoom: 15,
      pixelsPerMetre: ppm,
    },
  });
  await deps.floorModels.put(mapId, demoFloorModel(ppm));
  for (const g of gateways) {
    await deps.gateways.upsert({
      id: randomUUID(),
      ownerId: userId,
      mac: g.mac,
      name: g.name ?? g.mac,
      mapId,
      x: g.x * ppm,
      y: g.y * ppm,
      radius: DEFAULT_GATEWAY_VIEW_RADIUS,
      customSettings: {
        maxRSSI: DEMO_RSSI_AT_1M,
        logicThreshold: DEMO_LOGIC_THRESHOLD,
        color: GATEWAY_ADD_DEFAULTS.color,
        showCoverage: true,
      },
      isMonitored: true,
    });
  }
  return mapId;
}
