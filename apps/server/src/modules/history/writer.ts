/**
 * History writes off the live path. A new fix is thinned here (at most one per device, map and
 * second; none while the tag stands within HISTORY_STILL_METRES of its last kept position, until
 * the heartbeat) and queued; a timer writes the queue in batches. The queue is bounded: when the
 * database cannot keep up, new rows are dropped and counted (`dropped`), and ingest and live
 * positions never wait for history.
 */
import { HISTORY_HEARTBEAT_MS, HISTORY_STILL_METRES } from '@rtls/contract';
import type { HistoryPartitions } from './partitions.ts';
import type { HistoryRepository, SeriesKey } from './repository.ts';

/** A position as the locating core gives it (map pixels, epoch ms). */
export interface HistoryFix extends SeriesKey {
  x: number;
  y: number;
  at: number;
}

/** A stay in a zone that ended. */
export interface EndedVisit extends SeriesKey {
  zoneId: string;
  enteredAt: number;
  exitedAt: number;
  reason: 'left' | 'unknown';
}

export interface HistoryWriterOptions {
  repo: HistoryRepository;
  partitions: HistoryPartitions;
  /** The map's scale for this owner's devices (pixels per metre). */
  pixelsPerMetre: (ownerId: string, mapId: string) => number;
  /** Positions at these times were written (the heatmap's summary sums their spans anew). */
  written?: (times: readonly number[]) => Promise<void>;
  /** Most rows waiting to be written; rows beyond it are dropped. */
  maxQueued?: number;
  /** Most rows in one statement. */
  chunkRows?: number;
  flushMs?: number;
  /** Run the flush on a timer (off: tests flush by hand). */
  timers?: boolean;
  onError?: (err: unknown) => void;
}

export interface HistoryWriterStats {
  queued: number;
  written: number;
  /** Rows dropped because the queue was full (or the database kept failing). */
  dropped: number;
  /** Fixes not kept: same second, or a tag standing still before its heartbeat. */
  thinned: number;
}

interface Kept {
  at: number;
  x: number;
  y: number;
}

/** How long the last kept position of a silent series is remembered (ms). */
const FORGET_MS = 10 * 60_000;

const keyOf = (k: SeriesKey) => `${k.mapId}|${k.ownerId}|${k.mac}`;

