/**
 * Gateway ingest over MQTT. Without MQTT_URL an embedded broker (aedes) listens on MQTT_PORT and
 * gateways log in with any user name and an ingest key as the password. With MQTT_URL the server
 * subscribes to that broker (a shared subscription, so several instances split the traffic) and
 * files everything under the account of MQTT_INGEST_KEY. QoS 1 messages are acknowledged only
 * after their reports are stored. The external session is persistent under a stable client id: a
 * broker such as Mosquitto does not hand a crashed member's unacknowledged messages to the rest of
 * the group, it keeps them in that member's session until the member (restarted) comes back.
 */
import net from 'node:net';
import os from 'node:os';
import { Aedes, type AuthenticateError, type Client } from 'aedes';
import mqtt, { type MqttClient } from 'mqtt';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../config.ts';
import type { IngestKeys } from '../modules/ingest/keys.ts';
import { INGEST_TOPICS, parseMqttMessage } from '../modules/ingest/mqtt-formats.ts';
import type { Pipeline } from '../modules/ingest/pipeline.ts';

export interface MqttIngest {
  mode: 'embedded' | 'external' | 'off';
  port: number | null;
  /** 'ok', or why the broker side is not ready (for /readyz). */
  ready(): 'ok' | string;
  close(): Promise<void>;
}

