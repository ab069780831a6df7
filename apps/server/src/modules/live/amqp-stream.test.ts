/**
 * The positions stream against a real RabbitMQ (TEST_AMQP_URL, or the local one): unique queue
 * names per run, deleted afterwards. An outage is a TCP proxy of the test's own that stops.
 */
import { randomBytes } from 'node:crypto';
import net from 'node:net';
import amqp from 'amqplib';
import { afterAll, describe, expect, it } from 'vitest';
import { testServices } from '../../../test/services.ts';
import { createAmqpStream } from './amqp-stream.ts';
import type { PositionsStream } from './positions-stream.ts';

/** RabbitMQ of this run (TEST_AMQP_URL or the local one); null: unreachable, skipped. */
const AMQP = testServices().amqp;
const AMQP_URL = AMQP ?? 'amqp://unreachable';
const PARTITIONS = 8;

interface Report {
  device: string;
  at: number;
}
interface Seen {
  by: string;
  owner: string;
  report: Report;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
async function until(what: string, check: () => boolean | Promise<boolean>, timeoutMs = 10_000) {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await sleep(20);
  }
}

/** A TCP proxy to RabbitMQ that the test can cut and restore: an outage of the stream. */
async function proxy(target: URL) {
  const sockets = new Set<net.Socket>();
  const server = net.createServer((client) => {
    const upstream = net.connect(Number(target.port || 5672), target.hostname);
    for (const s of [client, upstream]) {
      sockets.add(s);
      s.on('error', () => undefined);
      s.on('close', () => sockets.delete(s));
    }
    client.pipe(upstream).pipe(client);
  });
  const listen = (port: number) =>
    new Promise<number>((resolve) =>
      server.listen(port, '127.0.0.1', () => resolve((server.address() as net.AddressInfo).port)),
    );
  const port = await listen(0);
  const url = new URL(target);
  url.port = String(port);
  return {
    url: url.toString(),
    cut: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        for (const s of sockets) s.destroy();
      }),
    restore: () => listen(port),
  };
}

