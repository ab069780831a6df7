/**
 * The one ingest pipeline for HTTP, MQTT and the simulator: validate, then two paths at once:
 * - store (batched, one transaction); a caller's promise settles only after its reports are stored;
 * - live: the reports are handed to the live path as they are taken (LiveIntake), which never
 *   waits for the database.
 */
import { INGEST_MAX_BATCH, type RejectReason } from '@rtls/contract';
import { statementRows, type Sql } from '../../lib/db.ts';
import { storeBatch, touchGateway, type OwnedReport } from './repository.ts';
import type { GatewayHeartbeat } from './formats/index.ts';
import { createWriteBehind } from './write-behind.ts';
import { checkReport, type CleanReport } from './validate.ts';

export interface IngestResult {
  accepted: number;
  duplicates: number;
  rejected: number;
  reasons: Partial<Record<RejectReason, number>>;
}

export interface PipelineStats {
  accepted: number;
  duplicates: number;
  /** Reports refused because too many were waiting to be stored (the caller was told to retry). */
  shed: number;
  /** Reports taken and not yet stored. */
  pending: number;
  rejected: Partial<Record<RejectReason, number>>;
  batches: number;
  /** Reports stored per gateway MAC, for the per-gateway report rate in /metrics. */
  byGateway: Map<string, number>;
}

/** Where every accepted report goes as it is taken, before it is stored: the live path. */
export interface LiveIntake {
  /** Null while the live path has room; else settles when what it holds now has been sent on. */
  full(): Promise<void> | null;
  /** Take one caller's accepted reports, oldest first. */
  take(ownerId: string, reports: readonly CleanReport[]): void;
}

export interface PipelineDeps {
  sql: Sql;
  live: LiveIntake;
  /** Most reports in one store (whole callers; a caller's own batch may be larger). */
  maxBatch?: number;
  maxDelayMs?: number;
  /** Batches stored at once (PostgreSQL pipelines them; PGlite runs one at a time anyway). */
  maxConcurrent?: number;
  /** Most reports taken and not yet stored; MAX_PENDING_REPORTS when absent. */
  maxPending?: number;
  onError?: (err: unknown) => void;
}

interface Pending {
  items: OwnedReport[];
  /** Per item, whether it was new (stored for the first time). */
  resolve: (fresh: boolean[]) => void;
  reject: (err: unknown) => void;
}

/**
 * Most reports taken and not yet stored (waiting for the live path or the database) before the
 * pipeline refuses or holds back more: about 2.5 s of 20,000 reports/s, some 15 MB. Past it a
 * database or live path that cannot keep up would make memory grow without bound.
 */
export const MAX_PENDING_REPORTS = 50_000;

/** What a caller does when the pipeline holds MAX_PENDING_REPORTS already. */
export type WhenBusy =
  /** Refused at once with PipelineBusyError: an HTTP caller is told to retry (503). */
  | 'refuse'
  /**
   * Waits for room: an MQTT connection then reads nothing more until the backlog has been
   * stored, and the broker or the gateway holds its messages meanwhile.
   */
  | 'wait';

export class PipelineBusyError extends Error {
  /** When to try again (s). */
  readonly retryAfterS = 1;
  constructor() {
    super('The server is storing a backlog of reports; retry in a second');
  }
}

export class PipelineClosedError extends Error {
  constructor() {
    super('The server is shutting down and takes no more reports');
  }
}

