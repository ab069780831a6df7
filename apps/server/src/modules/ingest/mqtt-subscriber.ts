/**
 * MQTT ingest from an external broker (MQTT_URL): a shared subscription, so several instances split
 * the traffic, filed under the account of MQTT_INGEST_KEY. The session is persistent under a stable
 * client id: a broker such as Mosquitto does not hand a crashed member's unacknowledged messages to
 * the rest of the group, it keeps them in that member's session until the member (restarted) comes
 * back. Revoking MQTT_INGEST_KEY ends the subscription at once. It subscribes to MQTT_TOPICS
 * (the formats' usual topics by default); each message's format is told by its topic and body.
 */
import os from 'node:os';
import mqtt, { type MqttClient } from 'mqtt';
import {
  MQTT_OFF,
  ingestMessage,
  recentIds,
  warnLoudly,
  type MqttIngest,
  type MqttIngestDeps,
} from './mqtt-ingest.ts';
import { holdAcksUntilStored } from './mqtt-acks.ts';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export async function startSubscriber({
  config,
  pipeline,
  keys,
  log,
}: MqttIngestDeps): Promise<MqttIngest> {
  const identity = config.mqttIngestKey ? await keys.identify(config.mqttIngestKey) : null;
  if (!identity) {
    warnLoudly(
      log,
      'MQTT_URL is set but MQTT_INGEST_KEY is missing or not a valid ingest key: MQTT ingest is off',
    );
    return MQTT_OFF;
  }
  const { ownerId } = identity;
  const client: MqttClient = mqtt.connect(config.mqttUrl!, {
    clientId: config.mqttClientId ?? `rtls-${os.hostname()}-${config.port}`,
    clean: false,
    protocolVersion: 5,
    // Messages the broker may send before their PUBACKs (which wait for the store): the broker's
    // own limit applies when lower (Mosquitto's max_inflight_messages, 20 by default).
    properties: { sessionExpiryInterval: config.mqttSessionExpirySeconds, receiveMaximum: 200 },
    reconnectPeriod: 2000,
  });
  const processed = recentIds();
  const inflight = new Set<Promise<void>>();
  let closing = false;
  let revoked = false;
  let lastMessageAt = 0;
  // Acknowledge (PUBACK) only after the reports are stored, while the next messages are read and
  // stored alongside (their reports share the pipeline's batches).
  const acks = holdAcksUntilStored(client);
  client.handleMessage = (packet, callback) => {
    if (revoked) return; // never acknowledged: the broker keeps it for a valid key's session
    lastMessageAt = Date.now();
    const id = `${packet.messageId}`;
    if (packet.qos > 0 && packet.dup && processed.has(id)) return callback();
    const messageId = packet.qos > 0 ? packet.messageId : undefined;
    if (messageId !== undefined) acks.hold(messageId);
    const work = ingestMessage(pipeline, ownerId, packet.topic, packet.payload as Buffer).then(
      () => {
        if (messageId === undefined) return;
        processed.add(id);
        acks.stored(messageId);
      },
      (err: unknown) => {
        log.warn({ err }, 'MQTT reports not stored; reconnecting so the broker redelivers');
        client.reconnect();
      },
    );
    inflight.add(work);
    void work.finally(() => inflight.delete(work));
    callback();
  };
  const topics = config.mqttTopics.map((t) =>
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

  const onRevoked = (keyId: string) => {
    if (keyId !== identity.keyId || revoked) return;
    revoked = true;
    closing = true;
    warnLoudly(log, 'MQTT_INGEST_KEY was revoked: MQTT ingest from MQTT_URL is off');
    client.end(true);
  };
  keys.events.on('revoked', onRevoked);

  return {
    mode: 'external',
    port: null,
    output: {
      publish(topic, payload, retain) {
        if (client.connected && !closing) client.publish(topic, payload, { qos: 0, retain });
      },
    },
    ready: () =>
      revoked
        ? 'ok'
        : !client.connected
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
      keys.events.off('revoked', onRevoked);
      if (revoked) return; // the connection already ended
      if (client.connected)
        await Promise.race([client.unsubscribeAsync(topics).catch(() => undefined), sleep(2000)]);
      const deadline = Date.now() + 5000;
      const busy = () => inflight.size > 0 || acks.waiting > 0 || Date.now() - lastMessageAt < 300;
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