describe.skipIf(!AMQP)('positions stream on RabbitMQ', () => {
  const prefix = `rtls.test.${randomBytes(4).toString('hex')}`;
  const streams: PositionsStream<Report>[] = [];
  const seen: Seen[] = [];

  function instance(
    name: string,
    url = AMQP_URL,
    receive?: (r: readonly Report[]) => Promise<void>,
    rebalanceMs = 60_000,
  ) {
    const stream = createAmqpStream<Report>({
      url,
      prefix,
      partitions: PARTITIONS,
      tuning: { rebalanceMs, drainTimeoutMs: 1_000 },
      receive: async (owner, reports) => {
        for (const report of reports) seen.push({ by: name, owner, report });
        await receive?.(reports);
      },
    });
    streams.push(stream);
    return stream;
  }
  const ready = (s: PositionsStream<Report>) =>
    until('the stream', async () => (await s.ready!()) === 'ok');

  afterAll(async () => {
    await Promise.all(streams.map((s) => s.close()));
    const c = await amqp.connect(AMQP_URL);
    const ch = await c.createChannel();
    for (let k = 0; k < PARTITIONS; k++) await ch.deleteQueue(`${prefix}.${k}`);
    await c.close();
  });

  /** Rounds of one report per device, sent alternately through the given instances. */
  async function sendRounds(
    via: PositionsStream<Report>[],
    devices: string[],
    rounds: number,
    t0: number,
  ) {
    for (let r = 0; r < rounds; r++) {
      const s = via[r % via.length]!;
      const before = s.stats.delivered;
      await s.send(
        'owner-1',
        devices.map((device) => ({ device, at: t0 + r })),
      );
      await until('confirms', () => s.stats.delivered >= before + devices.length);
    }
  }

  const ofRun = (t0: number) => seen.filter((s) => s.report.at >= t0 && s.report.at < t0 + 1000);

  it('receives each device on exactly one instance, every report once, in order', async () => {
    const a = instance('a');
    const b = instance('b');
    await Promise.all([ready(a), ready(b)]);
    const devices = Array.from({ length: 40 }, (_, d) => `C3:00:00:00:01:${d}`);
    await sendRounds([a, b], devices, 10, 1000);
    await until('every report', () => ofRun(1000).length >= 400);
    await sleep(200);
    const run = ofRun(1000);
    expect(run).toHaveLength(400);
    for (const device of devices) {
      const mine = run.filter((s) => s.report.device === device);
      expect(new Set(mine.map((s) => s.by)).size).toBe(1);
      expect(mine.map((s) => s.report.at)).toEqual(Array.from({ length: 10 }, (_, r) => 1000 + r));
      expect(mine.every((s) => s.owner === 'owner-1')).toBe(true);
    }
  });

  it('hands a stopped instance’s partitions, with what it had not finished, to the other', async () => {
    await Promise.all(streams.map((s) => s.close()));
    streams.length = 0;
    let hang = false;
    const a = instance('a', AMQP_URL, () =>
      hang ? new Promise<void>(() => undefined) : Promise.resolve(),
    );
    await ready(a);
    const b = instance('b');
    await ready(b);
    const devices = Array.from({ length: 20 }, (_, d) => `C3:00:00:00:02:${d}`);
    await sendRounds([a, b], devices, 3, 2000);
    await until('a to receive the first rounds', () => ofRun(2000).length >= 60);
    expect(new Set(ofRun(2000).map((s) => s.by))).toEqual(new Set(['a'])); // registered first
    hang = true; // a takes the next batch and never finishes it
    await sendRounds([b], devices, 1, 2003);
    await until('a to take a batch', () =>
      ofRun(2000).some((s) => s.by === 'a' && s.report.at === 2003),
    );
    await a.close();
    await sendRounds([b], devices, 2, 2004);
    await until(
      'b to receive the rest',
      () => ofRun(2003).filter((s) => s.by === 'b').length >= 60,
    );
    const onB = ofRun(2003).filter((s) => s.by === 'b');
    for (const device of devices)
      expect(onB.filter((s) => s.report.device === device).map((s) => s.report.at)).toEqual([
        2003, 2004, 2005,
      ]);
  });

  it('spreads the partitions over the instances, each report still received once and in order', async () => {
    await Promise.all(streams.map((s) => s.close()));
    streams.length = 0;
    const a = instance('a', AMQP_URL, undefined, 300);
    await ready(a);
    const b = instance('b', AMQP_URL, undefined, 300);
    await ready(b);
    const devices = Array.from({ length: 40 }, (_, d) => `C3:00:00:00:04:${d}`);
    /** Send round r; resolves with which instance received each device, as text, and how many. */
    const round = async (r: number) => {
      await sendRounds([r % 2 ? b : a], devices, 1, 4000 + r);
      await until(
        'the round',
        () => ofRun(4000).filter((s) => s.report.at === 4000 + r).length >= 40,
      );
      const by = new Map(
        ofRun(4000)
          .filter((s) => s.report.at === 4000 + r)
          .map((s) => [s.report.device, s.by]),
      );
      return { owners: [...by].sort().join(' '), instances: new Set(by.values()).size };
    };
    // Rounds until a has released its excess partitions to b: the devices' instances have not
    // changed over several rebalance periods (a releases one partition at a time, each after the
    // batch under way, so a busy machine takes longer, not a different path).
    let r = 0;
    let last = '';
    let since = Date.now();
    const deadline = Date.now() + 60_000;
    for (;;) {
      const { owners, instances } = await round(r++);
      if (owners !== last) [last, since] = [owners, Date.now()];
      else if (instances === 2 && Date.now() - since > 2_000) break;
      if (Date.now() > deadline) throw new Error(`the partitions never settled: ${owners}`);
      await sleep(50);
    }
    const shared = r;
    for (let i = 0; i < 10; i++) await round(r++);
    await sleep(200);
    const run = ofRun(4000);
    expect(run).toHaveLength(40 * r);
    const settled = run.filter((s) => s.report.at >= 4000 + shared);
    expect(new Set(settled.map((s) => s.by))).toEqual(new Set(['a', 'b']));
    for (const device of devices) {
      const mine = run.filter((s) => s.report.device === device);
      expect(mine.map((s) => s.report.at)).toEqual(Array.from({ length: r }, (_, i) => 4000 + i));
      // Once shared out, a device stays with one instance.
      const after = settled.filter((s) => s.report.device === device);
      expect(new Set(after.map((s) => s.by)).size).toBe(1);
    }
    // Settling waits on rebalance periods, which a busy machine stretches.
  }, 90_000);

  it('drops positions, never reports, while RabbitMQ is unreachable, and resumes after', async () => {
    const link = await proxy(new URL(AMQP_URL));
    const c = instance('c', link.url);
    await ready(c);
    await link.cut();
    await until('readiness to name the outage', async () => (await c.ready!()) !== 'ok');
    expect(await c.ready!()).toMatch(/disconnected|unreachable|connecting/);
    await c.send('owner-1', [{ device: 'C3:00:00:00:03:01', at: 3000 }]);
    expect(c.stats.dropped).toBe(1);
    await link.restore();
    await ready(c);
    await sendRounds([c], ['C3:00:00:00:03:01'], 1, 3001);
    await until('the report after the outage', () => ofRun(3000).length >= 1);
    expect(ofRun(3000).map((s) => s.report.at)).toEqual([3001]);
  });
});
