/**
 * Wires history: the writer the live path hands fixes and ended stays to, the partitions made
 * ahead and dropped past retention (every hour, and at start), the heatmap's summary of each
 * complete span (every minute, and at start), and the service the routes read.
 */
import type { HistoryRetention } from '@rtls/contract';
import { statementRows, type Sql } from '../../lib/db.ts';
import type { MapsRepository } from '../maps/repository.ts';
import type { PresenceListener } from '../presence/service.ts';
import { cellRollup } from './cell-rollup.ts';
import { historyPartitions, type SeriesTable } from './partitions.ts';
import { historyRepository } from './repository.ts';
import { historyReports } from './reports.ts';
import { historyService } from './service.ts';
import { createHistoryWriter, type HistoryFix } from './writer.ts';

const DAY_MS = 86_400_000;
const MAINTAIN_MS = 3600_000;
const SUM_CELLS_MS = 60_000;
/** A timer's pass sums for about this long (a long catch-up goes on a minute later). */
const SUM_BUDGET_MS = 10_000;

export interface HistoryModuleOptions {
  maps: MapsRepository;
  /** The server's ceilings (days): partitions older are dropped. */
  retention: HistoryRetention;
  /** Day partitions of positions made ahead of today. */
  aheadDays?: number;
  pixelsPerMetre: (ownerId: string, mapId: string) => number;
  maxQueued?: number;
  /** Flush and maintain on timers (off: tests step them). */
  timers?: boolean;
  /** Sum the heatmap's spans on a timer (off: tests step it with `sumCells`). */
  summaryTimer?: boolean;
  now?: () => number;
  onError?: (err: unknown) => void;
}

export function createHistoryModule(sql: Sql, o: HistoryModuleOptions) {
  const now = o.now ?? Date.now;
  const repo = historyRepository(sql);
  const partitions = historyPartitions(sql);
  const cells = cellRollup(sql, { partitions, pixelsPerMetre: o.pixelsPerMetre });
  const writer = createHistoryWriter({
    repo,
    partitions,
    written: (times) => cells.written(times, now()),
    pixelsPerMetre: o.pixelsPerMetre,
    chunkRows: statementRows(sql),
    timers: o.timers ?? true,
    ...(o.maxQueued !== undefined ? { maxQueued: o.maxQueued } : {}),
    ...(o.onError ? { onError: o.onError } : {}),
  });
  const service = historyService({
    repo,
    maps: o.maps,
    max: o.retention,
    unwrittenVisits: writer.unwrittenVisits,
    now,
  });

  /** An account's rows of one device table older than `before`, one partition at a time. */
  async function deleteOlder(ownerId: string, table: SeriesTable, before: number) {
    const spans = (await partitions.list(table)).filter((p) => p.from < before);
    if (spans.length === 0) return;
    const ids = await repo.seriesOf(ownerId);
    if (ids.length === 0) return;
    for (const p of spans) await repo.deleteSpan(table, ids, p.from, Math.min(p.to, before));
  }

  /**
   * Partitions ahead; partitions wholly past the ceilings dropped; an account keeping less has its
   * older rows deleted from the partitions still kept (an index range per series).
   */
  async function maintain(at = now()) {
    await partitions.createAhead(at, o.aheadDays ?? 3);
    const positionsFrom = at - o.retention.positionsDays * DAY_MS;
    const dropped = [
      ...(await partitions.dropBefore('history_positions', positionsFrom)),
      ...(await partitions.dropBefore('history_cells', positionsFrom)),
      ...(await partitions.dropBefore('history_visits', at - o.retention.visitsDays * DAY_MS)),
    ];
    await cells.forgetBefore(positionsFrom);
    for (const r of await repo.shorterRetentions()) {
      const positions = Math.min(r.positions_days, o.retention.positionsDays);
      const visits = Math.min(r.visits_days, o.retention.visitsDays);
      if (positions < o.retention.positionsDays) {
        await deleteOlder(r.owner_id, 'history_positions', at - positions * DAY_MS);
        await cells.deleteOwnerBefore(r.owner_id, at - positions * DAY_MS);
      }
      if (visits < o.retention.visitsDays)
        await deleteOlder(r.owner_id, 'history_visits', at - visits * DAY_MS);
    }
    return { dropped };
  }

  /** Sum the heatmap's complete spans not summed yet (passes run one after the other). */
  let summing: Promise<number> = Promise.resolve(0);
  let waiting = 0;
  function sumCells(at?: number, budgetMs = Infinity): Promise<number> {
    waiting++;
    summing = summing
      .catch(() => 0)
      .then(() => {
        waiting--;
        const t = at ?? now();
        return cells.sumDue(t, t - o.retention.positionsDays * DAY_MS, budgetMs);
      });
    return summing;
  }
  /** The timer's turn: none while a pass is still waiting to run (a long catch-up). */
  const sumOnTimer = () => (waiting > 0 ? summing : sumCells(undefined, SUM_BUDGET_MS));

  const timers: NodeJS.Timeout[] = [];
  return {
    repo,
    partitions,
    writer,
    service,
    cells,
    reports: historyReports({
      sql,
      service,
      repo,
      summary: cells,
      pixelsPerMetre: o.pixelsPerMetre,
      now,
    }),
    maintain,
    sumCells,
    /** A new fix from the locating core. */
    position: (fix: HistoryFix) => writer.position(fix),
    /** Zone presence: every stay that ends becomes a visit row. */
    presence: {
      changed(track, transitions) {
        for (const t of transitions)
          if (t.kind === 'exit')
            writer.visit({
              ownerId: track.ownerId,
              mac: track.mac,
              mapId: track.mapId,
              zoneId: t.zoneId,
              enteredAt: t.enteredAt,
              exitedAt: t.at,
              reason: t.reason,
            });
      },
    } satisfies PresenceListener,
    /**
     * Partitions made and old ones dropped now, the heatmap's due spans summed in the background
     * (a failure is reported; the next turn retries).
     */
    async start() {
      const report = (err: unknown) => o.onError?.(err);
      await maintain().catch(report);
      if (o.timers ?? true)
        timers.push(setInterval(() => void maintain().catch(report), MAINTAIN_MS));
      if ((o.timers ?? true) && (o.summaryTimer ?? true)) {
        void sumOnTimer().catch(report);
        timers.push(setInterval(() => void sumOnTimer().catch(report), SUM_CELLS_MS));
      }
      for (const t of timers) t.unref();
    },
    async close() {
      for (const t of timers) clearInterval(t);
      await summing.catch(() => undefined);
      await writer.close();
    },
  };
}
export type HistoryModule = ReturnType<typeof createHistoryModule>;
