/**
 * The demo seed creates what is missing and never takes back what the user changed: a renamed
 * map keeps its name and gateways, a floor model stored since is kept.
 */
import { expect, it } from 'vitest';
import { DEMO_PIXELS_PER_METRE } from '../src/simulator/building.ts';
import { DEMO_MAP_NAME, seedDemo } from '../src/simulator/demo-seed.ts';
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
});
