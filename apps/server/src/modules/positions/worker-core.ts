/**
 * The locating core in worker threads, so that locating (a grid filter per device and map, about
 * a quarter of a millisecond each) never takes the server thread's time from I/O. Devices are
 * partitioned between the workers by a hash of owner and MAC, so each device is located by one
 * worker from all of its reports, in order. The server thread sends each owner's frames when they
 * change and the reports of monitored devices; workers send back changed positions and new fixes.
 * A worker that dies is replaced (its devices are located afresh from their next reports).
 */
import { pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import type { OwnerFrames } from './frames.ts';
import {
  hashOf,
  type LocatedChange,
  type LocatingStats as Stats,
  type ObservedReport,
  type TrailFix,
} from './core.ts';
import type { CoreHandle, CoreSink } from './service.ts';

/** Messages to a worker. */
export type ToWorker =
  | { t: 'frames'; ownerId: string; frames: OwnerFrames }
  | { t: 'forget'; ownerId: string }
  | {
      t: 'observe';
      ownerId: string;
      devices: string[];
      gateways: string[];
      rssi: Float64Array;
      at: Float64Array;
      /** Each report's stated level at 1 m; NaN where it states none. */
      ref: Float64Array;
    }
  | { t: 'relocate'; ownerId: string; frames: OwnerFrames }
  | { t: 'expire'; now: number }
  | { t: 'settle'; id: number }
  | { t: 'close' };

/** Messages from a worker. */
export type FromWorker =
  | { t: 'located'; changes: LocatedChange[]; trail: TrailFix[]; stats: Stats }
  | { t: 'settled'; id: number; trail: TrailFix[]; stats: Stats }
  | { t: 'error'; message: string }
  | { t: 'closed'; trail: TrailFix[] };

export interface WorkerCoreOptions {
  workers: number;
  /**
   * The locator worker as one JavaScript module (locator-worker.mjs of a bundled server), for a
   * server that runs from its TypeScript sources; the worker beside this module when not given.
   */
  workerFile?: string | null;
  budgetMsPerS?: number;
  sliceMs?: number;
  onError?: (err: unknown) => void;
}

interface Slot {
  worker: Worker;
  /** The frames object last sent per owner (sent again when the cache holds another). */
  sent: Map<string, OwnerFrames>;
  stats: Stats;
  /** When the worker last sent its stats (ms). */
  statsAt: number;
  settles: Map<number, () => void>;
}

/**
 * The worker's first module and what it needs to know of it. From the TypeScript sources,
 * worker-boot.mjs registers the TypeScript loader (threads do not inherit it; each worker then
 * compiles the locating code anew) and loads locator-worker.ts; a server bundled into JavaScript
 * (main.mjs) has its bundled worker, locator-worker.mjs, beside it.
 */
function workerModule(bundled?: string | null): { file: URL; data: { entry?: string } } {
  if (bundled) return { file: pathToFileURL(bundled), data: {} };
  if (!import.meta.url.endsWith('.ts'))
    return { file: new URL('./locator-worker.mjs', import.meta.url), data: {} };
  return {
    file: new URL('./worker-boot.mjs', import.meta.url),
    data: { entry: new URL('./locator-worker.ts', import.meta.url).href },
  };
}

/** A worker's lateness older than this (ms) no longer counts: it has had nothing to locate. */
const STATS_FRESH_MS = 10_000;

export function workerCore({
  workers: count,
  workerFile,
  budgetMsPerS = 900,
  sliceMs = 10,
  onError = () => undefined,
}: WorkerCoreOptions) {
  const entry = workerModule(workerFile);
  return (sink: CoreSink): CoreHandle => {
    let closing = false;
    let settleId = 0;
    const trail = (fixes: TrailFix[]) => {
      for (const f of fixes) sink.onTrail(f);
    };

    function spawn(): Slot {
      const worker = new Worker(entry.file, {
        workerData: { ...entry.data, budgetMsPerS, sliceMs },
      });
      const slot: Slot = {
        worker,
        sent: new Map(),
        stats: {
          devices: 0,
          queued: 0,
          deferred: 0,
          locates: 0,
          locatingMs: 0,
          fixes: 0,
          lateMs: 0,
        },
        statsAt: 0,
        settles: new Map(),
      };
      worker.on('message', (m: FromWorker) => {
        if (m.t === 'located') {
          trail(m.trail);
          slot.stats = m.stats;
          slot.statsAt = Date.now();
          if (m.changes.length > 0) sink.onLocated(m.changes);
        } else if (m.t === 'settled') {
          trail(m.trail);
          slot.stats = m.stats;
          slot.statsAt = Date.now();
          slot.settles.get(m.id)?.();
          slot.settles.delete(m.id);
        } else if (m.t === 'closed') trail(m.trail);
        else if (m.t === 'error') onError(new Error(m.message));
      });
      worker.on('error', onError);
      worker.on('exit', () => {
        for (const done of slot.settles.values()) done();
        if (closing) return;
        onError(new Error('a locator worker stopped; starting another'));
        const i = slots.indexOf(slot);
        if (i >= 0) slots[i] = spawn();
      });
      worker.unref();
      return slot;
    }
    const slots: Slot[] = Array.from({ length: Math.max(1, count) }, spawn);

    function send(slot: Slot, ownerId: string, frames: OwnerFrames) {
      if (slot.sent.get(ownerId) === frames) return;
      slot.sent.set(ownerId, frames);
      slot.worker.postMessage({ t: 'frames', ownerId, frames } satisfies ToWorker);
    }

    return {
      observe(ownerId, frames, reports: readonly ObservedReport[]) {
        const parts = slots.map(() => [] as ObservedReport[]);
        if (slots.length === 1) parts[0] = reports as ObservedReport[];
        else for (const r of reports) parts[hashOf(r.device) % slots.length]!.push(r);
        parts.forEach((part, i) => {
          if (part.length === 0) return;
          const slot = slots[i]!;
          send(slot, ownerId, frames);
          const n = part.length;
          const [devices, gateways] = [new Array<string>(n), new Array<string>(n)];
          const bufs = [new ArrayBuffer(n * 8), new ArrayBuffer(n * 8), new ArrayBuffer(n * 8)];
          const [rssi, at, ref] = bufs.map((b) => new Float64Array(b)) as [
            Float64Array,
            Float64Array,
            Float64Array,
          ];
          for (let k = 0; k < n; k++) {
            const r = part[k]!;
            devices[k] = r.device;
            gateways[k] = r.gateway;
            rssi[k] = r.rssi;
            at[k] = r.receivedAt;
            ref[k] = r.refRssi ?? NaN;
          }
          const msg: ToWorker = { t: 'observe', ownerId, devices, gateways, rssi, at, ref };
          slot.worker.postMessage(msg, bufs);
        });
      },
      relocate(ownerId, frames) {
        for (const slot of slots) {
          slot.sent.set(ownerId, frames);
          slot.worker.postMessage({ t: 'relocate', ownerId, frames } satisfies ToWorker);
        }
      },
      expire(now) {
        for (const slot of slots) slot.worker.postMessage({ t: 'expire', now } satisfies ToWorker);
      },
      async settle() {
        await Promise.all(
          slots.map(
            (slot) =>
              new Promise<void>((resolve) => {
                const id = ++settleId;
                slot.settles.set(id, resolve);
                slot.worker.postMessage({ t: 'settle', id } satisfies ToWorker);
              }),
          ),
        );
      },
      stats: () =>
        slots.reduce(
          (a, s) => ({
            devices: a.devices + s.stats.devices,
            queued: a.queued + s.stats.queued,
            deferred: a.deferred + s.stats.deferred,
            locates: a.locates + s.stats.locates,
            locatingMs: a.locatingMs + s.stats.locatingMs,
            fixes: a.fixes + s.stats.fixes,
            // A worker that has located nothing for a while is not late (it posts after work).
            lateMs:
              Date.now() - s.statsAt < STATS_FRESH_MS
                ? Math.max(a.lateMs, s.stats.lateMs)
                : a.lateMs,
          }),
          { devices: 0, queued: 0, deferred: 0, locates: 0, locatingMs: 0, fixes: 0, lateMs: 0 },
        ),
      async close() {
        closing = true;
        await Promise.all(
          slots.map(async (slot) => {
            const exited = new Promise((r) => slot.worker.once('exit', r));
            slot.worker.postMessage({ t: 'close' } satisfies ToWorker);
            const timer = setTimeout(() => void slot.worker.terminate(), 2_000);
            await exited;
            clearTimeout(timer);
          }),
        );
      },
    };
  };
}