export function createPipeline(deps: PipelineDeps) {
  const {
    sql,
    live,
    maxBatch = statementRows(sql),
    maxDelayMs = 5,
    maxConcurrent = sql.kind === 'postgres' ? 3 : 1,
    maxPending = MAX_PENDING_REPORTS,
    onError,
  } = deps;
  const behind = createWriteBehind(sql, { onError });
  const stats: PipelineStats = {
    accepted: 0,
    duplicates: 0,
    shed: 0,
    pending: 0,
    rejected: {},
    batches: 0,
    byGateway: new Map(),
  };
  let queue: Pending[] = [];
  let queued = 0;
  let timer: NodeJS.Timeout | null = null;
  let active = 0;
  const inflight = new Set<Promise<void>>();
  let closed = false;
  // Callers waiting for the pending reports to drop under maxPending.
  let roomWaiters: (() => void)[] = [];

  /** Whether `n` more reports fit (a caller's batch always fits an empty pipeline). */
  const fits = (n: number) => stats.pending === 0 || stats.pending + n <= maxPending;

  /** Take `n` reports into the pending count, refusing or waiting while they do not fit. */
  async function admit(n: number, whenBusy: WhenBusy): Promise<void> {
    while (!fits(n)) {
      if (whenBusy === 'refuse') {
        stats.shed += n;
        throw new PipelineBusyError();
      }
      await new Promise<void>((resolve) => roomWaiters.push(resolve));
      if (closed) throw new PipelineClosedError();
    }
    stats.pending += n;
  }

  function release(n: number) {
    stats.pending -= n;
    const waiting = roomWaiters;
    roomWaiters = [];
    for (const wake of waiting) wake();
  }

  function countRejected(
    reasons: Partial<Record<RejectReason, number>>,
    reason: RejectReason,
    n = 1,
  ) {
    reasons[reason] = (reasons[reason] ?? 0) + n;
    stats.rejected[reason] = (stats.rejected[reason] ?? 0) + n;
  }

  function schedule() {
    if (queued >= maxBatch) void flush();
    else if (!timer) timer = setTimeout(() => void flush(), maxDelayMs);
  }

  /** The next batch off the queue: up to maxBatch reports (whole callers). */
  function nextBatch(): Pending[] {
    let n = 0;
    let i = 0;
    while (i < queue.length && (i === 0 || n + queue[i]!.items.length <= maxBatch)) {
      n += queue[i]!.items.length;
      i++;
    }
    const batch = queue.slice(0, i);
    queue = queue.slice(i);
    queued -= n;
    return batch;
  }

  /** Store one batch and answer its callers. */
  async function storeOne(batch: Pending[]) {
    const items = batch.flatMap((p) => p.items);
    let fresh: boolean[];
    try {
      fresh = await storeBatch(sql, items, behind);
      stats.batches++;
    } catch (err) {
      for (const p of batch) p.reject(err);
      return;
    }
    // Each caller's items are a run of the batch's (a report sent twice in one batch, a retry
    // racing its original, is new for the first only).
    let from = 0;
    for (const p of batch) {
      p.resolve(fresh.slice(from, from + p.items.length));
      from += p.items.length;
    }
  }

  /** Start stores while there is work and a free slot; resolves when the queue is drained. */
  function flush(): Promise<void> {
    if (timer) clearTimeout(timer);
    timer = null;
    while (queue.length > 0 && active < maxConcurrent) {
      const batch = nextBatch();
      active++;
      const done = storeOne(batch).finally(() => {
        active--;
        inflight.delete(done);
        if (queue.length > 0) void flush();
      });
      inflight.add(done);
    }
    return Promise.all(inflight).then(() => (queue.length === 0 ? undefined : flush()));
  }

  return {
    stats,
    /** Background writes of latest signals and heard devices/gateways (flush() in tests). */
    derived: behind,

    /**
     * Validate and store reports for one owner; settles after the good ones are stored. While
     * MAX_PENDING_REPORTS wait to be stored, a caller is refused or waits (`whenBusy`).
     */
    async submit(
      ownerId: string,
      raw: readonly unknown[],
      whenBusy: WhenBusy = 'wait',
    ): Promise<IngestResult> {
      if (closed) throw new PipelineClosedError();
      const reasons: Partial<Record<RejectReason, number>> = {};
      if (raw.length > INGEST_MAX_BATCH) {
        countRejected(reasons, 'batch_too_large', raw.length);
        return { accepted: 0, duplicates: 0, rejected: raw.length, reasons };
      }
      const now = Date.now();
      const items: OwnedReport[] = [];
      for (const r of raw) {
        const c = checkReport(r, now);
        if (c.ok) items.push({ ownerId, report: c.report });
        else countRejected(reasons, c.reason);
      }
      const rejected = raw.length - items.length;
      if (items.length === 0) return { accepted: 0, duplicates: 0, rejected, reasons };
      await admit(items.length, whenBusy);
      let fresh: boolean[];
      try {
        // While the live path is full, reports are taken once what it holds has been sent on.
        for (let full = live.full(); full; full = live.full()) {
          await full;
          if (closed) throw new PipelineClosedError();
        }
        live.take(
          ownerId,
          items.map((i) => i.report),
        );
        fresh = await new Promise<boolean[]>((resolve, reject) => {
          queue.push({ items, resolve, reject });
          queued += items.length;
          schedule();
        });
      } finally {
        release(items.length);
      }
      let accepted = 0;
      for (let i = 0; i < items.length; i++) {
        if (!fresh[i]) continue;
        accepted++;
        const gw = items[i]!.report.gateway;
        stats.byGateway.set(gw, (stats.byGateway.get(gw) ?? 0) + 1);
      }
      stats.accepted += accepted;
      stats.duplicates += items.length - accepted;
      return { accepted, duplicates: items.length - accepted, rejected, reasons };
    },

    /** A gateway's heartbeat (firmware telemetry): it is alive though it reported no device. */
    heartbeat(ownerId: string, hb: GatewayHeartbeat) {
      return touchGateway(sql, ownerId, hb, Date.now());
    },

    /** Count a rejection that happened before submit (e.g. unparseable JSON). */
    reject(reason: RejectReason, n = 1) {
      stats.rejected[reason] = (stats.rejected[reason] ?? 0) + n;
    },

    /** Stop taking reports and finish storing what was accepted. */
    async close() {
      closed = true;
      release(0);
      await flush();
      await behind.close();
    },
  };
}
export type Pipeline = ReturnType<typeof createPipeline>;
