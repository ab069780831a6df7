/**
 * MQTT ingest from an external broker (MQTT_URL): a shared subscription, so several instances split
 * the traffic, filed under the account of MQTT_INGEST_KEY. The session is persistent under a stable
 * client id: a broker such as Mosquitto does not hand a crashed member's unacknowledged messages to
 * the rest of the group, it keeps them in that member's session, and goes on sending that member
 * its share of new messages. So each instance says every second that its session is alive
 * (mqtt-members.ts); when one stops, another takes its session over: it connects under the dead
 * one's client id, stores and acknowledges what the broker kept there, and ends that session, which
 * leaves the group to the living. A dead instance restarted first gets its session back itself.
 * Revoking MQTT_INGEST_KEY ends the subscription at once. It subscribes to MQTT_TOPICS (the
 * formats' usual topics by default); each message's format is told by its topic and body.
 */
import os from 'node:os';
import { MQTT_OFF, warnLoudly, type MqttIngest, type MqttIngestDeps } from './mqtt-ingest.ts';
import { openSession, type MqttSession } from './mqtt-session.ts';

/** How often a member says it is alive, and looks for members that stopped (ms). */
export const MEMBER_BEAT_MS = 1000;
/**
 * A member silent this long is dead (ms): several beats, so a busy moment of a living instance
 * does not read as its death (a session taken over from a living member would go on, but the
 * member would reconnect).
 */
export const MEMBER_SILENT_MS = 5000;
/** A session taken over ends once no message came for this long (ms)... */
const TAKEOVER_QUIET_MS = 1000;
/** ...or, at the latest, after this long, keeping what is left for its owner's return (ms). */
const TAKEOVER_WITHIN_MS = 30_000;

export async function startSubscriber({
  config,
  pipeline,
  keys,
  log,
  members,
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
  const clientId = config.mqttClientId ?? `rtls-${os.hostname()}-${config.port}`;
  const topics = config.mqttTopics.map((t) =>
    config.mqttShareGroup ? `$share/${config.mqttShareGroup}/${t}` : t,
  );
  let revoked = false;
  let closing = false;
  const session = (id: string, subscribe: boolean) =>
    openSession({
      config,
      pipeline,
      log,
      ownerId,
      clientId: id,
      topics,
      subscribe,
      revoked: () => revoked,
    });
  const own = session(clientId, true);
  const takeovers = new Set<Promise<void>>();

  /** Store what the broker kept in a dead member's session, then end that session. */
  async function takeOver(deadId: string) {
    const taken: MqttSession = session(deadId, false);
    const connected = await new Promise<boolean>((resolve) => {
      taken.client.once('connect', () => resolve(true));
      taken.client.once('close', () => resolve(false));
    });
    const ended = connected && (await taken.close(TAKEOVER_QUIET_MS, TAKEOVER_WITHIN_MS));
    if (!ended) taken.client.end(true);
    log.info({ session: deadId, ended }, 'MQTT session of a silent instance taken over');
  }

  // Members only matter to a shared subscription: without one, every instance hears everything.
  const sharing = config.mqttShareGroup !== '' && members !== undefined;
  // Since when this instance has said every second, without a gap, that it is alive. Others are
  // judged silent only once it could itself have been heard as long: after a database outage or
  // a stall of this process every member looks silent until its own next beat.
  let aliveSince: number | null = null;
  let lastBeat = 0;
  let beatBusy = false;
  const beat = async () => {
    if (!sharing || closing || revoked || beatBusy) return;
    if (!own.subscribed) return void (aliveSince = null);
    beatBusy = true;
    try {
      await members.alive(clientId);
      const now = Date.now();
      if (aliveSince === null || now - lastBeat > 2 * MEMBER_BEAT_MS) aliveSince = now;
      lastBeat = now;
      if (now - aliveSince < MEMBER_SILENT_MS) return;
      for (const deadId of await members.claimSilent(clientId, MEMBER_SILENT_MS)) {
        const work = takeOver(deadId).catch((err: unknown) =>
          log.warn({ err, session: deadId }, 'MQTT session takeover failed'),
        );
        takeovers.add(work);
        void work.finally(() => takeovers.delete(work));
      }
    } catch (err) {
      aliveSince = null;
      throw err;
    } finally {
      beatBusy = false;
    }
  };
  const beating = sharing
    ? setInterval(
        () => void beat().catch((err: unknown) => log.warn({ err }, 'MQTT membership not kept')),
        MEMBER_BEAT_MS,
      )
    : null;
  beating?.unref();

  const onRevoked = (keyId: string) => {
    if (keyId !== identity.keyId || revoked) return;
    revoked = true;
    closing = true;
    warnLoudly(log, 'MQTT_INGEST_KEY was revoked: MQTT ingest from MQTT_URL is off');
    own.client.end(true);
  };
  keys.events.on('revoked', onRevoked);

  return {
    mode: 'external',
    port: null,
    output: {
      publish(topic, payload, retain) {
        if (own.client.connected && !closing)
          own.client.publish(topic, payload, { qos: 0, retain });
      },
    },
    ready: () =>
      revoked
        ? 'ok'
        : !own.client.connected
          ? 'not connected to MQTT_URL'
          : own.subscribed
            ? 'ok'
            : 'connected to MQTT_URL, not subscribed yet',
    /**
     * Leave the group without losing anything (see MqttSession.close); a session left behind
     * stays a member, for another instance to take over.
     */
    async close() {
      closing = true;
      if (beating) clearInterval(beating);
      keys.events.off('revoked', onRevoked);
      await Promise.all(takeovers);
      if (revoked) return; // the connection already ended
      const ended = await own.close();
      if (ended && sharing) await members.left(clientId).catch(() => undefined);
    },
  };
}
