/**
 * A member of the MQTT shared subscription that dies leaves its share of the messages in its
 * broker session; a living instance takes that session over once the member has been silent, so
 * every message the broker acknowledged to the gateways is stored without the dead one's return.
 * Runs on the external broker (Mosquitto).
 */
import { describe, expect, it } from 'vitest';
import { mqttMembers } from '../src/modules/ingest/mqtt-members.ts';
import { startMqttIngest } from '../src/modules/ingest/mqtt-start.ts';
import { buildTestApp, createSignedInUser, openTestDatabase, testConfig } from './helpers.ts';
import { closed, connectMqtt, publish, sleep, subscribeGranted } from './mqtt-helpers.ts';
import { testServices } from './services.ts';

const { mqtt: MQTT_URL } = testServices();

const device = (i: number) => `C4:00:00:00:41:${i.toString(16).padStart(2, '0').toUpperCase()}`;

describe.skipIf(!MQTT_URL)('a dead instance’s MQTT session (external broker)', () => {
  it('is taken over by a living one, which stores what the broker kept there', async () => {
    const { sql } = await openTestDatabase('pglite');
    const built = await buildTestApp(sql);
    await built.app.ready();
    const owner = await createSignedInUser(built, 'takeover');
    const { key } = await built.repos.keys.create(owner.id, 'broker');
    const group = `takeover${process.pid}`;
    const topic = `takeover-${process.pid}/ingest`;
    const deadId = `rtls-dead-${process.pid}`;
    const gateway = await connectMqtt(MQTT_URL!);
    let ingest: Awaited<ReturnType<typeof startMqttIngest>> | null = null;
    try {
      // The dead instance: a member of the group whose connection dropped without a word.
      const dead = await connectMqtt(MQTT_URL!, undefined, {
        clientId: deadId,
        clean: false,
        protocolVersion: 5,
        properties: { sessionExpiryInterval: 300 },
      });
      expect(await subscribeGranted(dead, [`$share/${group}/${topic}`])).toEqual([1]);
      dead.stream.destroy();
      expect(await closed(dead)).toBe(true);
      // The broker acknowledges these to the gateway and keeps them in the dead member's session.
      const count = 40;
      for (let i = 0; i < count; i++)
        await publish(gateway, topic, [
          { gateway: 'AA:BB:CC:00:41:01', device: device(i), rssi: -60 },
        ]);
      const members = mqttMembers(sql);
      await members.alive(deadId);
      await sql.query(
        "update mqtt_members set seen_at = now() - interval '1 minute' where client_id = $1",
        [deadId],
      );

      ingest = await startMqttIngest({
        config: testConfig({
          mqttUrl: MQTT_URL,
          mqttIngestKey: key,
          mqttShareGroup: group,
          mqttTopics: [`takeover-${process.pid}/#`],
          mqttClientId: `rtls-living-${process.pid}`,
          mqttSessionExpirySeconds: 0,
        }),
        pipeline: built.pipeline,
        keys: built.repos.keys,
        log: built.app.log,
        members,
      });
      const stored = async () =>
        (
          await sql.query<{ n: number }>(
            "select count(*)::int as n from signal_history where device_mac like 'C4:00:00:00:41:%'",
          )
        )[0]!.n;
      await expect.poll(stored, { timeout: 30_000 }).toBe(count);
      const rows = await sql.query<{ client_id: string }>(
        'select client_id from mqtt_members order by client_id',
      );
      expect(rows.map((r) => r.client_id)).toEqual([`rtls-living-${process.pid}`]);
      // The dead member's session was ended, so the broker keeps no share for it any more.
      await expect
        .poll(async () => {
          const again = await connectMqtt(MQTT_URL!, undefined, {
            clientId: deadId,
            clean: false,
            protocolVersion: 5,
            properties: { sessionExpiryInterval: 0 },
          });
          const present = (again as unknown as { connackPacket?: { sessionPresent?: boolean } })
            .connackPacket?.sessionPresent;
          again.end(true);
          return present;
        })
        .toBe(false);
      await sleep(300);
      expect(await stored()).toBe(count);
    } finally {
      gateway.end(true);
      await ingest?.close();
      await built.app.close();
      await sql.close();
    }
  }, 60_000);
});
