/**
 * The demo seed creates what is missing and never takes back what the user changed: a renamed
 * map keeps its name and gateways, a floor model stored since is kept.
 */
import { expect, it } from 'vitest';
import { DEMO_PIXELS_PER_METRE } from '../src/simulator/building.ts';
import { buildingsRepository } from '../src/modules/buildings/repository.ts';
import { buildingProblem } from '../src/modules/buildings/validate.ts';
import { DEMO_MAP_NAME, seedDemo } from '../src/simulator/demo-seed.ts';
import { demoBuildingBody, seedDemoStoreys } from '../src/simulator/demo-storeys.ts';
import { demoFloorModel } from '../src/simulator/plan.ts';
import { gatewayLayout } from '../src/simulator/simulator.ts';
import { describeEachDb, TEST_PASSWORD, uniqueEmail } from './helpers.ts';

describeEachDb('demo seed', (t) => {
  const seed = (email: string) =>
    seedDemo(
      { auth: t.built.auth, ...t.built.repos },
      { email, password: TEST_PASSWORD, devices: 2, gateways: gatewayLayout(4) },
    );

  it('gives a demo map without a floor model the demo floor, and keeps one stored since', async () => {
    const email = uniqueEmail('demo');
    const userId = await seed(email);
    const [map] = await t.built.repos.maps.own(userId);
    const { floorModels } = t.built.repos;
    expect((await floorModels.get(map!.id))?.floorModel).toEqual(
      demoFloorModel(DEMO_PIXELS_PER_METRE),
    );
    // Seeded before floor models existed.
    await t.sql.query('delete from floor_models where map_id = $1', [map!.id]);
    await seed(email);
    expect((await floorModels.get(map!.id))?.floorModel).toEqual(
      demoFloorModel(DEMO_PIXELS_PER_METRE),
    );
    const own = { walls: [], doors: [], outline: null };
    await floorModels.put(map!.id, own);
    await seed(email);
    expect((await floorModels.get(map!.id))?.floorModel).toEqual(own);
  });

  it('leaves a renamed demo map with its gateways on the next start', async () => {
    const email = uniqueEmail('demo');
    const userId = await seed(email);
    const [map] = await t.built.repos.maps.own(userId);
    expect(map!.name).toBe(DEMO_MAP_NAME);
    await t.built.repos.maps.update(map!.id, { ...map!, name: 'Ward A', isPublic: false });

    expect(await seed(email)).toBe(userId);
    const maps = await t.built.repos.maps.own(userId);
    expect(maps.map((m) => m.name)).toEqual(['Ward A']);
    const placed = await t.built.repos.gateways.onMap(map!.id);
    expect(placed).toHaveLength(4);
  });

  it('with three storeys makes a building of the demo map and two more, once', async () => {
    const userId = await seed(uniqueEmail('demo'));
    const deps = { ...t.built.repos, buildings: buildingsRepository(t.sql) };
    await seedDemoStoreys(deps, userId, 3, gatewayLayout(4));
    await seedDemoStoreys(deps, userId, 3, gatewayLayout(4));
    const maps = await t.built.repos.maps.own(userId);
    expect(maps.map((m) => m.name).sort()).toEqual([
      DEMO_MAP_NAME,
      'Demo Building — Floor 2',
      'Demo Building — Floor 3',
    ]);
    const [building, ...more] = await deps.buildings.ofMaps(maps.map((m) => m.id));
    expect(more).toEqual([]);
    expect(building!.floors.map((f) => f.level)).toEqual([0, 1, 2]);
    expect(building!.links.map((l) => [l.kind, l.stops.length])).toEqual([
      ['stairs', 3],
      ['lift', 3],
    ]);
    const upper = building!.floors[2]!.mapId;
    const placed = await t.built.repos.gateways.onMap(upper);
    expect(placed.map((g) => g.mac)).toContain('AC:23:3F:12:00:01');
    const plan = { width: 1200, height: 800 };
    const plans = new Map(building!.floors.map((f) => [f.mapId, plan]));
    expect(buildingProblem(demoBuildingBody(building!.floors.map((f) => f.mapId)), plans)).toBe(
      null,
    );
  });
});
