/**
 * One authority under scale-out, in one process: two apps on one PostgreSQL database share the
 * positions stream (RabbitMQ); a device whose reports arrive split between them (two gateways
 * through each) is received and located by exactly one of them, at the position a single
 * instance finds for the same reports. A static tag with steady signals makes that position a
 * function of the reports alone, not of when they were located.
 */
import { randomBytes } from 'node:crypto';
import amqp from 'amqplib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BuiltApp } from '../src/app.ts';
import { DEFAULT_PARTITIONS } from '../src/modules/live/positions-stream.ts';
import {
  bearer,
  buildTestApp,
  createIngestKey,
  createSignedInUser,
  openTestDatabase,
  type TestDatabase,
} from './helpers.ts';
import { testServices } from './services.ts';

const SERVICES = testServices();
const PPM = 20;
const DEVICE = 'C3:00:00:0A:FF:01';
/** Where the tag stands (m), and four gateways around it with log-distance RSSIs from there. */
const SPOT = { x: 8, y: 12 };
const GATEWAYS = [
  { mac: 'AC:23:3F:0A:00:01', x: 0, y: 0 },
  { mac: 'AC:23:3F:0A:00:02', x: 20, y: 0 },
  { mac: 'AC:23:3F:0A:00:03', x: 0, y: 20 },
  { mac: 'AC:23:3F:0A:00:04', x: 20, y: 20 },
].map((g) => ({
  ...g,
  rssi: Math.round(-59 - 20 * Math.log10(Math.max(1, Math.hypot(g.x - SPOT.x, g.y - SPOT.y)))),
}));

interface Node {
  name: string;
  built: BuiltApp;
  ownerId: string;
  key: string;
}

/** An account with one map, four placed gateways and a monitored static tag. */
async function seed(name: string, built: BuiltApp, ownerId?: string): Promise<Node> {
  await built.app.ready();
  if (ownerId) return { name, built, ownerId, key: await createIngestKey(built, ownerId) };
  const user = await createSignedInUser(built, 'stream');
  const call = async (method: 'POST' | 'PUT', url: string, payload: object) => {
    const res = await built.app.inject({ method, url, payload, headers: bearer(user.token) });
    if (res.statusCode >= 300) throw new Error(`${method} ${url}: ${res.statusCode} ${res.body}`);
    return res.json() as { map?: { _id: string } };
  };
  const { map } = await call('POST', '/api/maps', {
    name: 'Stream floor',
    settings: { pixelsPerMetre: PPM, imageSize: { width: 30 * PPM, height: 30 * PPM } },
  });
  for (const g of GATEWAYS)
    await call('POST', '/api/gateways', {
      mac: g.mac,
      name: g.mac,
      mapId: map!._id,
      position: { x: g.x * PPM, y: g.y * PPM },
    });
  await call('POST', '/api/devices', { mac: DEVICE, positioningMode: 'static' });
  await call('POST', `/api/devices/monitor/${encodeURIComponent(DEVICE)}`, {});
  return { name, built, ownerId: user.id, key: await createIngestKey(built, user.id) };
}

/** Until the node's positions stream is connected and consuming. */
async function streamReady(node: Node) {
  const deadline = Date.now() + 10_000;
  while ((await node.built.live.stream.ready?.()) !== 'ok') {
    if (Date.now() > deadline) throw new Error(`${node.name}: the positions stream is not ready`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

/** One request: the gateways' reports of every round (a round a second from `t0`). */
async function ingest(node: Node, gateways: typeof GATEWAYS, t0: number, offset = 0) {
  const res = await node.built.app.inject({
    method: 'POST',
    url: '/api/ingest',
    headers: { 'x-ingest-key': node.key },
    payload: [0, 1, 2].flatMap((round) =>
      gateways.map((g, i) => ({
        gateway: g.mac,
        device: DEVICE,
        rssi: g.rssi,
        timestamp: t0 + round * 1_000 + offset + i,
      })),
    ),
  });
  expect(res.statusCode).toBe(200);
}

const located = (n: Node) => n.built.positions.service.locatedOf(n.ownerId, DEVICE);

describe.skipIf(!SERVICES.postgres || !SERVICES.amqp)('one authority under scale-out', () => {
  const prefix = `rtls.test.${randomBytes(4).toString('hex')}`;
  const dbs: TestDatabase[] = [];
  const nodes: Node[] = [];

  beforeAll(async () => {
    const [shared, alone] = [
      await openTestDatabase('postgres'),
      await openTestDatabase('postgres'),
    ];
    dbs.push(shared, alone);
    const stream = { positionsStreamUrl: SERVICES.amqp!, positionsStreamPrefix: prefix };
    const start = (db: TestDatabase, config = {}) => buildTestApp(db.sql, { config });
    // a registers on the partitions first, so it is their active consumer.
    const a = await seed('a', await start(shared, stream));
    await streamReady(a);
    const b = await seed('b', await start(shared, stream), a.ownerId);
    await streamReady(b);
    nodes.push(a, b, await seed('one', await start(alone)));
  }, 60_000);

  afterAll(async () => {
    for (const n of nodes) await n.built.app.close();
    for (const db of dbs) await db.close();
    const c = await amqp.connect(SERVICES.amqp!);
    const ch = await c.createChannel();
    for (let k = 0; k < DEFAULT_PARTITIONS; k++) await ch.deleteQueue(`${prefix}.${k}`);
    await c.close();
  });

  it('locates a device heard through both instances on one of them, as one instance would', async () => {
    const [a, b, one] = nodes as [Node, Node, Node];
    // Three rounds, sent at once: the first locate of each node sees all of them, so the nodes'
    // positions may be compared however their reports were spread in time.
    const t0 = Date.now() - 3_000;
    await Promise.all([
      ingest(a, GATEWAYS.slice(0, 2), t0),
      ingest(b, GATEWAYS.slice(2), t0, 10),
      ingest(one, GATEWAYS.slice(0, 2), t0),
      ingest(one, GATEWAYS.slice(2), t0, 10),
    ]);
    const total = 3 * GATEWAYS.length;
    await expect
      .poll(() => a.built.live.stream.stats.received + b.built.live.stream.stats.received)
      .toBe(total);
    // Every report of the device went to one instance, whichever received it.
    expect([a, b].map((n) => n.built.live.stream.stats.received).sort()).toEqual([0, total]);
    const authority = a.built.live.stream.stats.received === total ? a : b;
    const other = authority === a ? b : a;
    await expect.poll(() => located(authority).length, { timeout: 5_000 }).toBe(1);
    await expect.poll(() => located(one).length, { timeout: 5_000 }).toBe(1);
    expect(located(other)).toEqual([]);
    // Both settle on the fix from all four gateways (without the stream each instance would see
    // two of them), and that fix is the same.
    const used = (n: Node) => located(n)[0]?.triangulationInfo.signalsUsed;
    await expect.poll(() => [used(authority), used(one)], { timeout: 10_000 }).toEqual([4, 4]);
    const [p, q] = [located(authority)[0]!.position, located(one)[0]!.position];
    expect(Math.hypot(p.x - q.x, p.y - q.y)).toBeLessThan(0.5);
    expect(Math.hypot(p.x / PPM - SPOT.x, p.y / PPM - SPOT.y)).toBeLessThan(3);
  });
});
