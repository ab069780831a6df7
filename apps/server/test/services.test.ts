/** The service probe behind `npm test` on a fresh machine and under .ci/run. */
import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SERVICES, probeServices } from './services.ts';
import { freePort } from './mqtt-helpers.ts';

describe('test service probe', () => {
  let server: net.Server;
  let up: number;
  let down: number;
  beforeAll(async () => {
    down = await freePort();
    server = net.createServer((s) => s.destroy());
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()));
    up = (server.address() as net.AddressInfo).port;
  });
  afterAll(() => new Promise<void>((r) => server.close(() => r())));

  /** The real services table with the fallback addresses moved to local test ports. */
  const table = (postgres: number, redis: number, mqtt: number, amqp = up) => ({
    postgres: { ...SERVICES.postgres, fallback: `postgres://postgres@127.0.0.1:${postgres}/x` },
    redis: { ...SERVICES.redis, fallback: `redis://127.0.0.1:${redis}` },
    mqtt: { ...SERVICES.mqtt, fallback: `mqtt://127.0.0.1:${mqtt}` },
    amqp: { ...SERVICES.amqp, fallback: `amqp://127.0.0.1:${amqp}` },
  });

  it('uses the standard address when nothing is set, and skips an unreachable service with one line naming it', async () => {
    const lines: string[] = [];
    const found = await probeServices({}, (l) => lines.push(l), table(up, down, up));
    expect(found).toEqual({
      postgres: `postgres://postgres@127.0.0.1:${up}/x`,
      redis: null,
      mqtt: `mqtt://127.0.0.1:${up}`,
      amqp: `amqp://127.0.0.1:${up}`,
    });
    expect(lines).toEqual([
      `server tests: Redis is unreachable at 127.0.0.1:${down} (TEST_REDIS_URL): its tests are skipped`,
    ]);
  });

  it('fails the run when the run requires the services (.ci/run)', async () => {
    await expect(
      probeServices({ TEST_SERVICES_REQUIRED: '1' }, () => undefined, table(up, up, down)),
    ).rejects.toThrow(/MQTT broker is unreachable at 127\.0\.0\.1:\d+ \(TEST_MQTT_URL\)/);
  });

  it('fails the run when a variable names a service that is unreachable', async () => {
    await expect(
      probeServices(
        { TEST_DATABASE_URL: `postgres://postgres@127.0.0.1:${down}/postgres` },
        () => undefined,
        table(up, up, up),
      ),
    ).rejects.toThrow(/PostgreSQL is unreachable/);
  });

  it('prefers the variable over the standard address', async () => {
    const found = await probeServices(
      { TEST_REDIS_URL: `redis://127.0.0.1:${up}/3` },
      () => undefined,
      table(up, down, up),
    );
    expect(found.redis).toBe(`redis://127.0.0.1:${up}/3`);
  });
});
