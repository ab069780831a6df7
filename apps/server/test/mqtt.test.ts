/**
 * MQTT ingest end to end: each supported gateway format is published to a real broker (the
 * embedded one, and this machine's Mosquitto: TEST_MQTT_URL or the local one) and the matching device_update
 * reaches the owner's Socket.IO client, not another account's.
 */
import type { MqttClient } from 'mqtt';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { DeviceUpdate } from '@rtls/contract';
import { startMqttIngest } from '../src/modules/ingest/mqtt-start.ts';
import type { MqttIngest } from '../src/modules/ingest/mqtt-ingest.ts';
import { macFromName } from '../src/modules/ingest/formats/index.ts';
import {
  DB_KINDS,
  createIngestKey,
  createSignedInUser,
  startTestApp,
  testConfig,
  type SignedIn,
  type TestApp,
} from './helpers.ts';
import { clientSocket, connected, type ClientSocket } from './live-client.ts';
import { connectMqtt, publish, startEmbeddedBroker } from './mqtt-helpers.ts';
import { testServices } from './services.ts';

/** Collects device_update events of one signed-in user. */
async function liveClient(baseUrl: string, token: string) {
  const updates: DeviceUpdate[] = [];
  const socket = clientSocket(baseUrl, token);
  socket.on('device_update', (...us: DeviceUpdate[]) => updates.push(...us));
  await connected(socket);
  const waitFor = async (mac: string, timeoutMs = 8000) => {
    const deadline = Date.now() + timeoutMs;
    while (Date.now() < deadline) {
      const hit = updates.find((u) => u.mac === mac);
      if (hit) return hit;
      await new Promise((r) => setTimeout(r, 25));
    }
    throw new Error(`no device_update for ${mac}`);
  };
  return { socket, updates, waitFor };
}

const nowS = () => String(Math.floor(Date.now() / 1000));
/** One message per supported format, each about its own device. */
const FORMATS = [
  {
    name: 'ESPresense',
    topic: 'espresense/devices/c4:00:00:00:00:01/lobby',
    payload: { id: 'c4:00:00:00:00:01', mac: 'c4:00:00:00:00:01', rssi: -61, distance: 2.1 },
    device: 'C4:00:00:00:00:01',
    gateway: macFromName('espresense:lobby'),
  },
  {
    name: 'OpenMQTTGateway/Theengs',
    topic: 'home/OMG_ESP32_BLE/BTtoMQTT/C40000000002',
    payload: { id: 'C4:00:00:00:00:02', rssi: -67, name: 'Thermo' },
    device: 'C4:00:00:00:00:02',
    gateway: macFromName('omg:OMG_ESP32_BLE'),
  },
  {
    name: 'Ruuvi Gateway',
    topic: 'ruuvi/AA:BB:CC:00:00:01/C4:00:00:00:00:03',
    payload: { gw_mac: 'AA:BB:CC:00:00:01', rssi: -72, aoa: [], ts: nowS(), data: '0201' },
    device: 'C4:00:00:00:00:03',
    gateway: 'AA:BB:CC:00:00:01',
  },
  {
    name: 'generic JSON',
    topic: 'rtls/ingest',
    payload: [{ gateway: 'AA:BB:CC:00:00:02', device: 'C4:00:00:00:00:04', rssi: -58 }],
    device: 'C4:00:00:00:00:04',
    gateway: 'AA:BB:CC:00:00:02',
  },
];

const MQTT_URL = testServices().mqtt;
const BROKERS = ['embedded', ...(MQTT_URL ? ['mosquitto'] : [])] as const;

