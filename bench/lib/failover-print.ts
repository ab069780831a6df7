/** The failover bench's figures, printed as a table of what was measured. */
import type { AlertFigures } from './failover-checks.ts';
import type { LoadResult } from './failover-load.ts';
import { quantile } from './stats.ts';

export interface FailoverFigures {
  load: LoadResult;
  loadSeconds: number;
  killAtS: number;
  /** When A was killed (epoch ms). */
  killAtMs: number;
  /** Devices being located at the kill: ms from the kill to their next position. */
  relocated: Relocated;
  /** The same 5 s before the kill, with nothing killed: the baseline. */
  baseline: Relocated;
  /** Partitions of the devices not located within 5 s of the kill, with their device counts. */
  latePartitions: string;
  /** Devices not positioned again after the kill, with their index in the fleet. */
  unlocated: string[];
  /** Reports stored vs acknowledged, before A's restart and after it. */
  stored: Stored;
  storedAfterRestart: Stored;
  alerts: AlertFigures;
  /** The console behind the load balancer: on which instance, and its reconnect after the kill. */
  console: {
    firstOn: string;
    reconnectedMs: number | null;
    firstUpdateMs: number | null;
    thenOn: string;
  };
  /** CPU used per instance (% of one core) over a phase. */
  cpu: { label: string; percent: number | null }[];
  /** After A's restart: the stream counters of each instance. */
  rejoin: string | null;
}

type Relocated = { delays: number[]; never: number; before: number };
type Stored = { rows: number; http: number; mqtt: number };

const ms = (v: number | null) => (v === null || Number.isNaN(v) ? 'n/a' : `${Math.round(v)} ms`);
const n = (v: number) => v.toLocaleString('en-US');

function relocatedLine(r: Relocated) {
  const d = r.delays;
  const late = d.filter((v) => v > 5_000).length;
  return (
    `median ${ms(quantile(d, 0.5))}  p95 ${ms(quantile(d, 0.95))}  max ${ms(quantile(d, 1))}` +
    `   later than 5 s: ${late}   never: ${r.never}   (of ${n(r.before)} devices)`
  );
}

function printRelocated(f: FailoverFigures) {
  console.log(
    '  located again: per device positioned in the 5 s before, time until its next position ' +
      '(calculated; seen on the console connected to B)',
  );
  console.log(`    after the kill:              ${relocatedLine(f.relocated)}`);
  console.log(`    baseline, 5 s before it:     ${relocatedLine(f.baseline)}`);
  if (f.latePartitions) console.log(`    not within 5 s, by partition: ${f.latePartitions}`);
  if (f.unlocated.length > 0)
    console.log(`    never positioned again: ${f.unlocated.slice(0, 10).join(', ')}`);
}

function printReports(f: FailoverFigures) {
  const { offered, acknowledged, unacknowledged, notSent, notSentByKill, httpRetries } = f.load;
  const acked = acknowledged.http + acknowledged.mqtt;
  console.log(
    `  reports offered ${n(offered.http + offered.mqtt)} (HTTP ${n(offered.http)} through the ` +
      `load balancer, MQTT ${n(offered.mqtt)}); not sent (client backlog: 50 HTTP batches or 2,000 messages awaiting answers) ` +
      `${n(notSent)}, ${n(notSentByKill)} of them before the kill`,
  );
  console.log(
    `    acknowledged ${n(acked)} (HTTP ${n(acknowledged.http)}, MQTT ${n(acknowledged.mqtt)}); ` +
      `never acknowledged: HTTP ${n(unacknowledged.http)}, MQTT ${n(unacknowledged.mqtt)}; ` +
      `HTTP batches sent again ${httpRetries}`,
  );
  const missing = (label: string, x: Stored) =>
    console.log(
      `    ${label}: stored rows ${n(x.rows)}; acknowledged but not stored: ` +
        `HTTP ${n(x.http)}, MQTT ${n(x.mqtt)}`,
    );
  missing('A still dead', f.stored);
  missing("after A's restart, once stored rows stopped growing", f.storedAfterRestart);
}

function printAlerts(a: AlertFigures, killAt: number) {
  const s = (t: number) => `${((t - killAt) / 1000).toFixed(1)} s`;
  console.log(
    `  zone events: enter ${a.enters}, exit ${a.exits}; entries recorded twice (enter after enter, ` +
      `no exit between) ${a.repeatedEntries.length}`,
  );
  for (const r of a.repeatedEntries.slice(0, 5))
    console.log(`    ${r.mac}: entered at ${s(r.firstAt)} and again at ${s(r.at)} from the kill`);
  console.log(
    `  alerts opened ${a.alertsOpened}, of them by an entry recorded twice ${a.repeatedAlerts}; ` +
      `webhook deliveries ${a.deliveries} (same delivery id twice: ${a.repeatedDeliveries.length}), ` +
      `alert.opened ${a.openedDelivered} (same alert twice: ${a.openedTwice}), ` +
      `still pending ${a.pending}, bad signatures ${a.badSignatures}`,
  );
  for (const d of a.repeatedDeliveries.slice(0, 5))
    console.log(`    delivered twice: ${d.topic} created at ${s(d.at)} from the kill`);
}

export function printFailover(f: FailoverFigures) {
  console.log(`Failover: A killed with SIGKILL ${f.killAtS} s into ${f.loadSeconds} s of load`);
  printRelocated(f);
  printReports(f);
  printAlerts(f.alerts, f.killAtMs);
  const c = f.console;
  console.log(
    `  console behind the load balancer: on ${c.firstOn} before the kill; reconnected by itself ` +
      `${ms(c.reconnectedMs)} after the kill (to ${c.thenOn}), first device_update ` +
      `${ms(c.firstUpdateMs)} after the kill`,
  );
  console.log(
    `  server CPU (% of one core): ${f.cpu.map((x) => `${x.label} ${x.percent === null ? 'n/a' : x.percent.toFixed(0)}`).join(', ')}`,
  );
  if (f.rejoin) console.log(`  ${f.rejoin}`);
}
