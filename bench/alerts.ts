/**
 * bench:alerts — zones, rules, alerts and webhooks end to end, on a real server process on
 * PostgreSQL (a throwaway database). Tags walk in and out of a zone watched by an enter rule while
 * a console socket watches the map, and:
 *
 * 1. each alert's delay from the position that caused it (the event's time, stamped when that
 *    position was located) to its arrival at the console (socket `alert`): p50, p95, p99, max;
 * 2. a webhook receiver that is down for the first --down-seconds (the 10 minutes:
 *    --down-seconds 600) receives, once back, every event and alert of the run, in order;
 * 3. the server is killed (SIGKILL) mid-stream right after operators acknowledged alerts; after a
 *    restart on the same database every acknowledged alert is still acknowledged, and the webhook
 *    queue resumes where it stopped.
 *
 * Prints figures; asserts nothing.
 *
 *   npm run bench:alerts -- [--tags 100] [--seconds 150] [--down-seconds 60]
 */
import os from 'node:os';
import type { Alert, ZoneEvent } from '@rtls/contract';
import { freePort } from '../e2e/support/server.ts';
import {
  allEvents,
  api,
  FLOOR,
  EMAIL,
  PASSWORD,
  GATEWAYS,
  postReports,
  rssiAt,
  setUpFleet,
} from './lib/pipeline-fleet.ts';
import { connect } from './lib/pipeline-listeners.ts';
import {
  addAccount,
  startServerProcess,
  throwawayDatabase,
  type ServerProcess,
} from './lib/server.ts';
import { webhookReceiver } from './lib/webhook-receiver.ts';
import { quantile } from './lib/stats.ts';
import { positiveFlag } from './lib/args.ts';

const ADMIN_DB = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

const TAGS = Math.round(positiveFlag('tags', 100));
const DOWN_S = positiveFlag('down-seconds', 60);
const SECONDS = Math.max(positiveFlag('seconds', 150), DOWN_S + 30);
/** When the server is killed: halfway through the receiver's outage. */
const KILL_AT_S = Math.max(20, DOWN_S / 2);
/** Each tag spends half of this inside the zone (the floor's left half), half outside. */
const WALK_PERIOD_S = 40;
const SENDS_PER_S = 4;

/** Where tag i stands at time t (m): its spot in the zone's half or in the other half. */
function spotOf(i: number, tS: number) {
  const inside = (tS + i * 0.37) % WALK_PERIOD_S < WALK_PERIOD_S / 2;
  const x = (inside ? 5 : 38) + ((i * 7.3) % 17);
  return { x, y: 6 + ((i * 3.7) % 28) };
}

async function main() {
  const db = await throwawayDatabase(ADMIN_DB);
  const env = { DATABASE_URL: db.url };
  const port = await freePort();
  const receiver = webhookReceiver(await freePort());
  let server: ServerProcess | null = null;
  try {
    await addAccount(env, EMAIL, PASSWORD);
    server = await startServerProcess(env, port);
    const base = server.url;
    const fleet = await setUpFleet(base, TAGS);
    const ppm = FLOOR.pixelsPerMetre;
    const { zone } = await api<{ zone: { id: string } }>(
      `${base}/api/maps/${fleet.mapId}/zones`,
      fleet.token,
      'POST',
      {
        name: 'West hall',
        polygon: [
          { x: 0, y: 0 },
          { x: 30 * ppm, y: 0 },
          { x: 30 * ppm, y: FLOOR.heightM * ppm },
          { x: 0, y: FLOOR.heightM * ppm },
        ],
      },
    );
    await api(`${base}/api/maps/${fleet.mapId}/rules`, fleet.token, 'POST', {
      name: 'Entered the west hall',
      type: 'enter',
      zoneId: zone.id,
      severity: 'warning',
    });
    const hook = await api<{ secret: string }>(`${base}/api/webhooks`, fleet.token, 'POST', {
      url: receiver.url,
    });
    receiver.setSecret(hook.secret);

    const delays: number[] = [];
    const watch = async () => {
      const s = await connect(base, fleet.token, fleet.mapIds);
      s.on('alert', (u: { action: string; alert: Alert }) => {
        if (u.action === 'opened') delays.push(Date.now() - Date.parse(u.alert.event.at));
      });
      return s;
    };
    let socket = await watch();

    const started = Date.now();
    const last = new Map<string, number>();
    let sent = 0;
    let refused = 0;
    let receiverUp = false;
    let killed: { acknowledged: string[]; downMs: number } | null = null;
    for (let step = 0; ; step++) {
      const tS = (Date.now() - started) / 1000;
      if (tS >= SECONDS) break;
      if (!receiverUp && tS >= DOWN_S) {
        await receiver.up();
        receiverUp = true;
      }
      if (!killed && tS >= KILL_AT_S) {
        const k0 = Date.now();
        const acknowledged = await acknowledgeOpen(base, fleet.token, fleet.mapId);
        server.process.kill('SIGKILL');
        await new Promise((r) => server!.process.once('exit', r));
        socket.close();
        server = await startServerProcess(env, port);
        socket = await watch();
        killed = { acknowledged, downMs: Date.now() - k0 };
      }
      // A quarter of the tags per send, every gateway, one unique timestamp per tag's report.
      const parts: string[] = [];
      for (let i = step % SENDS_PER_S; i < TAGS; i += SENDS_PER_S) {
        const mac = fleet.devices[i]!;
        const spot = spotOf(i, tS);
        for (let g = 0; g < GATEWAYS; g++) {
          const ts = Math.max(Date.now(), (last.get(mac) ?? 0) + 1);
          last.set(mac, ts);
          parts.push(
            `{"gateway":"${fleet.gateways[g]}","device":"${mac}","rssi":${rssiAt(spot, g)},"timestamp":${ts}}`,
          );
        }
      }
      try {
        const res = await postReports(base, fleet.key, `[${parts.join(',')}]`);
        if (res.status === 200) sent += res.accepted;
        else refused += parts.length;
      } catch {
        refused += parts.length;
      }
      const next = started + ((step + 1) * 1000) / SENDS_PER_S;
      await new Promise((r) => setTimeout(r, Math.max(0, next - Date.now())));
    }
    socket.close();

    // The webhook drains (its next retry comes at most a minute after the receiver is back).
    const drainStart = Date.now();
    let pending = -1;
    while (Date.now() - drainStart < 300_000) {
      const { webhooks } = await api<{ webhooks: { pending: number }[] }>(
        `${base}/api/webhooks`,
        fleet.token,
        'GET',
      );
      pending = webhooks[0]?.pending ?? 0;
      if (pending === 0) break;
      await new Promise((r) => setTimeout(r, 1000));
    }
    const drainS = (Date.now() - drainStart) / 1000;

    const events = await allEvents(base, fleet.token, fleet.mapId);
    // Only operators acknowledged alerts here (enter alerts do not resolve by themselves).
    const { alerts } = await api<{ alerts: Alert[] }>(
      `${base}/api/alerts?mapId=${fleet.mapId}&state=acknowledged&limit=1000`,
      fleet.token,
      'GET',
    );
    report({
      sent,
      refused,
      delays,
      events,
      alerts,
      receiver,
      pending,
      drainS,
      killed: killed ?? { acknowledged: [], downMs: 0 },
    });
  } finally {
    await server?.stop();
    await receiver.down();
    await db.drop();
  }
}

