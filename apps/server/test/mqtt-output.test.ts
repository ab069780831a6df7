/**
 * MQTT output on the embedded broker: an account's ingest key may subscribe to its own output tree
 * and nothing else, and receives its positions' zone presence, Home Assistant discovery (checked
 * against Home Assistant's documented device_tracker schema) and state; another account receives
 * none of it.
 */
import { MQTT_OUTPUT_ROOT } from '@rtls/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MqttClient } from 'mqtt';
import type { MqttIngest } from '../src/modules/ingest/mqtt-ingest.ts';
import { haDiscovery, topics } from '../src/modules/mqtt-out/topics.ts';
import { startMqttIngest } from '../src/modules/ingest/mqtt-start.ts';
import {
  describeEachDb,
  startTestApp,
  testConfig,
  type SignedIn,
  type TestApp,
} from './helpers.ts';
import {
  connectMqtt,
  publish,
  sleep,
  useEmbeddedBroker,
  subscribeGranted,
} from './mqtt-helpers.ts';
import { testServices } from './services.ts';
import { api, ownMap, walker } from './zones-helpers.ts';

/**
 * Home Assistant's MQTT device_tracker options (integrations/device_tracker.mqtt) and its
 * discovery rules: the keys a config may carry, the source types, and the device block.
 */
