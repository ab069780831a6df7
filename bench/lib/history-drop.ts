/**
 * Dropping a day of history while ingest runs: a fleet on the bench server (pipeline-fleet.ts)
 * sends reports at a fixed rate, and halfway through the run the history partitions wholly older
 * than `keepFrom` are dropped as the server's retention drops them (historyPartitions.dropBefore),
 * while the server's own history writer keeps writing the new positions. What it measures is the
 * live path's latency (report to positioned device_update) per second before, around and after
 * the drop, and how long the drop took.
 */
import type { Sql } from '../../apps/server/src/lib/db.ts';
import { historyPartitions } from '../../apps/server/src/modules/history/partitions.ts';
import { setUpFleet } from './pipeline-fleet.ts';
import { workerListener } from './pipeline-listeners.ts';
import { latencyPhase } from './pipeline-phases.ts';
import type { ServerProcess } from './server.ts';

export interface DropUnderIngest {
  rate: number;
  seconds: number;
  /** Partitions dropped, the rows they held and how long the drop took (ms). */
  dropped: string[];
  droppedRows: number;
  dropMs: number;
  /**
   * The worst second's positioned p99 (ms) before the drop (after the warm-up), from its start to
   * 3 s after it, and after that until the last second.
   */
  worstP99: { before: number; around: number; after: number };
  /** The live path's own steady p99 over the whole run (ms), and reports that failed. */
  steadyP99: number;
  failed: number;
}

/** Seconds at the run's start left out of "before" (trackers and live window filling). */
const WARM_UP_S = 5;
/** Seconds after the drop's start counted as "around" it. */
const AROUND_S = 3;

export async function dropUnderIngest(
  server: ServerProcess,
  sql: Sql,
  opts: { rate: number; seconds: number; devices: number; keepFrom: number },
): Promise<DropUnderIngest> {
  const fleet = await setUpFleet(server.url, opts.devices);
  const listener = await workerListener(server.url, fleet.token, fleet.mapIds);
  try {
    const [count] = await sql.query<{ n: number }>(
      'select count(*)::bigint as n from history_positions where at < $1',
      [new Date(opts.keepFrom).toISOString()],
    );
    const partitions = historyPartitions(sql);
    const dropAtS = Math.floor(opts.seconds / 2);
    const drop = new Promise<{ names: string[]; ms: number }>((resolve, reject) =>
      setTimeout(() => {
        const t0 = performance.now();
        partitions
          .dropBefore('history_positions', opts.keepFrom)
          .then((names) => resolve({ names, ms: performance.now() - t0 }), reject);
      }, dropAtS * 1000),
    );
    const latency = await latencyPhase([server], listener, fleet, opts.rate, opts.seconds);
    const dropped = await drop;
    // The phase's per-second p99 (by the report's time, from the phase's start): the worst second
    // of each stretch.
    const bySecond = latency.positionedP99BySecond;
    const worst = (from: number, to: number) =>
      Math.max(...bySecond.slice(from, to).filter((v) => Number.isFinite(v)), 0);
    return {
      rate: opts.rate,
      seconds: opts.seconds,
      dropped: dropped.names,
      droppedRows: Number(count?.n ?? 0),
      dropMs: dropped.ms,
      worstP99: {
        before: worst(WARM_UP_S, dropAtS),
        around: worst(dropAtS, dropAtS + AROUND_S),
        after: worst(dropAtS + AROUND_S, opts.seconds - 1),
      },
      steadyP99: latency.steadyP99,
      failed: latency.failed,
    };
  } finally {
    await listener.close();
  }
}
