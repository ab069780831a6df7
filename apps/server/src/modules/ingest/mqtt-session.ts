/**
 * One persistent session on an external broker under a given client id: its messages are stored
 * through the pipeline and acknowledged (PUBACK) only once stored, so the broker keeps and sends
 * again whatever was not. The instance's own session subscribes; a session taken over from a dead
 * instance only receives what the broker kept for it, then ends.
 */
import mqtt, { type MqttClient } from 'mqtt';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config.ts';
import type { Pipeline } from './pipeline.ts';
import { ingestMessage, recentIds } from './mqtt-ingest.ts';
import { holdAcksUntilStored } from './mqtt-acks.ts';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export interface SessionOptions {
  config: Config;
  pipeline: Pipeline;
  log: FastifyBaseLogger;
  ownerId: string;
  clientId: string;
  /** The subscription's topic filters (with the share group). */
  topics: readonly string[];
  /** Subscribe on every connect (the instance's own session); false for a session taken over. */
  subscribe: boolean;
  /** True once the ingest key was revoked: nothing more is stored or acknowledged. */
  revoked: () => boolean;
}

export interface MqttSession {
  readonly client: MqttClient;
  /** Subscribed (always false for a session taken over). */
  readonly subscribed: boolean;
  /**
   * Leave without losing anything: unsubscribe (the broker sends the others the new messages),
   * store and acknowledge what this session was sent until `quietMs` pass without a message, then
   * end the session so the broker keeps nothing more for it. If that does not settle within
   * `withinMs`, disconnect keeping the session: its messages wait for the next connection.
   * Resolves with whether the session was ended.
   */
  close(quietMs?: number, withinMs?: number): Promise<boolean>;
}

export function openSession(o: SessionOptions): MqttSession {
  const client: MqttClient = mqtt.connect(o.config.mqttUrl!, {
    clientId: o.clientId,
    clean: false,
    protocolVersion: 5,
    // Messages the broker may send before their PUBACKs (which wait for the store): the broker's
    // own limit applies when lower (Mosquitto's max_inflight_messages, 20 by default).
    properties: { sessionExpiryInterval: o.config.mqttSessionExpirySeconds, receiveMaximum: 200 },
    // A session taken over does not fight its owner back when the owner returns.
    reconnectPeriod: o.subscribe ? 2000 : 0,
  });
  const processed = recentIds();
  const inflight = new Set<Promise<void>>();
  let closing = false;
  let lastMessageAt = 0;
  // Acknowledge (PUBACK) only after the reports are stored, while the next messages are read and
  // stored alongside (their reports share the pipeline's batches).
  const acks = holdAcksUntilStored(client);
  client.handleMessage = (packet, callback) => {
    if (o.revoked()) return; // never acknowledged: the broker keeps it for a valid key's session
    lastMessageAt = Date.now();
    const id = `${packet.messageId}`;
    if (packet.qos > 0 && packet.dup && processed.has(id)) return callback();
    const messageId = packet.qos > 0 ? packet.messageId : undefined;
    if (messageId !== undefined) acks.hold(messageId);
    const work = ingestMessage(o.pipeline, o.ownerId, packet.topic, packet.payload as Buffer).then(
      () => {
        if (messageId === undefined) return;
        processed.add(id);
        acks.stored(messageId);
      },
      (err: unknown) => {
        o.log.warn({ err }, 'MQTT reports not stored; reconnecting so the broker redelivers');
        client.reconnect();
      },
    );
    inflight.add(work);
    void work.finally(() => inflight.delete(work));
    callback();
  };
  let subscribed = false;
  client.on('connect', () => {
    // What the broker kept comes right after the connection: a quiet period counts from here.
    lastMessageAt = Date.now();
    if (closing || !o.subscribe) return;
    client.subscribe([...o.topics], { qos: 1 }, (err, granted) => {
      const refused = granted?.find((g) => g.qos >= 128);
      if (err || refused) o.log.error({ err, refused }, 'MQTT subscribe failed');
      else subscribed = true;
    });
  });
  client.on('close', () => (subscribed = false));
  client.on('error', (err) => o.log.warn({ err: err.message }, 'MQTT connection problem'));

  return {
    client,
    get subscribed() {
      return subscribed;
    },
    async close(quietMs = 300, withinMs = 5000) {
      closing = true;
      if (client.connected)
        await Promise.race([
          client.unsubscribeAsync([...o.topics]).catch(() => undefined),
          sleep(2000),
        ]);
      const deadline = Date.now() + withinMs;
      const busy = () =>
        inflight.size > 0 || acks.waiting > 0 || Date.now() - lastMessageAt < quietMs;
      while (client.connected && busy() && Date.now() < deadline) await sleep(50);
      const settled = client.connected && !busy();
      await new Promise<void>((resolve) =>
        client.end(false, settled ? { properties: { sessionExpiryInterval: 0 } } : {}, () =>
          resolve(),
        ),
      );
      return settled;
    },
  };
}