const HA_DEVICE_TRACKER_KEYS = new Set([
  'availability',
  'availability_mode',
  'availability_template',
  'availability_topic',
  'device',
  'icon',
  'json_attributes_template',
  'json_attributes_topic',
  'name',
  'object_id',
  'default_entity_id',
  'payload_available',
  'payload_home',
  'payload_not_available',
  'payload_not_home',
  'payload_reset',
  'qos',
  'source_type',
  'state_topic',
  'unique_id',
  'value_template',
]);
const HA_SOURCE_TYPES = ['gps', 'router', 'bluetooth', 'bluetooth_le'];
const HA_DEVICE_KEYS = new Set([
  'configuration_url',
  'connections',
  'hw_version',
  'identifiers',
  'manufacturer',
  'model',
  'model_id',
  'name',
  'serial_number',
  'suggested_area',
  'sw_version',
  'via_device',
]);
const TOPIC_LEVEL = /^[^+#/]+$/;

/** One of the owner's monitored tags, reported standing at (100, 100) on the map for a while. */
async function standMonitoredTag(t: TestApp, ownerId: string, mapId: string): Promise<string> {
  const [tag] = await t.sql.query<{ mac: string }>(
    'select mac from devices where owner_id = $1 and is_monitored limit 1',
    [ownerId],
  );
  await walker(t.built, ownerId, mapId, tag!.mac, Date.now() - 60_000).stand(100, 100, 8);
  return tag!.mac;
}

describe('Home Assistant discovery payload', () => {
  it('is a device_tracker config Home Assistant accepts', () => {
    const c = haDiscovery('7c1f0e2a-1111-2222-3333-444455556666', 'AA:BB:CC:DD:EE:01', 'Tag 1');
    for (const key of Object.keys(c)) expect(HA_DEVICE_TRACKER_KEYS, key).toContain(key);
    for (const key of Object.keys(c.device)) expect(HA_DEVICE_KEYS, key).toContain(key);
    expect(HA_SOURCE_TYPES).toContain(c.source_type);
    expect(c.source_type).toBe('bluetooth_le');
    // unique_id and object_id: stable, [a-z0-9_] (an entity id part).
    expect(c.unique_id).toMatch(/^[a-z0-9_]+$/);
    expect(c.object_id).toBe(c.unique_id);
    expect(c.device.identifiers).toEqual([c.unique_id]);
    expect(c.device.name).toBe('Tag 1');
    expect(typeof c.name).toBe('string');
    for (const t of [c.state_topic, c.json_attributes_topic])
      expect(t.split('/').every((l) => TOPIC_LEVEL.test(l))).toBe(true);
    expect(c.payload_not_home).toBe('not_home');
    // The discovery topic: <prefix>/device_tracker/<object_id>/config.
    expect(topics.haConfig('o', c.object_id, 'homeassistant', false)).toBe(
      `homeassistant/device_tracker/${c.object_id}/config`,
    );
  });
});

describeEachDb(
  'MQTT output on the embedded broker',
  (t) => {
    const broker = useEmbeddedBroker(t);
    let owner: SignedIn;
    let mapId: string;
    let other: SignedIn;
    const connect = broker.connect;
    const keyOf = async (u: SignedIn) => (await t.built.repos.keys.create(u.id, 'ha')).key;

    t.setup(async () => {
      ({ owner, mapId } = await ownMap(t.built));
      ({ owner: other } = await ownMap(t.built));
      t.built.mqttOut.attach(broker.ingest.output!, true);
    });

    it('grants subscriptions only inside the account’s own output prefix', async () => {
      const c = await connect(await keyOf(owner));
      const own = `${MQTT_OUTPUT_ROOT}/${owner.id}`;
      expect(
        await subscribeGranted(c, [
          `${own}/#`,
          `${own}/+/+/zone`,
          `${MQTT_OUTPUT_ROOT}/${other.id}/#`,
          `${MQTT_OUTPUT_ROOT}/+/#`,
          `${MQTT_OUTPUT_ROOT}/#`,
          '#',
          'homeassistant/#',
        ]),
      ).toEqual([1, 1, 128, 128, 128, 128, 128]);
    });

    it('publishes presence and Home Assistant discovery and state to the account only; clients cannot write the tree', async () => {
      const a = api(t.built, owner.token);
      const put = await a.call('PUT', '/api/mqtt-output', { enabled: true });
      expect(put.json()).toMatchObject({
        settings: { enabled: true, homeAssistant: true, discoveryPrefix: 'homeassistant' },
        topicPrefix: `${MQTT_OUTPUT_ROOT}/${owner.id}`,
        brokers: { embedded: true, external: false },
      });
      await api(t.built, other.token).call('PUT', '/api/mqtt-output', { enabled: true });
      const mine = await connect(await keyOf(owner));
      const theirs = await connect(await keyOf(other));
      const got: { topic: string; body: string }[] = [];
      const leaked: string[] = [];
      mine.on('message', (topic, payload) => got.push({ topic, body: payload.toString() }));
      theirs.on('message', (topic) => leaked.push(topic));
      await subscribeGranted(mine, [`${MQTT_OUTPUT_ROOT}/${owner.id}/#`]);
      await subscribeGranted(theirs, [`${MQTT_OUTPUT_ROOT}/${other.id}/#`]);

      // Discovery is retained: re-announce now that a subscriber is there.
      await a.call('PUT', '/api/mqtt-output', { homeAssistant: true });
      const ward = await a.zone(mapId, 'Ward 3');
      const mac = await standMonitoredTag(t, owner.id, mapId);
      await t.built.zoneMonitoring.presence.flush();

      await expect
        .poll(() => got.find((m) => m.topic.endsWith('/config') && m.body !== ''))
        .toBeDefined();
      const discovery = got.find((m) => m.topic.endsWith('/config') && m.body !== '')!;
      const parsed = JSON.parse(discovery.body) as ReturnType<typeof haDiscovery>;
      expect(discovery.topic).toBe(
        `${MQTT_OUTPUT_ROOT}/${owner.id}/homeassistant/device_tracker/${parsed.object_id}/config`,
      );
      expect(parsed.source_type).toBe('bluetooth_le');
      await expect
        .poll(() => got.filter((m) => m.topic === parsed.state_topic).at(-1)?.body)
        .toBe('Ward 3');
      const zone = got.filter((m) => m.topic.endsWith(`/${mac}/zone`)).at(-1);
      expect(JSON.parse(zone!.body)).toMatchObject({ mac, mapId, zoneId: ward.id, state: 'in' });
      await expect.poll(() => got.some((m) => m.topic.endsWith(`/zones/${ward.id}`))).toBe(true);

      // A client may not publish into the output tree (the session ends).
      await Promise.race([
        publish(mine, `${MQTT_OUTPUT_ROOT}/${owner.id}/x/y/zone`, 'spoof').catch(() => undefined),
        sleep(500),
      ]);
      expect(got.some((m) => m.body === 'spoof')).toBe(false);
      // The other account hears its own tree only (its own device's discovery), nothing of this one.
      expect(leaked.length).toBeGreaterThan(0);
      expect(
        leaked.filter((topic) => !topic.startsWith(`${MQTT_OUTPUT_ROOT}/${other.id}/`)),
      ).toEqual([]);
    });
  },
  { config: { alertingTimers: false } },
);

const MQTT_URL = testServices().mqtt;

describe.runIf(MQTT_URL)('MQTT output on an external broker (MQTT_URL)', () => {
  let t: TestApp;
  let ingest: MqttIngest;
  let watcher: MqttClient;
  const got = new Map<string, string>();

  beforeAll(async () => {
    t = await startTestApp('pglite', { config: { alertingTimers: false } });
    const { owner } = await ownMap(t.built);
    ingest = await startMqttIngest({
      config: testConfig({
        mqttUrl: MQTT_URL!,
        mqttIngestKey: (await t.built.repos.keys.create(owner.id, 'broker')).key,
        mqttShareGroup: `out${process.pid}`,
        mqttClientId: `rtls-out-test-${process.pid}`,
        mqttSessionExpirySeconds: 0,
      }),
      pipeline: t.built.pipeline,
      keys: t.built.repos.keys,
      log: t.app.log,
    });
    t.built.mqttOut.attach(ingest.output!, ingest.mode === 'embedded');
    watcher = await connectMqtt(MQTT_URL!);
    watcher.on('message', (topic, payload) => got.set(topic, payload.toString()));
  });
  afterAll(async () => {
    // Leave no retained message behind on the shared broker.
    for (const topic of got.keys()) await publish(watcher, topic, '', { retain: true });
    watcher?.end(true);
    await ingest?.close();
    await t?.close();
  });

  it('announces each monitored device under Home Assistant’s discovery prefix', async () => {
    const prefix = `hatest${process.pid}`;
    const { owner, mapId } = await ownMap(t.built);
    await subscribeGranted(watcher, [`${prefix}/#`, `${MQTT_OUTPUT_ROOT}/${owner.id}/#`]);
    const a = api(t.built, owner.token);
    const res = await a.call('PUT', '/api/mqtt-output', { enabled: true, discoveryPrefix: prefix });
    expect(res.json()).toMatchObject({ brokers: { embedded: false, external: true } });
    const config = () => [...got].find(([topic, body]) => topic.startsWith(`${prefix}/`) && body);
    await expect.poll(config).toBeDefined();
    const [topic, body] = config()!;
    const parsed = JSON.parse(body) as ReturnType<typeof haDiscovery>;
    expect(topic).toBe(`${prefix}/device_tracker/${parsed.object_id}/config`);
    await a.zone(mapId, 'Lab');
    await standMonitoredTag(t, owner.id, mapId);
    await expect.poll(() => got.get(parsed.state_topic)).toBe('Lab');
  });
});
