/**
 * The one ingest pipeline for HTTP, MQTT and the simulator: validate, then two paths at once:
 * - store (batched, one transaction); a caller's promise settles only after its reports are stored;
 * - live: signals, positions and live updates, which never wait for the database. A report the
 *   live path has already seen (a redelivery, a retry after a failed store) is skipped there, as
 *   is one older than what the same gateway last reported of the device.
 */
import { INGEST_MAX_BATCH, type RejectReason } from '@rtls/contract';
import { statementRows, type Sql } from '../../plugins/db.ts';
import type { PublishedDevice } from '../realtime/fan-out.ts';
import {
  configuredNames,
  recentSignals,
  storeBatch,
  touchGateway,
  type OwnedReport,
} from './repository.ts';
import type { GatewayHeartbeat } from './formats/index.ts';
import { liveUpdate, type PositionSource } from './live-update.ts';
import { createOwnerCache } from '../../lib/owner-cache.ts';
import { createLiveThrottle } from './live-throttle.ts';
import { createSignalCache } from './signal-cache.ts';
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
  rejected: Partial<Record<RejectReason, number>>;
  batches: number;
  /** Reports stored per gateway MAC, for the per-gateway report rate in /metrics. */
  byGateway: Map<string, number>;
}

export interface PipelineDeps {
  sql: Sql;
  /** Deliver live updates for one owner's devices. */
  publish: (ownerId: string, devices: PublishedDevice[]) => void;
  /** Where monitored devices are, for device_update; without it, nothing is positioned. */
  positions?: PositionSource;
  /** Most reports in one store (whole callers; a caller's own batch may be larger). */
  maxBatch?: number;
  maxDelayMs?: number;
  /** Batches stored at once (PostgreSQL pipelines them; PGlite runs one at a time anyway). */
  maxConcurrent?: number;
  /**
   * Most reports taken but not yet published. Past it, new reports wait for publishing to catch
   * up before they are taken (and callers for their answer), so a burst faster than publishing
   * cannot grow memory.
   */
  maxUnpublished?: number;
  onError?: (err: unknown) => void;
  /** Least time between two updates of a device for reports alone (ms); see live-throttle.ts. */
  updateIntervalMs?: number;
  /** Called after a caller's live updates are published: ms since its submit. */
  onPublished?: (latencyMs: number, reports: number) => void;
  /**
   * Where taken reports go, per owner: by default this pipeline's deliver(); with several
   * instances, the positions stream, which calls deliver() on the one instance of each device.
   */
  handOff?: (ownerId: string, reports: readonly CleanReport[]) => Promise<void>;
}

interface Pending {
  items: OwnedReport[];
  /** Per item, whether it was new (stored for the first time). */
  resolve: (fresh: boolean[]) => void;
  reject: (err: unknown) => void;
}

export class PipelineClosedError extends Error {
  constructor() {
    super('The server is shutting down and takes no more reports');
  }
}

