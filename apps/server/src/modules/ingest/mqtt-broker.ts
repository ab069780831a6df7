/**
 * The embedded MQTT broker (aedes) for gateways, used when MQTT_URL is not set. A gateway logs in
 * with any user name and an ingest key as the password, and its session is bound to that key's
 * account. The broker takes reports in and hands out only the account's own output tree, so no
 * account can read another's traffic:
 * - every publish is filed under the session's account (the topic only selects the format), and
 *   nobody may publish into the output tree (MQTT_OUTPUT_ROOT): only the server does;
 * - a subscription is granted only inside the session's own output prefix
 *   (MQTT_OUTPUT_ROOT/<account>/…, see mqtt-out); any other is refused (SUBACK failure), and a
 *   message is forwarded to a client only from its own prefix;
 * - retain flags are dropped, so nothing is kept for later subscribers; wills are refused;
 * - a packet larger than INGEST_MAX_BODY_BYTES ends the connection before it is buffered whole;
 * - revoking a key ends its open sessions at once (on every instance, through the key events), and
 *   open sessions re-check their keys now and then in case an announcement was missed.
 */
import net from 'node:net';
import { Aedes, type AuthenticateError, type Client, type PublishPacket } from 'aedes';
import { INGEST_MAX_BODY_BYTES, MQTT_OUTPUT_ROOT } from '@rtls/contract';
import type { KeyIdentity } from './keys.ts';
import {
  MQTT_OFF,
  ingestMessage,
  recentIds,
  warnLoudly,
  type MqttIngest,
  type MqttIngestDeps,
} from './mqtt-ingest.ts';

/** CONNACK return codes of MQTT 3.1.1 (aedes maps them for MQTT 5). */
const SERVER_UNAVAILABLE = 3;
const BAD_CREDENTIALS = 4;

const authError = (message: string, returnCode: number) =>
  Object.assign(new Error(message), { returnCode }) as AuthenticateError;

/** The parts of aedes' client that are not in its types: the will and the packet parser. */
interface ClientInternals {
  will?: unknown;
  _parser: { packet: { length: number }; _parseLength(): boolean };
}

/**
 * End a connection as soon as a packet announces more than maxBytes, instead of buffering it:
 * the parser reads the remaining length before the payload arrives.
 */
export function limitPacketSize(client: Client, maxBytes: number) {
  const parser = (client as unknown as ClientInternals)._parser;
  const parseLength = parser._parseLength.bind(parser);
  parser._parseLength = () => {
    const done = parseLength();
    if (done && parser.packet.length > maxBytes) {
      client.conn.destroy();
      return false;
    }
    return done;
  };
}

/** Open sessions per key, so a revocation can end them. */
function sessionRegistry() {
  const identities = new WeakMap<Client, KeyIdentity>();
  const byKey = new Map<string, Set<Client>>();
  return {
    bind(client: Client, identity: KeyIdentity) {
      identities.set(client, identity);
      let set = byKey.get(identity.keyId);
      if (!set) byKey.set(identity.keyId, (set = new Set()));
      set.add(client);
    },
    identity: (client: Client) => identities.get(client),
    forget(client: Client) {
      const identity = identities.get(client);
      if (!identity) return;
      identities.delete(client);
      const set = byKey.get(identity.keyId);
      set?.delete(client);
      if (set?.size === 0) byKey.delete(identity.keyId);
    },
    /** End every session of the key; their in-flight and later publishes are refused. */
    revoke(keyId: string) {
      for (const client of byKey.get(keyId) ?? []) {
        identities.delete(client);
        client.close();
      }
      byKey.delete(keyId);
    },
    keyIds: () => [...byKey.keys()],
  };
}

