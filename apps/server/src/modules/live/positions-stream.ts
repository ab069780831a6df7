/**
 * The positions stream: every report the live path takes is sent to the one process that receives
 * its device, and that process receives all of the device's reports, in order, so each device is
 * located from all of its reports by one process.
 *
 * One process (no POSITIONS_STREAM_URL): sending is receiving, nothing in between
 * (oneProcessStream). Several instances: reports go through RabbitMQ partition queues, one per
 * hash of owner and device, each with a single active consumer (amqp-stream.ts).
 */

/** The receiving side: one owner's reports, oldest first. */
export type Receive<R> = (ownerId: string, reports: readonly R[]) => void | Promise<void>;

export interface StreamStats {
  /** Reports handed to send(). */
  sent: number;
  /** Reports confirmed by the stream (or received directly). */
  delivered: number;
  /** Reports not delivered: the stream was down or refused them. They are stored all the same. */
  dropped: number;
  /** Reports this process received. */
  received: number;
}

export interface PositionsStream<R> {
  /**
   * Send reports to the one process that receives their devices. Settles when receive has (one
   * process) or once they are on their way (RabbitMQ); never rejects.
   */
  send(ownerId: string, reports: readonly R[]): Promise<void>;
  /** For /readyz: 'ok', or why the stream cannot carry reports now; null in one process. */
  readonly ready: (() => Promise<'ok' | string>) | null;
  readonly stats: StreamStats;
  /** Deliver what was sent, finish the receive under way, leave the rest to other instances. */
  close(): Promise<void>;
}

/** Partition queues; every instance must use the same number. */
export const DEFAULT_PARTITIONS = 32;
/** Queue name prefix: `<prefix>.<k>`. */
export const DEFAULT_QUEUE_PREFIX = 'rtls.positions';

/** One process: receive at once, in the sender's turn. */
export function oneProcessStream<R>(
  receive: Receive<R>,
  onError?: (err: unknown) => void,
): PositionsStream<R> {
  const stats: StreamStats = { sent: 0, delivered: 0, dropped: 0, received: 0 };
  return {
    async send(ownerId, reports) {
      stats.sent += reports.length;
      stats.delivered += reports.length;
      stats.received += reports.length;
      try {
        await receive(ownerId, reports);
      } catch (err) {
        onError?.(err);
      }
    },
    ready: null,
    stats,
    close: () => Promise.resolve(),
  };
}
