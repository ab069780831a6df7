/**
 * Positions across two instances sharing PostgreSQL and Redis: a device located by the instance
 * that took its reports is on the map for readers of the other instance too (socket and REST),
 * and a change saved through one instance re-locates the device on the other at once.
 */
import type { Device, DeviceUpdate } from '@rtls/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BuiltApp } from '../src/app.ts';
import { DEMO_GATEWAYS, demoDevice } from '../src/simulator/building.ts';
import { postReports, reportsAt, seedReporter } from './demo-reports.ts';
import { bearer, buildTestApp, openTestDatabase, type TestDatabase } from './helpers.ts';
import { clientSocket, connected, type ClientSocket } from './live-client.ts';
import { testServices } from './services.ts';

const services = testServices();
/** The demo reports of a tag at SPOT, but `loud` hears it at -45 dBm. */
const reportsLoudAt = (device: string, at: number, loud: string) =>
  reportsAt(device, at).map((r) => (r.gateway === loud ? { ...r, rssi: -45 } : r));

describe.skipIf(!services.redis || !services.postgres)('positions across two instances', () => {
  let db: TestDatabase;
  const apps: { built: BuiltApp; url: string }[] = [];
  const sockets: ClientSocket[] = [];

  beforeAll(async () => {
    db = await openTestDatabase('postgres');
    for (let i = 0; i < 2; i++) {
      const built = await buildTestApp(db.sql, { config: { redisUrl: services.redis! } });
      const address = await built.app.listen({ port: 0, host: '127.0.0.1' });
      apps.push({ built, url: `http://127.0.0.1:${new URL(address).port}` });
    }
  }, 30_000);
  afterAll(async () => {
    for (const s of sockets) s.disconnect();
    await Promise.allSettled(apps.map((a) => a.built.app.close()));
    await db?.close();
  });

  async function watch(url: string, token: string, mapId: string) {
    const s = clientSocket(url, token);
    sockets.push(s);
    const heard: DeviceUpdate[] = [];
    s.on('device_update', (...us) => heard.push(...us));
    await connected(s);
    expect(await s.emitWithAck('watch_maps', { mapIds: [mapId] })).toMatchObject({
      watching: [mapId],
    });
    return heard;
  }

  it('shows a device located by one instance on the other, and re-locates it on a change saved there', async () => {
    const [a, b] = apps as [(typeof apps)[0], (typeof apps)[0]];
    const { owner, key, mapId } = await seedReporter(
      { built: a.built, sql: db.sql },
      { devices: 1, gateways: 8 },
    );
    const mac = demoDevice(0).mac;
    const loud = DEMO_GATEWAYS[4]!.mac;
    // The adapter subscribes asynchronously: the socket on B is open before the reports go to A.
    const onB = await watch(b.url, owner.token, mapId);
    const positioned = () => onB.filter((u) => u.mac === mac && u.mapId === mapId && u.position);
    await expect
      .poll(
        async () => {
          const res = await postReports(
            a.built.app,
            key,
            reportsLoudAt(mac, Date.now() - 100, loud),
          );
          expect(res.statusCode).toBe(200);
          return positioned().length;
        },
        { timeout: 10_000, interval: 500 },
      )
      .toBeGreaterThan(0);
    const fromA = positioned().at(-1)!;
    expect(fromA.triangulationInfo!.primaryGateway).toBe(loud);
    const rest = await b.built.app.inject({
      url: `/api/maps/${mapId}/devices`,
      headers: bearer(owner.token),
    });
    const onMap = (rest.json() as { devices: Device[] }).devices.find((d) => d.mac === mac);
    expect(onMap).toMatchObject({ mapId, position: expect.any(Object) });

    // The threshold is saved through B; A, which locates the device, re-locates it at once.
    const saved = await b.built.app.inject({
      method: 'PATCH',
      url: `/api/gateways/${loud}/settings`,
      headers: bearer(owner.token),
      payload: { logicThreshold: -40, mapId },
    });
    expect(saved.statusCode).toBe(200);
    await expect
      .poll(() => positioned().some((u) => u.triangulationInfo!.primaryGateway !== loud), {
        timeout: 5_000,
      })
      .toBe(true);
  }, 30_000);
});