export async function startEmbeddedBroker(deps: MqttIngestDeps): Promise<MqttIngest> {
  const { config, keys, log } = deps;
  const sessions = sessionRegistry();
  const broker = await createBroker(deps, sessions);
  broker.on('clientDisconnect', (client) => sessions.forget(client));
  const onRevoked = (keyId: string) => sessions.revoke(keyId);
  keys.events.on('revoked', onRevoked);
  const recheck = setInterval(() => {
    const ids = sessions.keyIds();
    if (ids.length === 0) return;
    keys.active(ids).then(
      (active) => ids.filter((id) => !active.has(id)).forEach(onRevoked),
      () => undefined, // the database is unreachable: keep the sessions, try again next time
    );
  }, config.socketSessionRecheckMs);
  recheck.unref();

  const server = net.createServer((conn) =>
    limitPacketSize(broker.handle(conn), INGEST_MAX_BODY_BYTES),
  );
  const port = await listen(server, config.mqttPort, config.host).catch((err: unknown) => {
    const inUse = (err as NodeJS.ErrnoException).code === 'EADDRINUSE';
    if (inUse)
      warnLoudly(
        log,
        `MQTT port ${config.mqttPort} is already in use (another broker?): embedded MQTT ingest is off; set MQTT_PORT, or MQTT_URL to use that broker`,
      );
    else log.error({ err }, 'embedded MQTT broker failed to start');
    return null;
  });
  const close = () =>
    new Promise<void>((resolve) => {
      clearInterval(recheck);
      keys.events.off('revoked', onRevoked);
      server.close();
      broker.close(() => resolve());
    });
  if (port === null) {
    await close();
    return MQTT_OFF;
  }
  return {
    mode: 'embedded',
    port,
    output: {
      publish(topic, payload, retain) {
        broker.publish(
          { cmd: 'publish', topic, payload: Buffer.from(payload), qos: 0, retain, dup: false },
          () => undefined,
        );
      },
    },
    ready: () => (server.listening ? 'ok' : 'embedded broker is not listening'),
    close,
  };
}

function listen(server: net.Server, port: number, host: string) {
  return new Promise<number>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => resolve((server.address() as net.AddressInfo).port));
  });
}

/** True when a topic (or filter) lies inside the account's output prefix, wildcards after it only. */
export function ownOutput(ownerId: string, topic: string): boolean {
  return !/[+#/]/.test(ownerId) && topic.startsWith(`${MQTT_OUTPUT_ROOT}/${ownerId}/`);
}

function createBroker(
  { pipeline, keys, log }: MqttIngestDeps,
  sessions: ReturnType<typeof sessionRegistry>,
) {
  const processed = recentIds();
  return Aedes.createBroker({
    authenticate: (client, _username, password, done) => {
      keys.identify(password?.toString('utf8') ?? '').then(
        (identity) => {
          if (!identity)
            return done(
              authError('A valid ingest key is required as the MQTT password', BAD_CREDENTIALS),
              false,
            );
          sessions.bind(client, identity);
          done(null, true);
        },
        () => done(authError('Server unavailable', SERVER_UNAVAILABLE), false),
      );
    },
    authorizePublish: (client, packet, done) => {
      const identity = client ? sessions.identity(client) : undefined;
      if (!client || !identity) return done(new Error('not authenticated'));
      if (packet === (client as unknown as ClientInternals).will)
        return done(new Error('will messages are not accepted'));
      if (packet.topic.startsWith(`${MQTT_OUTPUT_ROOT}/`))
        return done(new Error('the output tree is written by the server only'));
      (packet as PublishPacket).retain = false;
      const id = `${client.id}:${packet.messageId}`;
      if (packet.qos > 0 && packet.dup && processed.has(id)) return done();
      ingestMessage(pipeline, identity.ownerId, packet.topic, packet.payload as Buffer).then(
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
    // Subscriptions only inside the account's own output prefix; forwarding only from it.
    authorizeSubscribe: (client, subscription, done) => {
      const identity = client ? sessions.identity(client) : undefined;
      const own = identity && ownOutput(identity.ownerId, subscription.topic);
      done(null, own ? subscription : null);
    },
    authorizeForward: (client, packet) => {
      const identity = client ? sessions.identity(client) : undefined;
      return identity && ownOutput(identity.ownerId, packet.topic) ? packet : null;
    },
  });
}