describe.each(DB_KINDS)('MQTT ingest [%s]', (kind) => {
  describe.each(BROKERS)('%s broker', (broker) => {
    let t: TestApp;
    let owner: SignedIn;
    let other: SignedIn;
    let ingest: MqttIngest;
    let gateway: MqttClient;
    const sockets: ClientSocket[] = [];

    beforeAll(async () => {
      t = await startTestApp(kind, { listen: true });
      owner = await createSignedInUser(t.built, 'mqtt-owner');
      other = await createSignedInUser(t.built, 'mqtt-other');
      const key = await createIngestKey(t.built, owner.id);
      if (broker === 'embedded') {
        const embedded = await startEmbeddedBroker(t);
        ingest = embedded.ingest;
        gateway = await connectMqtt(embedded.url, key);
      } else {
        ingest = await startMqttIngest({
          config: testConfig({
            mqttUrl: MQTT_URL!,
            mqttIngestKey: key,
            mqttShareGroup: `test${process.pid}`,
            // A session of its own that ends with the test (no messages left queued for it).
            mqttClientId: `rtls-test-${process.pid}-${kind}`,
            mqttSessionExpirySeconds: 0,
          }),
          pipeline: t.built.pipeline,
          keys: t.built.repos.keys,
          log: t.app.log,
        });
        gateway = await connectMqtt(MQTT_URL!);
        // The external subscription is asynchronous; give it a moment to be in place.
        await new Promise((r) => setTimeout(r, 500));
      }
      expect(ingest.mode).toBe(broker === 'embedded' ? 'embedded' : 'external');
    });
    afterEach(() => {
      for (const s of sockets.splice(0)) s.disconnect();
    });
    afterAll(async () => {
      gateway?.end(true);
      await ingest?.close();
      await t?.close();
    });

    it.each(FORMATS)(
      '$name reaches the owner as a device_update, not another account',
      async (f) => {
        const mine = await liveClient(t.baseUrl, owner.token);
        const theirs = await liveClient(t.baseUrl, other.token);
        sockets.push(mine.socket, theirs.socket);
        await publish(gateway, f.topic, f.payload);
        const update = await mine.waitFor(f.device);
        expect(update.signal[f.gateway]?.rssi).toBe(
          (Array.isArray(f.payload) ? f.payload[0]! : f.payload).rssi,
        );
        expect(update.strongestGateway).toBe(f.gateway);
        await new Promise((r) => setTimeout(r, 200));
        expect(theirs.updates.find((u) => u.mac === f.device)).toBeUndefined();
      },
    );

    it('counts a malformed message and keeps going', async () => {
      const before = t.built.pipeline.stats.rejected.invalid_json ?? 0;
      await publish(gateway, 'rtls/ingest', '{not json');
      await publish(gateway, 'rtls/ingest', [
        { gateway: 'AA:BB:CC:00:00:09', device: 'C4:00:00:00:00:09', rssi: 'loud' },
      ]);
      const mine = await liveClient(t.baseUrl, owner.token);
      sockets.push(mine.socket);
      await publish(gateway, 'rtls/ingest', [
        { gateway: 'AA:BB:CC:00:00:09', device: 'C4:00:00:00:00:0A', rssi: -70 },
      ]);
      await mine.waitFor('C4:00:00:00:00:0A');
      expect(t.built.pipeline.stats.rejected.invalid_json).toBe(before + 1);
      expect(t.built.pipeline.stats.rejected.bad_rssi).toBeGreaterThanOrEqual(1);
    });

    it('stores a report delivered twice only once', async () => {
      const report = {
        gateway: 'AA:BB:CC:00:00:0B',
        device: 'C4:00:00:00:00:0B',
        rssi: -66,
        timestamp: Date.now(),
      };
      await publish(gateway, 'rtls/ingest', [report]);
      await publish(gateway, 'rtls/ingest', [report]);
      const deadline = Date.now() + 5000;
      let rows: { n: number }[] = [];
      while (Date.now() < deadline) {
        rows = await t.sql.query<{ n: number }>(
          "select count(*)::int as n from signal_history where device_mac = 'C4:00:00:00:00:0B'",
        );
        if (rows[0]!.n > 0) break;
        await new Promise((r) => setTimeout(r, 50));
      }
      await new Promise((r) => setTimeout(r, 300));
      rows = await t.sql.query<{ n: number }>(
        "select count(*)::int as n from signal_history where device_mac = 'C4:00:00:00:00:0B'",
      );
      expect(rows[0]!.n).toBe(1);
    });

    if (broker === 'embedded') {
      it('refuses a gateway without a valid ingest key', async () => {
        const port = (ingest as MqttIngest).port!;
        await expect(connectMqtt(`mqtt://127.0.0.1:${port}`, 'ik_wrong')).rejects.toThrow();
        await expect(connectMqtt(`mqtt://127.0.0.1:${port}`)).rejects.toThrow();
      });
    }
  });
});
