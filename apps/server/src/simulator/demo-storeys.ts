/**
 * The demo building of several storeys (SIMULATOR_FLOORS): the demo map is its ground floor, and
 * each storey above is another map of the same plan with its own gateways; the building groups
 * them, aligned on its stairs and lift, which are marked on every floor.
 */
import { type BuildingBody } from '@rtls/contract';
import type { BuildingsRepository } from '../modules/buildings/repository.ts';
import { DEMO_PIXELS_PER_METRE } from './building.ts';
import { DEMO_MAP_NAME, insertDemoFloor, type SeedDeps } from './demo-seed.ts';
import { LIFT, STAIRS, STOREY_M, storeyMac } from './storeys.ts';
import type { SimGateway } from './simulator.ts';

export const DEMO_BUILDING_NAME = 'Demo Building';

/** The name of the demo building's storey at `level` (0 the ground floor: the demo map). */
export const demoFloorName = (level: number) =>
  level === 0 ? DEMO_MAP_NAME : DEMO_MAP_NAME.replace(/Floor 1$/, `Floor ${level + 1}`);

/** The building's body: its floors by level, aligned on the stairs and lift, which stop on each. */
export function demoBuildingBody(mapIds: readonly string[]): BuildingBody {
  const px = (p: { x: number; y: number }) => ({
    x: p.x * DEMO_PIXELS_PER_METRE,
    y: p.y * DEMO_PIXELS_PER_METRE,
  });
  const spots: [{ x: number; y: number }, { x: number; y: number }] = [px(STAIRS), px(LIFT)];
  return {
    name: DEMO_BUILDING_NAME,
    floors: mapIds.map((mapId, level) => ({
      mapId,
      level,
      heightM: STOREY_M,
      ...(level === 0 ? {} : { alignment: { here: spots, base: spots } }),
    })),
    links: [
      { kind: 'stairs', name: 'Stairs', stops: mapIds.map((mapId) => ({ mapId, ...spots[0] })) },
      { kind: 'lift', name: 'Lift', stops: mapIds.map((mapId) => ({ mapId, ...spots[1] })) },
    ],
  };
}

/**
 * Make the storeys above the demo map that are missing, and the building, unless the demo map is
 * already a floor of one (or was renamed: what the user changed stays). `layout` is the ground
 * floor's gateways; each storey above gets them with its own MACs (storeys.ts).
 */
export async function seedDemoStoreys(
  deps: Pick<SeedDeps, 'maps' | 'gateways' | 'floorModels'> & { buildings: BuildingsRepository },
  userId: string,
  floors: number,
  layout: readonly (SimGateway & { name?: string })[],
): Promise<void> {
  const own = await deps.maps.own(userId);
  const ground = own.find((m) => m.name === DEMO_MAP_NAME);
  if (!ground || (await deps.buildings.ofMaps([ground.id])).length > 0) return;
  const mapIds = [ground.id];
  for (let level = 1; level < floors; level++) {
    const name = demoFloorName(level);
    const existing = own.find((m) => m.name === name);
    const gateways = layout.map((g) => ({
      ...g,
      mac: storeyMac(g.mac, level),
      name: `${g.name ?? g.mac} (Floor ${level + 1})`,
    }));
    mapIds.push(
      existing?.id ?? (await insertDemoFloor(deps, userId, { name, floor: level + 1 }, gateways)),
    );
  }
  await deps.buildings.insert(userId, demoBuildingBody(mapIds));
}
