/**
 * The embedded broker keeps accounts apart: a gateway's session is bound to its ingest key's
 * account, nobody can subscribe (so nobody reads another account's traffic, retained or live),
 * oversized packets end the connection, and revoking a key over the API ends its open sessions.
 */
import { expect, it } from 'vitest';
import {
  bearer,
  countRows,
  createSignedInUser,
  describeEachDb,
  type SignedIn,
  type TestApp,
} from './helpers.ts';
import {
  closed,
  connectMqtt,
  publish,
  sleep,
  useEmbeddedBroker,
  subscribeGranted,
} from './mqtt-helpers.ts';
import { INGEST_MAX_BODY_BYTES } from '@rtls/contract';

const report = (device: string) => [{ gateway: 'AA:BB:CC:00:10:01', device, rssi: -60 }];

/** Rows stored for a device, once the pipeline has had a moment to write. */
async function storedFor(t: TestApp, device: string, waitMs = 300): Promise<number> {
  await sleep(waitMs);
  const rows = await t.sql.query<{ n: number }>(
    'select count(*)::int as n from signal_history where device_mac = $1',
    [device],
  );
  return rows[0]!.n;
}

describeEachDb('embedded MQTT broker isolation', (t) => {
  const broker = useEmbeddedBroker(t);
  let a: SignedIn;
  let b: SignedIn;
  let keyA: { id: string; key: string };
  let keyB: { id: string; key: string };
  const connect = broker.connect;

  t.setup(async () => {
    a = await createSignedInUser(t.built, 'broker-a');
    b = await createSignedInUser(t.built, 'broker-b');
    const create = async (user: SignedIn) => {
      const { key, id } = await t.built.repos.keys.create(user.id, 'gw');
      return { key, id };
    };
    keyA = await create(a);
    keyB = await create(b);
  });

  it("refuses every subscription, so key B never reads account A's reports", async () => {
    const spy = await connect(keyB.key);
    const heard: string[] = [];
    spy.on('message', (topic) => heard.push(topic));
    expect(await subscribeGranted(spy, ['#', 'rtls/#', '$SYS/#'])).toEqual([128, 128, 128]);
    const gateway = await connect(keyA.key);
    await publish(gateway, 'rtls/ingest', report('C4:00:00:00:10:01'));
    expect(await storedFor(t, 'C4:00:00:00:10:01')).toBe(1);
    expect(heard).toEqual([]);
    // Filed under A's account, whatever the topic says.
    const owners = await t.sql.query<{ owner_id: string }>(
      "select owner_id from signal_history where device_mac = 'C4:00:00:00:10:01'",
    );
    expect(owners.map((r) => r.owner_id)).toEqual([a.id]);
  });

  it('keeps no retained message for a later subscriber, yet stores the report', async () => {
    const gateway = await connect(keyA.key);
    await publish(gateway, 'rtls/ingest', report('C4:00:00:00:10:02'), { retain: true });
    expect(await storedFor(t, 'C4:00:00:00:10:02')).toBe(1);
    for (const key of [keyB.key, keyA.key]) {
      const late = await connect(key);
      const heard: string[] = [];
      late.on('message', (topic) => heard.push(topic));
      expect(await subscribeGranted(late, ['rtls/ingest'])).toEqual([128]);
      await sleep(200);
      expect(heard).toEqual([]);
    }
  });

  it('ends a connection that announces a packet over the size limit, storing nothing', async () => {
    const gateway = await connect(keyA.key);
    const big = JSON.stringify(report('C4:00:00:00:10:03')).padEnd(INGEST_MAX_BODY_BYTES + 10, ' ');
    gateway.publish('rtls/ingest', big, { qos: 1 });
    expect(await closed(gateway)).toBe(true);
    expect(await storedFor(t, 'C4:00:00:00:10:03')).toBe(0);
    // A message under the limit still goes through on a new connection.
    await publish(await connect(keyA.key), 'rtls/ingest', report('C4:00:00:00:10:04'));
    expect(await storedFor(t, 'C4:00:00:00:10:04')).toBe(1);
  });

  it('ends the open sessions of a key revoked over the API, and refuses it afterwards', async () => {
    const { id, key } = await t.built.repos.keys.create(a.id, 'to revoke');
    const gateway = await connect(key);
    const other = await connect(keyB.key);
    await publish(gateway, 'rtls/ingest', report('C4:00:00:00:10:05'));
    const res = await t.app.inject({
      method: 'DELETE',
      url: `/api/ingest-keys/${id}`,
      headers: bearer(a.token),
    });
    expect(res.statusCode).toBe(200);
    expect(await closed(gateway, 2000)).toBe(true);
    await expect(connectMqtt(broker.url, key)).rejects.toThrow();
    // Other keys' sessions are untouched.
    expect(other.connected).toBe(true);
    await publish(other, 'rtls/ingest', report('C4:00:00:00:10:06'));
    expect(await storedFor(t, 'C4:00:00:00:10:06')).toBe(1);
    expect(await countRows(t.sql, 'ingest_keys')).toBeGreaterThan(0);
  });

  it("refuses a will message, so a session's last will is never stored or relayed", async () => {
    const gateway = await connectMqtt(broker.url, keyA.key, {
      will: {
        topic: 'rtls/ingest',
        payload: Buffer.from(JSON.stringify(report('C4:00:00:00:10:07'))),
        qos: 1,
        retain: true,
      },
    });
    // An abrupt end (no DISCONNECT packet) makes the broker publish the will.
    (gateway.stream as { destroy(): void }).destroy();
    expect(await storedFor(t, 'C4:00:00:00:10:07', 500)).toBe(0);
  });
});