/** Acknowledge the map's open alerts (up to 20) as an operator would; the ids that answered 200. */
async function acknowledgeOpen(base: string, token: string, mapId: string) {
  const { alerts } = await api<{ alerts: Alert[] }>(
    `${base}/api/alerts?state=open&mapId=${mapId}&limit=20`,
    token,
    'GET',
  );
  const done = await Promise.all(
    alerts.map(async (a) => {
      const res = await fetch(`${base}/api/alerts/${a.id}/acknowledge`, {
        method: 'POST',
        headers: { authorization: `Bearer ${token}` },
      });
      return res.ok ? a.id : null;
    }),
  );
  return done.filter((id): id is string => id !== null);
}

function report(r: {
  sent: number;
  refused: number;
  delays: number[];
  events: ZoneEvent[];
  /** The map's acknowledged alerts after the run. */
  alerts: Alert[];
  receiver: ReturnType<typeof webhookReceiver>;
  pending: number;
  drainS: number;
  killed: { acknowledged: string[]; downMs: number };
}) {
  const got = r.receiver.received;
  const ids = new Set(got.map((p) => p.id));
  const eventIds = new Set(
    got.flatMap((p) => (p.topic === 'event' && p.event ? [p.event.id] : [])),
  );
  const openedIds = new Set(
    got.flatMap((p) => (p.topic === 'alert.opened' && p.alert ? [p.alert.id] : [])),
  );
  // Events of the map must arrive in the order they happened.
  const evs = got.flatMap((p) => (p.topic === 'event' && p.event ? [p.event] : []));
  let outOfOrder = 0;
  for (let i = 1; i < evs.length; i++) if (evs[i]!.at < evs[i - 1]!.at) outOfOrder++;
  const entries = r.events.filter((e) => e.type === 'enter').length;
  const byId = new Map(r.alerts.map((a) => [a.id, a]));
  const lostAcks = r.killed.acknowledged.filter((id) => byId.get(id)?.acknowledgedAt == null);
  const d = [...r.delays].sort((a, b) => a - b);
  const ms = (p: number) => (d.length ? `${quantile(d, p).toFixed(0)} ms` : 'n/a');
  const [l1, l5, l15] = os.loadavg();
  console.log(
    `bench:alerts — ${os.cpus().length} cores, load ${l1!.toFixed(2)} ${l5!.toFixed(2)} ${l15!.toFixed(2)}`,
  );
  console.log(
    `  ${TAGS} tags × ${GATEWAYS} gateways at 1 Hz for ${SECONDS} s on PostgreSQL; reports accepted ${r.sent}, refused or lost in the restart ${r.refused}`,
  );
  console.log(
    `  event → console (socket alert after the position that caused it), ${d.length} alerts:`,
  );
  console.log(
    `    p50 ${ms(0.5)}  p95 ${ms(0.95)}  p99 ${ms(0.99)}  max ${ms(1)}   target p99 ≤ 1000 ms`,
  );
  console.log(`  webhook receiver down for the first ${DOWN_S} s:`);
  console.log(
    `    events stored ${r.events.length}, delivered ${r.events.filter((e) => eventIds.has(e.id)).length}; alerts opened (one per entry) ${entries}, delivered ${openedIds.size}`,
  );
  console.log(
    `    deliveries received ${got.length} (${got.length - ids.size} repeated), events out of order ${outOfOrder}, bad signatures ${r.receiver.badSignatures}, still pending ${r.pending}, drained ${r.drainS.toFixed(0)} s after the stream`,
  );
  console.log(
    `  server killed at ${KILL_AT_S} s (SIGKILL) right after ${r.killed.acknowledged.length} acknowledgements; back in ${(r.killed.downMs / 1000).toFixed(1)} s:`,
  );
  console.log(`    acknowledged alerts lost ${lostAcks.length} of ${r.killed.acknowledged.length}`);
}

await main();
