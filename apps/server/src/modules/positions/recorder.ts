/**
 * Trail writes off the hot path: points are buffered and written once a second, in statements of
 * at most `chunkRows` points with a turn of the event loop between them;
 * points older than the retention are pruned every minute. Trails are best effort: when the
 * database fails, the buffer is bounded and the oldest points are dropped.
 */
import type { TrailPointRow, PositionsRepository } from './repository.ts';

export interface TrailRecorderOptions {
  retentionMinutes: number;
  flushMs?: number;
  pruneMs?: number;
  /** Most points held while the database does not take them. */
  maxBuffered?: number;
  /** Most points in one statement. */
  chunkRows?: number;
  onError?: (err: unknown) => void;
}

export function createTrailRecorder(
  repo: PositionsRepository,
  {
    retentionMinutes,
    flushMs = 1_000,
    pruneMs = 60_000,
    maxBuffered = 100_000,
    chunkRows = 5_000,
    onError,
  }: TrailRecorderOptions,
) {
  let buffer: TrailPointRow[] = [];
  let writing: Promise<void> = Promise.resolve();
  let dropped = 0;

  function flush(): Promise<void> {
    writing = writing.then(async () => {
      if (buffer.length === 0) return;
      const batch = buffer;
      buffer = [];
      let done = 0;
      try {
        for (; done < batch.length; done += chunkRows) {
          if (done > 0) await new Promise((r) => setImmediate(r));
          await repo.insert(batch.slice(done, done + chunkRows));
        }
      } catch (err) {
        onError?.(err);
        // Put the unwritten points back for the next try, keeping the newest within the bound.
        buffer = batch.slice(done).concat(buffer);
        if (buffer.length > maxBuffered) {
          dropped += buffer.length - maxBuffered;
          buffer = buffer.slice(buffer.length - maxBuffered);
        }
      }
    });
    return writing;
  }

  function prune(now = Date.now()): Promise<void> {
    return repo.prune(now - retentionMinutes * 60_000).catch((err: unknown) => onError?.(err));
  }

  const flusher = setInterval(() => void flush(), flushMs);
  const pruner = setInterval(() => void prune(), pruneMs);
  flusher.unref();
  pruner.unref();

  return {
    add(point: TrailPointRow) {
      buffer.push(point);
      if (buffer.length > maxBuffered) {
        buffer.shift();
        dropped++;
      }
    },
    flush,
    prune,
    stats: () => ({ buffered: buffer.length, dropped }),
    async close() {
      clearInterval(flusher);
      clearInterval(pruner);
      await flush();
    },
  };
}
export type TrailRecorder = ReturnType<typeof createTrailRecorder>;