export function createHistoryWriter(o: HistoryWriterOptions) {
  const maxQueued = o.maxQueued ?? 200_000;
  const chunkRows = o.chunkRows ?? 5_000;
  const last = new Map<string, Kept>();
  const seriesIds = new Map<string, number>();
  let fixes: HistoryFix[] = [];
  let visits: EndedVisit[] = [];
  /** The stays of the batch being written now. */
  let writingVisits: readonly EndedVisit[] = [];
  let writing: Promise<void> = Promise.resolve();
  const stats: HistoryWriterStats = { queued: 0, written: 0, dropped: 0, thinned: 0 };

  const queued = () => fixes.length + visits.length;

  /** Whether a fix is kept: a new second, and moved or due for the heartbeat. */
  function keep(fix: HistoryFix): boolean {
    const key = keyOf(fix);
    const prev = last.get(key);
    if (prev) {
      if (Math.floor(fix.at / 1000) <= Math.floor(prev.at / 1000)) return false;
      const still = HISTORY_STILL_METRES * o.pixelsPerMetre(fix.ownerId, fix.mapId);
      const moved = Math.hypot(fix.x - prev.x, fix.y - prev.y) > still;
      if (!moved && fix.at - prev.at < HISTORY_HEARTBEAT_MS) return false;
    }
    last.set(key, { at: fix.at, x: fix.x, y: fix.y });
    return true;
  }

  /** The series of these rows, a new one first seen at its earliest row (`at` of each). */
  async function seriesOf(
    keys: readonly SeriesKey[],
    at: (i: number) => number,
  ): Promise<number[]> {
    const missing = new Map<string, SeriesKey & { at: number }>();
    keys.forEach((k, i) => {
      if (seriesIds.has(keyOf(k))) return;
      const seen = missing.get(keyOf(k));
      if (!seen || at(i) < seen.at) missing.set(keyOf(k), { ...k, at: at(i) });
    });
    if (missing.size > 0) {
      const news = [...missing.values()];
      const ids = await o.repo.series(news);
      news.forEach((k, i) => seriesIds.set(keyOf(k), ids[i]!));
    }
    return keys.map((k) => seriesIds.get(keyOf(k))!);
  }

  async function writeChunks<T>(rows: readonly T[], write: (chunk: readonly T[]) => Promise<void>) {
    for (let done = 0; done < rows.length; done += chunkRows) {
      if (done > 0) await new Promise((r) => setImmediate(r));
      await write(rows.slice(done, done + chunkRows));
    }
  }

  async function writeBatch(batchFixes: HistoryFix[], batchVisits: EndedVisit[]) {
    const fixSeries = await seriesOf(batchFixes, (i) => batchFixes[i]!.at);
    const visitSeries = await seriesOf(batchVisits, (i) => batchVisits[i]!.enteredAt);
    await o.partitions.ensureFor(
      'history_positions',
      batchFixes.map((f) => f.at),
    );
    await o.partitions.ensureFor(
      'history_visits',
      batchVisits.map((v) => v.exitedAt),
    );
    await writeChunks(
      batchFixes.map((f, i) => ({ series: fixSeries[i]!, at: f.at, x: f.x, y: f.y })),
      (c) => o.repo.insertPositions(c),
    );
    if (batchFixes.length > 0) await o.written?.(batchFixes.map((f) => f.at));
    await writeChunks(
      batchVisits.map((v, i) => ({
        series: visitSeries[i]!,
        zoneId: v.zoneId,
        enteredAt: v.enteredAt,
        exitedAt: v.exitedAt,
        reason: v.reason,
      })),
      (c) => o.repo.insertVisits(c),
    );
    const spans = new Map<number, { id: number; first: number; last: number }>();
    const widen = (id: number, first: number, last: number) => {
      const span = spans.get(id);
      if (!span) spans.set(id, { id, first, last });
      else {
        span.first = Math.min(span.first, first);
        span.last = Math.max(span.last, last);
      }
    };
    batchFixes.forEach((f, i) => widen(fixSeries[i]!, f.at, f.at));
    batchVisits.forEach((v, i) => widen(visitSeries[i]!, v.enteredAt, v.exitedAt));
    await o.repo.touch([...spans.values()]);
    stats.written += batchFixes.length + batchVisits.length;
  }

  function flush(): Promise<void> {
    writing = writing.then(async () => {
      if (queued() === 0) return;
      const batchFixes = fixes;
      const batchVisits = visits;
      fixes = [];
      visits = [];
      writingVisits = batchVisits;
      try {
        await writeBatch(batchFixes, batchVisits);
      } catch (err) {
        o.onError?.(err);
        // A series may have been deleted with its map: look the ids up afresh next time.
        seriesIds.clear();
        // Keep the batch for the next try, within the bound (the newest rows win).
        fixes = batchFixes.concat(fixes);
        visits = batchVisits.concat(visits);
        const over = queued() - maxQueued;
        if (over > 0) {
          fixes.splice(0, Math.min(over, fixes.length));
          stats.dropped += over;
        }
      } finally {
        writingVisits = [];
      }
    });
    return writing;
  }

  function sweep(now: number) {
    for (const [key, kept] of last) if (now - kept.at > FORGET_MS) last.delete(key);
  }

  const timers: NodeJS.Timeout[] = [];
  if (o.timers ?? true) {
    timers.push(setInterval(() => void flush(), o.flushMs ?? 1_000));
    timers.push(setInterval(() => sweep(Date.now()), FORGET_MS));
    for (const t of timers) t.unref();
  }

  return {
    /** A new fix of a device on a map (the live path: never waits). */
    position(fix: HistoryFix): void {
      if (!keep(fix)) {
        stats.thinned++;
        return;
      }
      if (queued() >= maxQueued) {
        stats.dropped++;
        return;
      }
      fixes.push(fix);
    },

    /** A stay in a zone ended. */
    visit(v: EndedVisit): void {
      if (queued() >= maxQueued) {
        stats.dropped++;
        return;
      }
      visits.push(v);
    },

    /**
     * The ended stays on an account's map not written yet (queued, or in a batch being written,
     * which the database may or may not hold already): until then, neither the database's visits
     * nor its presence show them.
     */
    unwrittenVisits: (mapId: string, ownerId: string): EndedVisit[] =>
      [...writingVisits, ...visits].filter((v) => v.mapId === mapId && v.ownerId === ownerId),
    /** Write what is queued now. */
    flush,
    /** A series' ids changed (its map was deleted): forget the cached ones. */
    forgetSeries: () => seriesIds.clear(),
    stats: (): HistoryWriterStats => ({ ...stats, queued: queued() }),

    async close() {
      for (const t of timers) clearInterval(t);
      await flush();
    },
  };
}
export type HistoryWriter = ReturnType<typeof createHistoryWriter>;