interface Deps {
  config: Config;
  pipeline: Pipeline;
  keys: IngestKeys;
  log: FastifyBaseLogger;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Remembers recently processed QoS 1 message ids, so a redelivered duplicate is processed once. */
function recentIds(limit = 10_000) {
  const seen = new Set<string>();
  return {
    has: (id: string) => seen.has(id),
    add(id: string) {
      seen.add(id);
      if (seen.size > limit) seen.delete(seen.values().next().value!);
    },
  };
}

/** Parse and store one message; resolves when stored, rejects when storage failed. */
async function ingestMessage(pipeline: Pipeline, ownerId: string, topic: string, payload: Buffer) {
  const parsed = parseMqttMessage(topic, payload);
  if (!parsed.ok) {
    pipeline.reject(parsed.reason);
    return;
  }
  await pipeline.submit(ownerId, parsed.reports);
}

export async function startMqttIngest(deps: Deps): Promise<MqttIngest> {
  if (deps.config.mqttUrl) return startExternal(deps);
  if (deps.config.mqttPort === 0)
    return { mode: 'off', port: null, ready: () => 'ok', close: async () => undefined };
  return startEmbedded(deps);
}

async function startEmbedded({ config, pipeline, keys, log }: Deps): Promise<MqttIngest> {
  const owners = new WeakMap<Client, string>();
  const processed = recentIds();
  const broker = await Aedes.createBroker({
    authenticate: (client, _username, password, done) => {
      const key = password?.toString('utf8') ?? '';
      keys.ownerOf(key).then(
        (ownerId) => {
          if (ownerId) {
            owners.set(client, ownerId);
            return done(null, true);
          }
          const err = new Error(
            'A valid ingest key is required as the MQTT password',
          ) as AuthenticateError;
          err.returnCode = 4;
          done(err, false);
        },
        () =>
          done(
            Object.assign(new Error('Server unavailable'), { returnCode: 3 }) as AuthenticateError,
            false,
          ),
      );
    },
    authorizePublish: (client, packet, done) => {
      const ownerId = client ? owners.get(client) : undefined;
      if (!client || !ownerId) return done(new Error('not authenticated'));
      const id = `${client.id}:${packet.messageId}`;
      if (packet.qos > 0 && packet.dup && processed.has(id)) return done();
      ingestMessage(pipeline, ownerId, packet.topic, packet.payload as Buffer).then(
        () => {
          if (packet.qos > 0) processed.add(id);
          done();
        },
        (err: unknown) => {
          log.warn({ err }, 'MQTT reports not stored; the gateway will redeliver');
          done(err as Error);
        },
      );
    },
  });
  const server = net.createServer(broker.handle);
  const port = await new Promise<number | null>((resolve) => {
    server.once('error', (err: NodeJS.ErrnoException) => {
      if (err.code === 'EADDRINUSE') {
        const line = `MQTT port ${config.mqttPort} is already in use (another broker?): embedded MQTT ingest is off; set MQTT_PORT, or MQTT_URL to use that broker`;
        log.warn(line);
        process.stderr.write(line + '\n');
      } else {
        log.error({ err }, 'embedded MQTT broker failed to start');
      }
      resolve(null);
    });
    server.listen(config.mqttPort, config.host, () =>
      resolve((server.address() as net.AddressInfo).port),
    );
  });
  if (port === null) {
    await new Promise<void>((r) => broker.close(() => r()));
    return { mode: 'off', port: null, ready: () => 'ok', close: async () => undefined };
  }
  return {
    mode: 'embedded',
    port,
    ready: () => (server.listening ? 'ok' : 'embedded broker is not listening'),
    close: () =>
      new Promise<void>((resolve) => {
        server.close();
        broker.close(() => resolve());
      }),
  };
}

async function startExternal({ config, pipeline, keys, log }: Deps): Promise<MqttIngest> {
  const ownerId = config.mqttIngestKey ? await keys.ownerOf(config.mqttIngestKey) : null;
  if (!ownerId) {
    const line =
      'MQTT_URL is set but MQTT_INGEST_KEY is missing or not a valid ingest key: MQTT ingest is off';
    log.warn(line);
    process.stderr.write(line + '\n');
    return { mode: 'off', port: null, ready: () => 'ok', close: async () => undefined };
  }
  const client: MqttClient = mqtt.connect(config.mqttUrl!, {
    clientId: config.mqttClientId ?? `rtls-${os.hostname()}-${config.port}`,
    clean: false,
    protocolVersion: 5,
    properties: { sessionExpiryInterval: config.mqttSessionExpirySeconds },
    reconnectPeriod: 2000,
  });
  const processed = recentIds();
  const inflight = new Set<Promise<void>>();
  let closing = false;
  let lastMessageAt = 0;
  // Acknowledge (PUBACK) only after the reports are stored: mqtt.js sends it when this callback runs.
  client.handleMessage = (packet, callback) => {
    lastMessageAt = Date.now();
    const id = `${packet.messageId}`;
    if (packet.qos > 0 && packet.dup && processed.has(id)) return callback();
    const work = ingestMessage(pipeline, ownerId, packet.topic, packet.payload as Buffer).then(
      () => {
        if (packet.qos > 0) processed.add(id);
        callback();
      },
      (err: unknown) => {
        log.warn({ err }, 'MQTT reports not stored; reconnecting so the broker redelivers');
        client.reconnect();
      },
    );
    inflight.add(work);
    void work.finally(() => inflight.delete(work));
  };
  const topics = INGEST_TOPICS.map((t) =>
    config.mqttShareGroup ? `$share/${config.mqttShareGroup}/${t}` : t,
  );
  // Ready once subscribed: before that, this instance takes no share of the traffic.
  let subscribed = false;
  client.on('connect', () => {
    if (closing) return;
    client.subscribe(topics, { qos: 1 }, (err, granted) => {
      const refused = granted?.find((g) => g.qos >= 128);
      if (err || refused) log.error({ err, refused }, 'MQTT subscribe failed');
      else subscribed = true;
    });
  });
  client.on('close', () => (subscribed = false));
  client.on('error', (err) => log.warn({ err: err.message }, 'MQTT connection problem'));
  return {
    mode: 'external',
    port: null,
    ready: () =>
      !client.connected
        ? 'not connected to MQTT_URL'
        : subscribed
          ? 'ok'
          : 'connected to MQTT_URL, not subscribed yet',
    /**
     * Leave the group without losing anything: unsubscribe (the broker sends the others the new
     * messages), store and acknowledge what this instance was already sent, then end the session
     * so the broker queues nothing more for it. If that does not settle in time, disconnect
     * keeping the session: the messages wait for this instance's restart.
     */
    async close() {
      closing = true;
      if (client.connected)
        await Promise.race([client.unsubscribeAsync(topics).catch(() => undefined), sleep(2000)]);
      const deadline = Date.now() + 5000;
      const busy = () => inflight.size > 0 || Date.now() - lastMessageAt < 300;
      while (client.connected && busy() && Date.now() < deadline) await sleep(50);
      const settled = client.connected && !busy();
      await new Promise<void>((resolve) =>
        client.end(false, settled ? { properties: { sessionExpiryInterval: 0 } } : {}, () =>
          resolve(),
        ),
      );
    },
  };
}
