/** Typed configuration from the environment, with the embedded defaults of `npm start`. */
import path from 'node:path';
import {
  EVENT_DEFAULT_RETENTION_DAYS,
  HISTORY_DEFAULT_POSITIONS_DAYS,
  HISTORY_DEFAULT_VISITS_DAYS,
  TRAIL_DEFAULT_RETENTION_MINUTES,
  WEBHOOK_RETRY,
} from '@rtls/contract';
import { INGEST_TOPICS } from './modules/ingest/formats/index.ts';
import { PASSWORD_HASH_COST, PASSWORD_HASH_COST_BOUNDS } from './lib/secrets.ts';

export interface Config {
  port: number;
  host: string;
  /** PGlite data directory, used when databaseUrl is not set. `memory://` keeps it in memory. */
  dataDir: string;
  databaseUrl: string | null;
  redisUrl: string | null;
  /** RabbitMQ (amqp://…) through which instances give each device one positioning instance. */
  positionsStreamUrl: string | null;
  /** Partition queue names are `<prefix>.<k>`; null: the stream's default (rtls.positions). */
  positionsStreamPrefix: string | null;
  /** Worker threads that locate devices (partitioned by device); 0 locates in the server thread. */
  positionsWorkers: number;
  /**
   * A bundled locator worker (locator-worker.mjs) for a server run from its TypeScript sources,
   * whose workers would otherwise each compile the locating code anew; null: the one beside the
   * code. The tests set it; no environment variable does.
   */
  positionsWorkerFile: string | null;
  mqttUrl: string | null;
  /** Port of the embedded MQTT broker (only when mqttUrl is not set); 0 disables it. */
  mqttPort: number;
  /** With mqttUrl: the ingest key whose account owns the broker's reports. */
  mqttIngestKey: string | null;
  /** With mqttUrl: shared-subscription group, so instances split the traffic; empty for none. */
  mqttShareGroup: string;
  /**
   * With mqttUrl: this instance's MQTT client id, stable across restarts so the broker keeps its
   * session (QoS 1 messages it had not acknowledged) until it returns. Null: host name and port.
   */
  mqttClientId: string | null;
  /** With mqttUrl: how long the broker keeps this instance's session while it is away (s). */
  mqttSessionExpirySeconds: number;
  /**
   * With mqttUrl: the topic filters subscribed to (MQTT_TOPICS, comma-separated); the formats'
   * usual topics (INGEST_TOPICS) by default. Any Ruuvi Gateway prefix can be added this way.
   */
  mqttTopics: string[];
  simulator: boolean;
  /** Simulator report rate per device per second. */
  simulatorRate: number;
  simulatorDevices: number;
  /** Storeys of the demo building (a building of that many copies of the demo floor when > 1). */
  simulatorFloors: number;
  demoEmail: string;
  demoPassword: string;
  webDist: string | null;
  uploadsDir: string;
  logLevel: string;
  /** Allowed browser origins for the realtime channel; empty means same host only. */
  allowedOrigins: string[];
  tokenTtlHours: number;
  /** scrypt's cost for new password hashes, as log2 N (PASSWORD_HASH_COST). */
  passwordHashCost: number;
  /** How often open sockets re-check their session, and MQTT sessions their ingest key. */
  socketSessionRecheckMs: number;
  trustProxy: boolean;
  /** How long trail points of monitored devices are kept (minutes). */
  trailRetentionMinutes: number;
  /** How long zone events (and resolved alerts) are kept (days). */
  eventRetentionDays: number;
  /** The most days any account keeps positions and zone visits (older partitions are dropped). */
  historyPositionsDays: number;
  historyVisitsDays: number;
  /**
   * Presence, rules, outages, webhooks and the heatmap's summary run on timers; tests that drive
   * time themselves turn them off (the engines are then stepped by hand).
   */
  alertingTimers: boolean;
  /** Webhook retries: backoff base and cap, attempts before a dead letter, per-attempt timeout. */
  /** Origins the console may show images from besides its own (CSP_IMG_SRC). */
  cspImageSources: string[];
  /** Whether webhooks may point to loopback and private networks (WEBHOOK_ALLOW_PRIVATE). */
  webhookAllowPrivate: boolean;
  webhookRetry: { baseMs: number; capMs: number; maxAttempts: number; timeoutMs: number };
}

function int(name: string, value: string | undefined, fallback: number): number {
  if (value === undefined || value === '') return fallback;
  const n = Number(value);
  if (!Number.isInteger(n) || n < 0)
    throw new Error(`${name} must be a non-negative integer, got "${value}"`);
  return n;
}

/** PASSWORD_HASH_COST: log2 of scrypt's N for new password hashes, within its bounds. */
function passwordHashCost(value: string | undefined): number {
  const n = int('PASSWORD_HASH_COST', value, PASSWORD_HASH_COST);
  const { min, max } = PASSWORD_HASH_COST_BOUNDS;
  if (n < min || n > max)
    throw new Error(`PASSWORD_HASH_COST must be from ${min} to ${max}, got "${value}"`);
  return n;
}

/** SIMULATOR_FLOORS: 1 (the default) to 10 storeys. */
function storeys(value: string | undefined): number {
  const n = int('SIMULATOR_FLOORS', value, 1);
  if (n < 1 || n > 10) throw new Error(`SIMULATOR_FLOORS must be 1 to 10, got "${value}"`);
  return n;
}

function bool(value: string | undefined, fallback: boolean): boolean {
  if (value === undefined || value === '') return fallback;
  return !['0', 'false', 'off', 'no'].includes(value.toLowerCase());
}

