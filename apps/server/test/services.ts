/**
 * The machine services the server tests use: PostgreSQL, Redis, an MQTT broker and RabbitMQ. Each is read from
 * its TEST_* variable or else the standard local address. The global set-up probes them once per
 * run: an unreachable one has its tests skipped with one line naming it, unless the run requires
 * the services (TEST_SERVICES_REQUIRED=1, as .ci/run sets, or the variable was set explicitly);
 * then the run fails.
 */
import net from 'node:net';
import { inject } from 'vitest';

export type ServiceName = 'postgres' | 'redis' | 'mqtt' | 'amqp';
/** Each service's URL when reachable, or null (its tests are skipped). */
export type TestServices = Record<ServiceName, string | null>;

declare module 'vitest' {
  export interface ProvidedContext {
    services: TestServices;
  }
}

interface ServiceInfo {
  label: string;
  env: string;
  fallback: string;
}

export const SERVICES: Record<ServiceName, ServiceInfo> = {
  postgres: {
    label: 'PostgreSQL',
    env: 'TEST_DATABASE_URL',
    fallback: 'postgres://postgres@127.0.0.1:5432/postgres',
  },
  redis: { label: 'Redis', env: 'TEST_REDIS_URL', fallback: 'redis://127.0.0.1:6379' },
  mqtt: { label: 'MQTT broker', env: 'TEST_MQTT_URL', fallback: 'mqtt://127.0.0.1:1883' },
  amqp: {
    label: 'RabbitMQ',
    env: 'TEST_AMQP_URL',
    fallback: 'amqp://guest:guest@127.0.0.1:5672',
  },
};

const DEFAULT_PORTS: Record<ServiceName, number> = {
  postgres: 5432,
  redis: 6379,
  mqtt: 1883,
  amqp: 5672,
};

/** True when a TCP connection to the URL's host and port opens within timeoutMs. */
export function reachable(url: string, defaultPort: number, timeoutMs = 1500): Promise<boolean> {
  const { hostname, port } = new URL(url);
  return new Promise((resolve) => {
    const socket = net.connect(Number(port || defaultPort), hostname.replace(/^\[|\]$/g, ''));
    const done = (ok: boolean) => {
      socket.destroy();
      resolve(ok);
    };
    socket.setTimeout(timeoutMs, () => done(false));
    socket.once('connect', () => done(true));
    socket.once('error', () => done(false));
  });
}

/** Probe every service; throws when a required one is unreachable, else reports each skip once. */
export async function probeServices(
  env: NodeJS.ProcessEnv = process.env,
  say: (line: string) => void = (line) => process.stderr.write(line + '\n'),
  services: Record<ServiceName, ServiceInfo> = SERVICES,
): Promise<TestServices> {
  const requiredAll = env.TEST_SERVICES_REQUIRED === '1';
  const out = {} as TestServices;
  for (const name of Object.keys(services) as ServiceName[]) {
    const { label, env: variable, fallback } = services[name];
    const url = env[variable] || fallback;
    if (await reachable(url, DEFAULT_PORTS[name])) {
      out[name] = url;
      continue;
    }
    const where = `${label} is unreachable at ${new URL(url).host} (${variable})`;
    if (requiredAll || env[variable])
      throw new Error(`${where}, and this run requires it: start it or fix ${variable}`);
    say(`server tests: ${where}: its tests are skipped`);
    out[name] = null;
  }
  return out;
}

/** In a test file: the services this run found (null: unreachable, tests skipped). */
export const testServices = (): TestServices => inject('services');
