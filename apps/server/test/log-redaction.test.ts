/**
 * The log of a full run holds no secret: an account signs in, uses its token in the header and in
 * query parameters of any name, creates an ingest key, sends reports over HTTP (key in the header
 * and in the query) and MQTT (key as the password), opens a realtime socket, fails some calls, then
 * revokes the key and signs out. The captured log is scanned for every token, key and password
 * used. Each request is one info line with the redacted URL.
 */
import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BuiltApp } from '../src/app.ts';
import type { MqttIngest } from '../src/modules/ingest/mqtt-ingest.ts';
import type { Sql } from '../src/lib/db.ts';
import { startMqttIngest } from '../src/modules/ingest/mqtt-start.ts';
import {
  bearer,
  buildTestApp,
  createUser,
  openTestDatabase,
  TEST_PASSWORD,
  testConfig,
  uniqueEmail,
} from './helpers.ts';
import { connectClient } from './live-client.ts';
import { connectMqtt, freePort, publish, sleep } from './mqtt-helpers.ts';

describe('log redaction', () => {
  const lines: string[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _enc, done) {
      lines.push(...chunk.toString('utf8').split('\n').filter(Boolean));
      done();
    },
  });
  let sql: Sql;
  let built: BuiltApp;
  let mqttIngest: MqttIngest;
  let baseUrl: string;
  let mqttPort: number;

  beforeAll(async () => {
    ({ sql } = await openTestDatabase('pglite'));
    mqttPort = await freePort();
    const config = testConfig({ logLevel: 'trace', mqttPort, host: '127.0.0.1' });
    built = await buildTestApp(sql, { config, logger: { stream } });
    const address = await built.app.listen({ port: 0, host: '127.0.0.1' });
    baseUrl = address.replace('localhost', '127.0.0.1');
    mqttIngest = await startMqttIngest({
      config,
      pipeline: built.pipeline,
      keys: built.repos.keys,
      log: built.app.log,
    });
  });
  afterAll(async () => {
    await mqttIngest?.close();
    await built?.app.close();
    await sql?.close();
  });

  it('never writes a token, key or password, and logs one line per request', async () => {
    const app = built.app;
    const email = uniqueEmail('logged');
    await createUser(built, { email });
    const wrongPassword = 'not-the-password-7f3a9c';
    const signIns = [
      await app.inject({
        method: 'POST',
        url: '/api/user/signin',
        payload: { email, password: wrongPassword },
      }),
      await app.inject({
        method: 'POST',
        url: '/api/user/signin',
        payload: { email, password: TEST_PASSWORD },
      }),
    ];
    const token = (signIns[1]!.json() as { data: { token: string } }).data.token;
    const created = await app.inject({
      method: 'POST',
      url: '/api/ingest-keys',
      headers: bearer(token),
      payload: { name: 'gw' },
    });
    const { key, info } = created.json() as { key: string; info: { id: string } };
    const report = [{ gateway: 'AA:BB:CC:00:30:01', device: 'C4:00:00:00:30:01', rssi: -60 }];
    const urls = [
      `/api/maps?access_token=${token}`,
      `/api/maps?token=${token}&Authorization=Bearer%20${token}`,
      `/api/maps?x-ingest-key=${key}&apikey=${key}&password=${encodeURIComponent(TEST_PASSWORD)}`,
      `/api/maps?q=${token}&session_id=${token}`,
      `/api/maps/%00?client_secret=${token}`,
      `/api/maps/public?skip=1e309&api_key=${key}`,
    ];
    let requests = 3 + urls.length;
    for (const url of urls) await app.inject({ url, headers: bearer(token) });
    for (const headers of [
      { 'x-ingest-key': key },
      { authorization: `Bearer ${key}` },
      { 'x-ingest-key': `${key}x` },
      { 'x-api-key': key, 'x-ingest-key': key, cookie: `session=${token}` },
    ]) {
      await app.inject({ method: 'POST', url: `/api/ingest?key=${key}`, headers, payload: report });
      requests++;
    }
    (await connectClient(baseUrl, token)).disconnect();
    const gateway = await connectMqtt(`mqtt://127.0.0.1:${mqttPort}`, key);
    await publish(gateway, 'rtls/ingest', report);
    await expect(connectMqtt(`mqtt://127.0.0.1:${mqttPort}`, `${key}y`)).rejects.toThrow();
    await app.inject({
      method: 'DELETE',
      url: `/api/ingest-keys/${info.id}`,
      headers: bearer(token),
    });
    await app.inject({ method: 'POST', url: '/api/user/signout', headers: bearer(token) });
    await app.inject({ url: '/api/maps', headers: bearer(token) }); // 401 after sign-out
    requests += 3;
    gateway.end(true);
    await sleep(300);

    const log = lines.join('\n');
    for (const secret of [
      token,
      key,
      `${key}x`,
      TEST_PASSWORD,
      wrongPassword,
      encodeURIComponent(TEST_PASSWORD),
    ])
      expect(log.includes(secret), `the log holds ${secret.slice(0, 6)}…`).toBe(false);
    // Enough was logged for the scan to mean something: one line per HTTP request, redacted.
    const requestLines = lines
      .map((l) => JSON.parse(l) as { msg: string; url?: string; status?: number; level: number })
      .filter((l) => l.msg === 'request');
    expect(requestLines).toHaveLength(requests);
    expect(requestLines.every((l) => l.level === 30)).toBe(true);
    expect(requestLines.map((l) => l.url)).toContain('/api/maps?access_token=[redacted]');
    expect(requestLines.map((l) => l.url)).toContain(
      '/api/maps?q=[redacted]&session_id=[redacted]',
    );
    expect(requestLines.map((l) => l.url)).toContain(
      '/api/maps/public?skip=1e309&api_key=[redacted]',
    );
    expect(log).not.toMatch(/incoming request|request completed/);
  });
});