/**
 * MQTT topic filters, comma-separated: each non-empty, `+` a whole level, `#` only as the whole
 * last level, no `$share/` (the share group comes from MQTT_SHARE_GROUP).
 */
function topics(value: string | undefined, fallback: readonly string[]): string[] {
  if (value === undefined || value.trim() === '') return [...fallback];
  const list = value
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  for (const t of list) {
    const levels = t.split('/');
    const bad =
      t.startsWith('$') ||
      levels.some(
        (l, i) =>
          (l.includes('#') && (l !== '#' || i !== levels.length - 1)) ||
          (l.includes('+') && l !== '+'),
      );
    if (bad)
      throw new Error(
        `MQTT_TOPICS must be comma-separated MQTT topic filters ("+" a whole level, "#" only the ` +
          `last), got "${t}"`,
      );
  }
  return list;
}

/** CSP_IMG_SRC: space-separated http(s) origins (or `https:`) that may serve map images. */
function imageSources(raw: string | undefined): string[] {
  const list = (raw ?? '').split(/\s+/).filter(Boolean);
  for (const source of list)
    if (
      !/^(?:https?:\/\/(?:\*\.)?[a-z0-9-]+(?:\.[a-z0-9-]+)*(?::\d{1,5})?\/?|https:)$/i.test(source)
    )
      throw new Error(
        `CSP_IMG_SRC must be space-separated origins such as https://cdn.example.com, got "${source}"`,
      );
  return list;
}

/** Read the configuration; throws with a clear sentence on a malformed variable. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env, cwd = process.cwd()): Config {
  const dataDir = env.DATA_DIR ?? path.join(cwd, 'data');
  const defaultWeb = path.resolve(import.meta.dirname, '../../web/dist');
  return {
    port: int('PORT', env.PORT, 8080),
    host: env.HOST ?? '0.0.0.0',
    dataDir,
    databaseUrl: env.DATABASE_URL || null,
    redisUrl: env.REDIS_URL || null,
    positionsStreamUrl: env.POSITIONS_STREAM_URL || null,
    positionsStreamPrefix: env.POSITIONS_STREAM_PREFIX || null,
    positionsWorkers: int('POSITIONS_WORKERS', env.POSITIONS_WORKERS, 1),
    positionsWorkerFile: null,
    mqttUrl: env.MQTT_URL || null,
    mqttPort: int('MQTT_PORT', env.MQTT_PORT, 1883),
    mqttIngestKey: env.MQTT_INGEST_KEY || null,
    mqttShareGroup: env.MQTT_SHARE_GROUP ?? 'rtls',
    mqttClientId: env.MQTT_CLIENT_ID || null,
    mqttSessionExpirySeconds: int('MQTT_SESSION_EXPIRY', env.MQTT_SESSION_EXPIRY, 3600),
    mqttTopics: topics(env.MQTT_TOPICS, INGEST_TOPICS),
    simulator: bool(env.SIMULATOR, true),
    simulatorRate: Number(env.SIMULATOR_RATE ?? 1) || 1,
    simulatorDevices: int('SIMULATOR_DEVICES', env.SIMULATOR_DEVICES, 8),
    simulatorFloors: storeys(env.SIMULATOR_FLOORS),
    demoEmail: env.DEMO_EMAIL ?? 'demo@example.com',
    demoPassword: env.DEMO_PASSWORD ?? 'demo1234',
    webDist: env.WEB_DIST === '' ? null : (env.WEB_DIST ?? defaultWeb),
    uploadsDir:
      env.UPLOADS_DIR ?? path.join(dataDir.startsWith('memory://') ? cwd : dataDir, 'uploads'),
    logLevel: env.LOG_LEVEL ?? 'info',
    allowedOrigins: (env.ALLOWED_ORIGINS ?? '')
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean),
    tokenTtlHours: int('TOKEN_TTL_HOURS', env.TOKEN_TTL_HOURS, 24 * 30),
    passwordHashCost: passwordHashCost(env.PASSWORD_HASH_COST),
    socketSessionRecheckMs: int('SOCKET_SESSION_RECHECK_MS', env.SOCKET_SESSION_RECHECK_MS, 30_000),
    trustProxy: bool(env.TRUST_PROXY, false),
    trailRetentionMinutes: int(
      'TRAIL_RETENTION_MINUTES',
      env.TRAIL_RETENTION_MINUTES,
      TRAIL_DEFAULT_RETENTION_MINUTES,
    ),
    eventRetentionDays: int(
      'EVENT_RETENTION_DAYS',
      env.EVENT_RETENTION_DAYS,
      EVENT_DEFAULT_RETENTION_DAYS,
    ),
    historyPositionsDays: int(
      'HISTORY_POSITIONS_DAYS',
      env.HISTORY_POSITIONS_DAYS,
      HISTORY_DEFAULT_POSITIONS_DAYS,
    ),
    historyVisitsDays: int(
      'HISTORY_VISITS_DAYS',
      env.HISTORY_VISITS_DAYS,
      HISTORY_DEFAULT_VISITS_DAYS,
    ),
    alertingTimers: true,
    cspImageSources: imageSources(env.CSP_IMG_SRC),
    /** Loopback and private networks as webhook receivers (see modules/webhooks/targets.ts). */
    webhookAllowPrivate: bool(env.WEBHOOK_ALLOW_PRIVATE, true),
    webhookRetry: {
      ...WEBHOOK_RETRY,
      maxAttempts: int('WEBHOOK_MAX_ATTEMPTS', env.WEBHOOK_MAX_ATTEMPTS, WEBHOOK_RETRY.maxAttempts),
    },
  };
}
