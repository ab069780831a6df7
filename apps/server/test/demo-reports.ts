/** Reports of tags standing on the demo floor, and seeded accounts that send them. */
import type { BuiltApp } from '../src/app.ts';
import type { Sql } from '../src/lib/db.ts';
import { DEMO_GATEWAYS, DEMO_RSSI_AT_1M } from '../src/simulator/building.ts';
import { createIngestKey, seedAccount, type SignedIn } from './helpers.ts';

/** Where the test tags stand on the demo floor, in metres: near the atrium. */
export const SPOT = { x: 30, y: 20 };

/** Log-distance RSSI of every gateway of a layout (the demo one by default) for a tag at SPOT. */
export function reportsAt(
  device: string,
  at: number,
  gateways: readonly { mac: string; x: number; y: number }[] = DEMO_GATEWAYS,
) {
  return gateways.map((g) => {
    const d = Math.max(1, Math.hypot(g.x - SPOT.x, g.y - SPOT.y));
    return {
      gateway: g.mac,
      device,
      rssi: Math.round(DEMO_RSSI_AT_1M - 20 * Math.log10(d)),
      timestamp: at,
    };
  });
}

/** The id of the owner's first map (a seeded account's demo map). */
export async function firstMapOf(sql: Sql, ownerId: string): Promise<string> {
  const rows = await sql.query<{ id: string }>('select id from maps where owner_id = $1', [
    ownerId,
  ]);
  return rows[0]!.id;
}

/** POST reports to /api/ingest with an ingest key. */
export function postReports(app: BuiltApp['app'], key: string, reports: object | string) {
  return app.inject({
    method: 'POST',
    url: '/api/ingest',
    headers: { 'x-ingest-key': key },
    payload: reports,
  });
}

/**
 * A signed-in account seeded like the demo (seedAccount), with an ingest key of its own and the
 * id of its demo map.
 */
export async function seedReporter(
  t: { built: BuiltApp; sql: Sql },
  opts: { devices?: number; gateways?: number } = {},
): Promise<{ owner: SignedIn; key: string; mapId: string }> {
  const owner = await seedAccount(t.built, opts);
  const key = await createIngestKey(t.built, owner.id);
  return { owner, key, mapId: await firstMapOf(t.sql, owner.id) };
}
