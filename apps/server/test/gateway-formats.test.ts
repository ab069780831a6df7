/**
 * Real gateway messages (gateway-samples.ts, each citing its source) posted over HTTP and
 * published on the embedded broker and on Mosquitto (TEST_MQTT_URL): the stored reports carry
 * the expected device ids, gateways, RSSI and times, and firmware names reach the gateway list.
 */
import type { MqttClient } from 'mqtt';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startMqttIngest } from '../src/modules/ingest/mqtt-start.ts';
import type { MqttIngest } from '../src/modules/ingest/mqtt-ingest.ts';
import { INGEST_TOPICS } from '../src/modules/ingest/formats/index.ts';
import { RUUVI_PREFIX, samples, type Expected, type Sample } from './gateway-samples.ts';
import { testServices } from './services.ts';
import {
  DB_KINDS,
  createIngestKey,
  createSignedInUser,
  startTestApp,
  testConfig,
  type SignedIn,
  type TestApp,
} from './helpers.ts';
import { connectMqtt, publish, startEmbeddedBroker } from './mqtt-helpers.ts';

/** This machine's Mosquitto (TEST_MQTT_URL or the local one); its tests are left out without it. */
const MOSQUITTO = testServices().mqtt;
type Broker = 'embedded' | 'mosquitto';
const BROKERS: Broker[] = MOSQUITTO ? ['embedded', 'mosquitto'] : ['embedded'];

interface Row {
  device_mac: string;
  gateway_mac: string;
  rssi: number;
  received_at: Date;
}

type Transport = 'http' | 'embedded' | 'mosquitto';

describe.each(DB_KINDS)('real gateway messages [%s]', (kind) => {
  let t: TestApp;
  const owners = {} as Record<Transport, SignedIn>;
  const keys = {} as Record<Transport, string>;
  const ingests: MqttIngest[] = [];
  const clients = {} as Record<Broker, MqttClient>;
  const all = samples();

  beforeAll(async () => {
    t = await startTestApp(kind, { listen: true });
    for (const tr of ['http', 'embedded', 'mosquitto'] as const) {
      owners[tr] = await createSignedInUser(t.built, `gw-${tr}`);
      keys[tr] = await createIngestKey(t.built, owners[tr].id);
    }
    const embedded = await startEmbeddedBroker(t);
    ingests.push(embedded.ingest);
    clients.embedded = await connectMqtt(embedded.url, keys.embedded);
    if (!MOSQUITTO) return;
    ingests.push(
      await startMqttIngest({
        pipeline: t.built.pipeline,
        keys: t.built.repos.keys,
        log: t.app.log,
        config: testConfig({
          mqttUrl: MOSQUITTO,
          mqttIngestKey: keys.mosquitto,
          mqttShareGroup: `formats${process.pid}`,
          mqttClientId: `rtls-formats-${process.pid}-${kind}`,
          mqttSessionExpirySeconds: 0,
          // The usual topics and a Ruuvi Gateway's custom prefix, as MQTT_TOPICS gives them.
          mqttTopics: [...INGEST_TOPICS, `${RUUVI_PREFIX}/#`],
        }),
      }),
    );
    clients.mosquitto = await connectMqtt(MOSQUITTO);
    const deadline = Date.now() + 5000;
    while (ingests[1]!.ready() !== 'ok' && Date.now() < deadline)
      await new Promise((r) => setTimeout(r, 50));
  });
  afterAll(async () => {
    for (const c of Object.values(clients)) c?.end(true);
    for (const i of ingests) await i.close();
    await t?.close();
  });

  const stored = async (tr: Transport, e: Expected) =>
    t.sql.query<Row>(
      `select device_mac, gateway_mac, rssi, received_at from signal_history
       where owner_id = $1 and device_mac = $2 and gateway_mac = $3`,
      [owners[tr].id, e.device, e.gateway],
    );

  async function expectStored(tr: Transport, s: Sample, sentAt: number) {
    for (const e of s.expected) {
      let rows: Row[] = [];
      const deadline = Date.now() + 8000;
      while (rows.length === 0 && Date.now() < deadline) {
        rows = await stored(tr, e);
        if (rows.length === 0) await new Promise((r) => setTimeout(r, 50));
      }
      expect(rows, `${s.name}: ${e.device} via ${tr}`).toHaveLength(1);
      expect(rows[0]!.rssi).toBe(e.rssi);
      const at = new Date(rows[0]!.received_at).getTime();
      if (e.at !== undefined) expect(at).toBe(e.at);
      else expect(Math.abs(at - sentAt)).toBeLessThan(60_000);
      if (e.gatewayName) {
        const names = await t.sql.query<{ name: string | null }>(
          'select name from heard_gateways where owner_id = $1 and mac = $2',
          [owners[tr].id, e.gateway],
        );
        expect(names[0]?.name).toBe(e.gatewayName);
      }
    }
  }

  const overHttp = all.filter((s) => s.http);
  it.each(overHttp.map((s) => [s.name, s] as const))('%s over HTTP', async (_n, s) => {
    const sentAt = Date.now();
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/ingest',
      headers: {
        authorization: `Bearer ${keys.http}`,
        ...(s.http!.contentType ? { 'content-type': s.http!.contentType } : {}),
      },
      payload: s.http!.body,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ accepted: s.expected.length, rejected: 0 });
    await expectStored('http', s, sentAt);
  });

  for (const broker of BROKERS) {
    const overMqtt = all.filter((s) => s.mqtt);
    it.each(overMqtt.map((s) => [s.name, s] as const))(
      `%s on the ${broker} broker`,
      async (_n, s) => {
        const sentAt = Date.now();
        await publish(clients[broker], s.mqtt!.topic, s.mqtt!.payload);
        await expectStored(broker, s, sentAt);
      },
    );
  }
});
