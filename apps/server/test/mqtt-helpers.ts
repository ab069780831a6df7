/** MQTT test clients (mqtt.js) and free ports, shared by the MQTT ingest suites. */
import net from 'node:net';
import mqtt, { type IClientOptions, type MqttClient } from 'mqtt';
import { afterAll, afterEach } from 'vitest';
import type { MqttIngest } from '../src/modules/ingest/mqtt-ingest.ts';
import { startMqttIngest } from '../src/modules/ingest/mqtt-start.ts';
import { testConfig, type TestApp } from './helpers.ts';

export const freePort = () =>
  new Promise<number>((resolve, reject) => {
    const s = net.createServer();
    s.once('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address() as net.AddressInfo;
      s.close(() => resolve(port));
    });
  });

/** A connected gateway client; rejects when the broker refuses it. */
export const connectMqtt = (url: string, password?: string, opts: IClientOptions = {}) =>
  new Promise<MqttClient>((resolve, reject) => {
    const c = mqtt.connect(url, {
      username: 'gw',
      password,
      reconnectPeriod: 0,
      connectTimeout: 5000,
      ...opts,
    });
    c.once('connect', () => resolve(c));
    c.once('error', (err) => {
      c.end(true);
      reject(err);
    });
  });

export const publish = (
  c: MqttClient,
  topic: string,
  payload: unknown,
  opts: { retain?: boolean } = {},
) =>
  new Promise<void>((resolve, reject) =>
    c.publish(
      topic,
      typeof payload === 'string' || Buffer.isBuffer(payload) ? payload : JSON.stringify(payload),
      { qos: 1, ...opts },
      (err) => (err ? reject(err) : resolve()),
    ),
  );

/** Resolves when the client's connection closes (or after timeoutMs, with false). */
export const closed = (c: MqttClient, timeoutMs = 5000) =>
  new Promise<boolean>((resolve) => {
    if (!c.connected) return resolve(true);
    const timer = setTimeout(() => resolve(false), timeoutMs);
    c.once('close', () => {
      clearTimeout(timer);
      resolve(true);
    });
  });

export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Subscribe and return the broker's granted codes (128: refused), refused or not. */
export const subscribeGranted = (c: MqttClient, topics: string[]) =>
  new Promise<number[]>((resolve, reject) =>
    c.subscribe(topics, { qos: 1 }, (err, granted) => {
      const packet = (err as { packet?: { granted?: number[] } } | undefined)?.packet;
      if (packet?.granted) return resolve(packet.granted);
      if (err) return reject(err);
      resolve((granted ?? []).map((g) => g.qos));
    }),
  );

/** The embedded broker of a test app on a free port, and its URL. */
export async function startEmbeddedBroker(
  t: TestApp,
): Promise<{ ingest: MqttIngest; url: string }> {
  const port = await freePort();
  const ingest = await startMqttIngest({
    config: testConfig({ mqttUrl: null, mqttPort: port, host: '127.0.0.1' }),
    pipeline: t.built.pipeline,
    keys: t.built.repos.keys,
    log: t.app.log,
  });
  return { ingest, url: `mqtt://127.0.0.1:${port}` };
}

/**
 * The embedded broker of the suite's app, started in the suite's setup and closed after the
 * suite, and gateway clients on it (`connect(key)`), each ended after its test. Its fields may
 * be read only inside tests and later hooks.
 */
export function useEmbeddedBroker(t: TestApp): {
  readonly ingest: MqttIngest;
  readonly url: string;
  connect(key: string): Promise<MqttClient>;
} {
  let started: { ingest: MqttIngest; url: string } | undefined;
  const clients: MqttClient[] = [];
  afterEach(() => {
    for (const c of clients.splice(0)) c.end(true);
  });
  t.setup(async () => {
    started = await startEmbeddedBroker(t);
  });
  afterAll(async () => {
    await started?.ingest.close();
  });
  const get = () => {
    if (!started) throw new Error('The broker is used before the suite has started it');
    return started;
  };
  return {
    get ingest() {
      return get().ingest;
    },
    get url() {
      return get().url;
    },
    async connect(key) {
      const c = await connectMqtt(get().url, key);
      clients.push(c);
      return c;
    },
  };
}

/**
 * A gateway client on the embedded broker of the suite's app, connected with the ingest key that
 * `key()` names once the suite's earlier setup has run; both are closed after the suite. Its
 * fields may be read only inside tests.
 */
export function useEmbeddedGateway(t: TestApp, key: () => string): { readonly gw: MqttClient } {
  const broker = useEmbeddedBroker(t);
  let gw: MqttClient | undefined;
  t.setup(async () => {
    gw = await connectMqtt(broker.url, key());
  });
  afterAll(() => {
    gw?.end(true);
  });
  return {
    get gw() {
      if (!gw) throw new Error('The gateway client is used before the suite has connected it');
      return gw;
    },
  };
}
