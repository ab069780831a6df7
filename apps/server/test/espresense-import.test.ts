/**
 * ESPresense migration: importing the companion's own example configuration creates a map per
 * floor with its scale and floor plan, and places every stationary node as a named gateway on
 * the floor its height falls in; the gateways are the ones the nodes' reports arrive from.
 */
import fs from 'node:fs';
import path from 'node:path';
import { expect, it } from 'vitest';
import { macFromName } from '../src/modules/ingest/formats/index.ts';
import { bearer, createSignedInUser, describeEachDb, type SignedIn } from './helpers.ts';

const CONFIG = fs.readFileSync(
  path.join(import.meta.dirname, 'samples/espresense-companion.config.yaml'),
  'utf8',
);

interface Gw {
  mac: string;
  name: string;
  mapId: string;
  position: { x: number; y: number };
}

describeEachDb('ESPresense companion import', (t) => {
  let user: SignedIn;
  t.setup(async () => {
    user = await createSignedInUser(t.built, 'espresense-user');
  });
  const importConfig = (config: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/imports/espresense',
      headers: bearer(user.token),
      payload: { config },
    });

  it('creates the floors as maps and the nodes as named, placed gateways', async () => {
    const res = await importConfig(CONFIG);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json<{ maps: { _id: string; name: string; gateways: number }[] }>();
    expect(body.maps.map((m) => [m.name, m.gateways])).toEqual([
      ['First Floor', 8],
      ['Second Floor', 5],
    ]);
    expect(res.json().skipped).toEqual([{ name: 'VW EOS', reason: 'not stationary' }]);

    const maps = (
      await t.app.inject({ method: 'GET', url: '/api/maps', headers: bearer(user.token) })
    ).json<{ maps: { _id: string; name: string; settings: Record<string, unknown> }[] }>().maps;
    const first = maps.find((m) => m.name === 'First Floor')!;
    const second = maps.find((m) => m.name === 'Second Floor')!;
    // 18 m is the longer side of the 17 × 18 m bounds, drawn 1200 px long.
    expect(first.settings.pixelsPerMetre).toBeCloseTo(1200 / 18, 2);
    expect(first.settings.imageSize).toEqual({ width: 1133, height: 1200 });
    expect(first.settings.backgroundImage).toMatch(/^\/uploads\/.+\.svg$/);

    const gateways = (
      await t.app.inject({ method: 'GET', url: '/api/gateways', headers: bearer(user.token) })
    ).json<{ gateways: Gw[] }>().gateways;
    const byName = new Map(gateways.map((g) => [g.name, g]));
    const kitchen = byName.get('Kitchen')!;
    expect(kitchen.mac).toBe(macFromName('espresense:kitchen'));
    expect(kitchen.mapId).toBe(first._id);
    // (8 m, 6.5 m) with the origin bottom-left: y counts down from the 18 m top edge.
    expect(kitchen.position.x).toBeCloseTo(8 * (1200 / 18), 0);
    expect(kitchen.position.y).toBeCloseTo((18 - 6.5) * (1200 / 18), 0);
    const hallway = byName.get('Upstairs Hallway')!;
    expect(hallway.mac).toBe(macFromName('espresense:upstairs_hallway'));
    expect(hallway.mapId).toBe(second._id);
    // Listed on both floors, placed by height: 3.4 m is the second floor, 0.4 m the first.
    expect(byName.get('Back Stairs')!.mapId).toBe(second._id);
    expect(byName.get('Foyer')!.mapId).toBe(first._id);
    expect(byName.has('VW EOS')).toBe(false);
  });

  it('answers 400 with the reason to a file that is not a companion config', async () => {
    for (const [config, reason] of [
      ['floors: [', /not valid YAML/],
      ['mqtt:\n  host: x\n', /no floors/],
      ['floors:\n  - id: a\n    bounds: [[0, 0], [0, 5]]\n', /bounds/],
    ] as const) {
      const res = await importConfig(config);
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toMatch(reason);
    }
  });
});
