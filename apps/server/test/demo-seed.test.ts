/** The demo seed creates what is missing and never takes back what the user changed. */
import { expect, it } from 'vitest';
import { DEMO_MAP_NAME, seedDemo } from '../src/simulator/demo-seed.ts';
import { gatewayLayout } from '../src/simulator/simulator.ts';
import { describeEachDb, TEST_PASSWORD, uniqueEmail } from './helpers.ts';

describeEachDb('demo seed', (t) => {
  it('leaves a renamed demo map with its gateways on the next start', async () => {
    const seed = (email: string) =>
      seedDemo(
        { auth: t.built.auth, ...t.built.repos },
        { email, password: TEST_PASSWORD, devices: 2, gateways: gatewayLayout(4) },
      );
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