export function createPipeline(deps: PipelineDeps) {
  const {
    sql,
    publish,
    positions,
    maxBatch = statementRows(sql),
    maxDelayMs = 5,
    maxConcurrent = sql.kind === 'postgres' ? 3 : 1,
    maxUnpublished = 4 * INGEST_MAX_BATCH,
    onError,
    onPublished,
    updateIntervalMs,
  } = deps;
  const cache = createSignalCache();
  const throttle = createLiveThrottle({
    ...(updateIntervalMs === undefined ? {} : { intervalMs: updateIntervalMs }),
    flush: (ownerId, macs) => publishNewest(ownerId, macs),
    onError,
  });
  const behind = createWriteBehind(sql, { onError });
  /** Configured device names per owner, re-read every few seconds rather than per batch. */
  const names = createOwnerCache((ownerId) => configuredNames(sql, ownerId));
  const stats: PipelineStats = {
    accepted: 0,
    duplicates: 0,
    rejected: {},
    batches: 0,
    byGateway: new Map(),
  };
  let queue: Pending[] = [];
  let queued = 0;
  let timer: NodeJS.Timeout | null = null;
  let active = 0;
  const inflight = new Set<Promise<void>>();
  let publishing: Promise<void> = Promise.resolve();
  /** Reports taken whose publishing has not finished. */
  let unpublished = 0;
  let closed = false;
  const sweeper = setInterval(() => {
    cache.sweep();
    names.sweep(10 * 60_000);
  }, 60_000);
  sweeper.unref();

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

  /** One device's live update: its signals now, and where it is located. */
  const published = (ownerId: string, mac: string, lastSeen: number, nowMs: number) => ({
    update: liveUpdate(
      mac,
      names.get(ownerId)?.get(mac) ?? mac,
      cache.snapshot(ownerId, mac, nowMs),
      lastSeen,
      nowMs,
    ),
    located: positions?.locatedOf(ownerId, mac) ?? [],
    left: positions?.leftMaps?.(ownerId, mac) ?? [],
  });

  /** Reports taken for the next live hand-over, per owner, and their callers. */
  let live = new Map<string, CleanReport[]>();
  let liveCallers: { at: number; reports: number }[] = [];
  let liveScheduled = false;

  /**
   * Take one caller's reports onto the live path, in order after those taken before; publishing
   * does not wait for the store. The callers taken in one turn of the event loop (many, under load)
   * are handed over together: fewer, larger messages to the locator and the sockets.
   */
  function goLive(ownerId: string, reports: CleanReport[]) {
    unpublished += reports.length;
    const list = live.get(ownerId);
    if (!list) live.set(ownerId, reports);
    else for (const r of reports) list.push(r);
    liveCallers.push({ at: Date.now(), reports: reports.length });
    if (liveScheduled) return;
    liveScheduled = true;
    publishing = publishing.then(() => new Promise<void>((r) => setImmediate(r))).then(handOver);
  }

  /** Hand what goLive() took to the process that delivers each owner's devices. */
  async function handOver() {
    liveScheduled = false;
    const [byOwner, callers] = [live, liveCallers];
    [live, liveCallers] = [new Map(), []];
    const taken = callers.reduce((n, c) => n + c.reports, 0);
    try {
      await Promise.all([...byOwner].map(([ownerId, reports]) => handOff(ownerId, reports)));
      const now = Date.now();
      for (const c of callers) onPublished?.(now - c.at, c.reports);
    } catch (err) {
      onError?.(err); // a live update missed is re-fetched by clients
    } finally {
      unpublished -= taken;
    }
  }

  /**
   * Reports of one owner, oldest first: their signals, their positions and the live update of
   * every device they touch. Only reports newer than what the cache holds of their link count.
   */
  async function deliver(ownerId: string, reports: readonly CleanReport[]) {
    /** Newest report time per device. */
    const touched = new Map<string, number>();
    const fresh: CleanReport[] = [];
    for (const r of reports) {
      if (!cache.put(ownerId, r)) continue;
      fresh.push(r);
      const prev = touched.get(r.device);
      if (prev === undefined || r.receivedAt > prev) touched.set(r.device, r.receivedAt);
    }
    if (touched.size === 0) return;
    const report = (err: unknown) => onError?.(err);
    await Promise.all([
      // Without names or positions the updates still go out (MAC as name, no position).
      names.prepare([ownerId], report).catch(report),
      positions?.observe(ownerId, fresh).catch(report),
    ]);
    const nowMs = Date.now();
    const devices: PublishedDevice[] = [];
    for (const [mac, lastSeen] of touched)
      if (throttle.admit(ownerId, mac, nowMs))
        devices.push(published(ownerId, mac, lastSeen, nowMs));
    if (devices.length > 0) publish(ownerId, devices);
  }

  /** Publish devices as the cache holds them now. */
  function publishNewest(ownerId: string, macs: readonly string[]) {
    const nowMs = Date.now();
    const devices: PublishedDevice[] = [];
    for (const mac of macs) {
      const newest = cache.newest(ownerId, mac);
      if (newest !== null) devices.push(published(ownerId, mac, newest, nowMs));
    }
    if (devices.length > 0) publish(ownerId, devices);
  }
  const handOff = deps.handOff ?? deliver;

  /** Take up to maxBatch reports (whole callers) off the queue. */
  function take(): Pending[] {
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
      const batch = take();
      active++;
      const done = storeOne(batch).finally(() => {
        active--;
        inflight.delete(done);
        if (queue.length > 0) void flush();
      });
      inflight.add(done);
    }
    return Promise.all(inflight).then(() => (queue.length === 0 ? publishing : flush()));
  }

  return {
    stats,
    cache,
    /** Background writes of latest signals and heard devices/gateways (flush() in tests). */
    derived: behind,

    /** Warm the signal cache from the database so the first updates after a restart are complete. */
    async warm(sinceMs = Date.now() - 3600_000) {
      for (const r of await recentSignals(sql, sinceMs)) {
        cache.put(r.owner_id, {
          device: r.device_mac,
          gateway: r.gateway_mac,
          rssi: r.rssi,
          receivedAt: new Date(r.received_at).getTime(),
          ip: r.ip,
        });
      }
    },

    /** Validate and store reports for one owner; settles after the good ones are stored. */
    async submit(ownerId: string, raw: readonly unknown[]): Promise<IngestResult> {
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
      // Past the publishing backlog's bound, reports are taken once what is queued to publish is out.
      while (unpublished >= maxUnpublished) {
        await publishing;
        if (closed) throw new PipelineClosedError();
      }
      goLive(
        ownerId,
        items.map((i) => i.report),
      );
      const fresh = await new Promise<boolean[]>((resolve, reject) => {
        queue.push({ items, resolve, reject });
        queued += items.length;
        schedule();
      });
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

    /**
     * Updates published by another instance (shared MQTT subscriptions split a device's reports
     * between instances): their signals join this cache, so this instance's next update of the
     * device shows every gateway that heard it, and their positions are the device's here too
     * unless this instance locates it.
     */
    mergeRemote(ownerId: string, devices: readonly PublishedDevice[]) {
      for (const d of devices) {
        cache.merge(ownerId, d.update.mac, d.update.signal);
        positions?.adoptRemote(ownerId, d.update.mac, d.located);
      }
    },

    /** Deliver stored reports of one owner here (what the positions stream calls). */
    deliver,

    /** Publish devices whose positions changed (told by the positions module), with their signals. */
    publishLocated(ownerId: string, macs: readonly string[]) {
      const nowMs = Date.now();
      for (const mac of macs) throttle.sent(ownerId, mac, nowMs);
      publishNewest(ownerId, macs);
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
      clearInterval(sweeper);
      throttle.close();
      await flush();
      await behind.close();
    },
  };
}
export type Pipeline = ReturnType<typeof createPipeline>;
