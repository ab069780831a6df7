/**
 * Revoking an ingest key ends its MQTT sessions everywhere at once: on another instance's embedded
 * broker (the revocation travels through Redis), and on the subscriber to an external broker
 * (Mosquitto) that files reports under MQTT_INGEST_KEY.
 */
import type { MqttClient } from 'mqtt';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BuiltApp } from '../src/app.ts';
import type { MqttIngest } from '../src/modules/ingest/mqtt-ingest.ts';
import type { Sql } from '../src/lib/db.ts';
import { startMqttIngest } from '../src/modules/ingest/mqtt-start.ts';
import {
  bearer,
  buildTestApp,
  createSignedInUser,
  openTestDatabase,
  testConfig,
  type SignedIn,
} from './helpers.ts';
import { closed, connectMqtt, freePort, publish, sleep } from './mqtt-helpers.ts';
import { testServices } from './services.ts';

const { redis: REDIS_URL, mqtt: MQTT_URL } = testServices();

const stored = async (sql: Sql, device: string) =>
  (
    await sql.query<{ n: number }>(
      'select count(*)::int as n from signal_history where device_mac = $1',
      [device],
    )
  )[0]!.n;

const report = (device: string) => [{ gateway: 'AA:BB:CC:00:40:01', device, rssi: -61 }];

const revoke = (built: BuiltApp, user: SignedIn, id: string) =>
  built.app.inject({
    method: 'DELETE',
    url: `/api/ingest-keys/${id}`,
    headers: bearer(user.token),
  });

describe.skipIf(!REDIS_URL)('key revocation across instances (Redis)', () => {
  let sql: Sql;
  const apps: BuiltApp[] = [];
  const brokers: MqttIngest[] = [];
  const clients: MqttClient[] = [];
  let portB: number;

  beforeAll(async () => {
    // Two instances on one database, linked through Redis; each runs its own embedded broker.
    ({ sql } = await openTestDatabase('pglite'));
    for (let i = 0; i < 2; i++) {
      const port = await freePort();
      const config = testConfig({ redisUrl: REDIS_URL, mqttPort: port, host: '127.0.0.1' });
      const built = await buildTestApp(sql, { config });
      await built.app.ready();
      apps.push(built);
      brokers.push(
        await startMqttIngest({
          config,
          pipeline: built.pipeline,
          keys: built.repos.keys,
          log: built.app.log,
        }),
      );
      portB = port;
    }
  });
  afterAll(async () => {
    for (const c of clients) c.end(true);
    for (const b of brokers) await b.close();
    for (const a of apps) await a.app.close();
    await sql?.close();
  });

  it("ends the key's session on the other instance's broker at once", async () => {
    const a = apps[0]!;
    const owner = await createSignedInUser(a, 'cross-revoke');
    const { key, id } = await a.repos.keys.create(owner.id, 'gw');
    const keep = await a.repos.keys.create(owner.id, 'other gw');
    const gateway = await connectMqtt(`mqtt://127.0.0.1:${portB}`, key);
    const other = await connectMqtt(`mqtt://127.0.0.1:${portB}`, keep.key);
    clients.push(gateway, other);
    await publish(gateway, 'rtls/ingest', report('C4:00:00:00:40:01'));
    await sleep(200);
    expect(await stored(sql, 'C4:00:00:00:40:01')).toBe(1);

    expect((await revoke(a, owner, id)).statusCode).toBe(200);
    // Well before the periodic re-check (30 s): the announcement ended it.
    expect(await closed(gateway, 3000)).toBe(true);
    expect(other.connected).toBe(true);
    await expect(connectMqtt(`mqtt://127.0.0.1:${portB}`, key)).rejects.toThrow();
  });
});

describe.skipIf(!MQTT_URL)('MQTT_INGEST_KEY revoked (external broker)', () => {
  it('stops filing the broker’s reports under the revoked key', async () => {
    const { sql } = await openTestDatabase('pglite');
    const built = await buildTestApp(sql);
    await built.app.ready();
    const owner = await createSignedInUser(built, 'ext-revoke');
    const { key, id } = await built.repos.keys.create(owner.id, 'broker');
    const ingest = await startMqttIngest({
      config: testConfig({
        mqttUrl: MQTT_URL,
        mqttIngestKey: key,
        mqttShareGroup: `revoke${process.pid}`,
        mqttClientId: `rtls-revoke-${process.pid}`,
        mqttSessionExpirySeconds: 0,
      }),
      pipeline: built.pipeline,
      keys: built.repos.keys,
      log: built.app.log,
    });
    const gateway = await connectMqtt(MQTT_URL!);
    try {
      expect(ingest.mode).toBe('external');
      const deadline = Date.now() + 5000;
      while (ingest.ready() !== 'ok' && Date.now() < deadline) await sleep(50);
      await publish(gateway, 'rtls/ingest', report('C4:00:00:00:40:02'));
      while ((await stored(sql, 'C4:00:00:00:40:02')) === 0 && Date.now() < deadline)
        await sleep(50);
      expect(await stored(sql, 'C4:00:00:00:40:02')).toBe(1);

      expect((await revoke(built, owner, id)).statusCode).toBe(200);
      await sleep(200);
      await publish(gateway, 'rtls/ingest', report('C4:00:00:00:40:03'));
      await sleep(500);
      expect(await stored(sql, 'C4:00:00:00:40:03')).toBe(0);
    } finally {
      gateway.end(true);
      await ingest.close();
      await built.app.close();
      await sql.close();
    }
  });
});
