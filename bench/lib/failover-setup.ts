/**
 * The failover bench's set-up: the zone, its enter rule and a webhook over the API, the cluster
 * environment shared by the instances (PostgreSQL, Redis, MQTT, the positions stream under names
 * of this run), starting an instance until it is ready, and the walk of the fleet's devices.
 */
import { randomBytes } from 'node:crypto';
import { api, deviceSpot, FLOOR, type Fleet } from './pipeline-fleet.ts';
import { startServerProcess, type ServerProcess } from './server.ts';
import type { WebhookReceiver } from './webhook-receiver.ts';

/** The zone: the floor's west half (x < ZONE_EDGE_M). */
export const ZONE_EDGE_M = 30;
/** Every WALKER_EVERY-th device walks; the others stand where they are. */
const WALKER_EVERY = 10;
/** A walker spends half of this in the zone's half of the floor, half in the other. */
const WALK_PERIOD_S = 30;

/**
 * Where device d stands at tS (m): its own spot, or for a walker that spot and its mirror across
 * the zone's edge in turn, each walker with its own phase.
 */
export function walkSpot(d: number, tS: number) {
  const home = deviceSpot(d);
  if (d % WALKER_EVERY !== 0) return home;
  const away = (tS + (d / WALKER_EVERY) * 1.7) % WALK_PERIOD_S >= WALK_PERIOD_S / 2;
  return away ? { x: 2 * ZONE_EDGE_M - home.x, y: home.y } : home;
}

/** The west-half zone, an enter rule on it (every entry an alert) and a webhook to `receiver`. */
export async function setUpAlerting(base: string, fleet: Fleet, receiver: WebhookReceiver) {
  const ppm = FLOOR.pixelsPerMetre;
  const { zone } = await api<{ zone: { id: string } }>(
    `${base}/api/maps/${fleet.mapId}/zones`,
    fleet.token,
    'POST',
    {
      name: 'West hall',
      polygon: [
        { x: 0, y: 0 },
        { x: ZONE_EDGE_M * ppm, y: 0 },
        { x: ZONE_EDGE_M * ppm, y: FLOOR.heightM * ppm },
        { x: 0, y: FLOOR.heightM * ppm },
      ],
    },
  );
  // No dwell and no cool-down: each entry opens an alert of its own, so a repeat shows as one.
  await api(`${base}/api/maps/${fleet.mapId}/rules`, fleet.token, 'POST', {
    name: 'Entered the west hall',
    type: 'enter',
    zoneId: zone.id,
    severity: 'warning',
    dwellSeconds: 0,
    cooldownSeconds: 0,
  });
  const hook = await api<{ secret: string }>(`${base}/api/webhooks`, fleet.token, 'POST', {
    url: receiver.url,
  });
  receiver.setSecret(hook.secret);
}

/** Names of this run on the shared broker, Redis and RabbitMQ. */
export function clusterNames() {
  const run = randomBytes(4).toString('hex');
  return {
    run,
    shareGroup: `rtlsfailover${run}`,
    topicPrefix: `rtls/failover-${run}`,
    streamPrefix: `rtls.failover.${run}`,
  };
}

export interface ClusterUrls {
  redis: string;
  mqtt: string;
  amqp: string;
}

/** The environment of instance `name` (its MQTT client id, stable across its restarts). */
export function instanceEnv(
  dbEnv: Record<string, string>,
  urls: ClusterUrls,
  names: ReturnType<typeof clusterNames>,
  ingestKey: string,
  name: string,
): Record<string, string> {
  return {
    ...dbEnv,
    REDIS_URL: urls.redis,
    MQTT_URL: urls.mqtt,
    MQTT_INGEST_KEY: ingestKey,
    MQTT_SHARE_GROUP: names.shareGroup,
    MQTT_CLIENT_ID: `${names.shareGroup}-${name}`,
    MQTT_TOPICS: `${names.topicPrefix}/#`,
    // The broker forgets this run's sessions five minutes after their instance is gone.
    MQTT_SESSION_EXPIRY: '300',
    POSITIONS_STREAM_URL: urls.amqp,
    POSITIONS_STREAM_PREFIX: names.streamPrefix,
  };
}

/** Start an instance and wait until /readyz answers 200 (subscribed, stream connected). */
export async function startReady(env: Record<string, string>, port?: number) {
  const s = await startServerProcess(env, port);
  const deadline = Date.now() + 60_000;
  while ((await fetch(`${s.url}/readyz`).catch(() => null))?.status !== 200) {
    if (Date.now() > deadline) {
      await s.stop();
      throw new Error(`instance on port ${s.port} not ready in 60 s:\n${s.output()}`);
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  return s;
}

/** Stop what is still running: SIGTERM, SIGKILL after 30 s (ServerProcess.stop). */
export async function stopAll(servers: readonly (ServerProcess | null)[]) {
  await Promise.all(servers.map((s) => s?.stop().catch(() => undefined)));
}
