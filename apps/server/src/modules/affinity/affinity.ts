/**
 * Device affinity in front of server positions: every accepted report is handed to `send`, and
 * exactly one process observes each device, with all of its reports, in order.
 *
 * One process (no stream URL): `send` is `observe`, nothing in between. Several instances
 * (POSITIONS_STREAM_URL): reports go through RabbitMQ partition queues, one per hash of
 * owner and device, each with a single active consumer; see amqp-stream.ts.
 */
import { createAmqpStream, type AmqpTuning } from './amqp-stream.ts';
import type { DeviceReport } from './partition.ts';

/** The positions entry point: one owner's accepted reports, oldest first. */
export type Observe<R> = (ownerId: string, reports: readonly R[]) => void | Promise<void>;

export interface AffinityStats {
  /** Reports handed to send(). */
  sent: number;
  /** Reports confirmed by the stream (or observed directly). */
  delivered: number;
  /** Reports not delivered: the stream was down or refused them. They are stored all the same. */
  dropped: number;
  /** Reports this process observed. */
  observed: number;
}

export interface Affinity<R> {
  /**
   * Hand reports that were just stored to the one process that positions their devices. Settles
   * when observe has (one process) or once they are on their way (stream); never rejects.
   */
  send(ownerId: string, reports: readonly R[]): Promise<void>;
  /** For /readyz: 'ok', or why the stream cannot carry reports now; null without a stream. */
  readonly ready: (() => Promise<'ok' | string>) | null;
  readonly stats: AffinityStats;
  /** Deliver what was sent, finish the observation under way, leave the rest to other instances. */
  close(): Promise<void>;
}

export interface AffinityOptions<R> {
  /** amqp://… of the RabbitMQ the instances share; null: observe in this process. */
  url: string | null;
  observe: Observe<R>;
  /** Partition queues; every instance must use the same number. */
  partitions?: number;
  /** Queue name prefix: `<prefix>.<k>`. */
  prefix?: string;
  /** Stream tuning (tests shorten the periods); see AmqpTuning. */
  tuning?: Partial<AmqpTuning>;
  onError?: (err: unknown) => void;
}

export const DEFAULT_PARTITIONS = 32;
export const DEFAULT_QUEUE_PREFIX = 'rtls.positions';

export function createAffinity<R extends DeviceReport>(opts: AffinityOptions<R>): Affinity<R> {
  if (opts.url)
    return createAmqpStream({
      url: opts.url,
      observe: opts.observe,
      partitions: opts.partitions ?? DEFAULT_PARTITIONS,
      prefix: opts.prefix ?? DEFAULT_QUEUE_PREFIX,
      tuning: opts.tuning,
      onError: opts.onError,
    });
  return direct(opts.observe, opts.onError);
}

/** One process: observe at once, in the caller's turn. */
function direct<R>(observe: Observe<R>, onError?: (err: unknown) => void): Affinity<R> {
  const stats: AffinityStats = { sent: 0, delivered: 0, dropped: 0, observed: 0 };
  const report = (err: unknown) => onError?.(err);
  return {
    async send(ownerId, reports) {
      stats.sent += reports.length;
      stats.delivered += reports.length;
      stats.observed += reports.length;
      try {
        await observe(ownerId, reports);
      } catch (err) {
        report(err);
      }
    },
    ready: null,
    stats,
    close: () => Promise.resolve(),
  };
}
