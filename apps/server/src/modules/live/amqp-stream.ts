/**
 * The positions stream on RabbitMQ: N durable partition queues (`<prefix>.<k>`) with a single
 * active consumer each. Every instance publishes each device's reports to the device's partition
 * (publisher confirms, one message per partition and owner every few milliseconds) and
 * consumes every partition; RabbitMQ decides which instance receives which partition and fails
 * over when an instance goes away. While RabbitMQ is unreachable reports are stored but not
 * positioned, readiness says why, and the connection is retried until it returns.
 *
 * RabbitMQ (3.x) makes the first registered consumer of a queue its active one, so the first
 * instance would take every partition. Each instance therefore counts the partitions it is active
 * on (it receives their messages) and, above its share (partitions / registered instances,
 * rounded up), releases the excess: it finishes the batch under way and closes that partition's
 * channel, RabbitMQ activates the next registered instance, and this one registers again behind.
 */
import amqp, { type ChannelModel, type ConfirmChannel } from 'amqplib';
import type { PositionsStream, Receive, StreamStats } from './positions-stream.ts';
import { consumePartitions, type PartitionConsumer, type StreamMessage } from './amqp-consumer.ts';
import { splitByPartition, type DeviceReport } from './partition.ts';

export interface AmqpTuning {
  /** Unacknowledged messages per partition held by its active consumer. */
  prefetch: number;
  /** On close or release, how long the receive under way may take before handing over. */
  drainTimeoutMs: number;
  /** How often this instance compares the partitions it is active on with its share. */
  rebalanceMs: number;
  /** Reports sent within this many ms go out together (one message per partition and owner). */
  batchMs: number;
}

const DEFAULT_TUNING: AmqpTuning = {
  prefetch: 64,
  drainTimeoutMs: 5_000,
  rebalanceMs: 5_000,
  batchMs: 5,
};

export interface AmqpStreamOptions<R> {
  url: string;
  receive: Receive<R>;
  partitions: number;
  prefix: string;
  tuning?: Partial<AmqpTuning>;
  onError?: (err: unknown) => void;
}

/**
 * Every instance declares the queues with these arguments (RabbitMQ refuses a re-declaration
 * that differs). Positions are live: a backlog older than a minute, or beyond 10,000 messages per
 * partition while no instance consumes, is worth less than the newest reports, so it is dropped.
 */
const QUEUE_OPTIONS = {
  durable: true,
  arguments: {
    'x-single-active-consumer': true,
    'x-message-ttl': 60_000,
    'x-max-length': 10_000,
  },
};

/** Where an amqp URL points, without its credentials (readiness and logs). */
const hostOf = (url: string) => {
  try {
    return new URL(url).host;
  } catch {
    return 'POSITIONS_STREAM_URL';
  }
};

export function createAmqpStream<R extends DeviceReport>(
  opts: AmqpStreamOptions<R>,
): PositionsStream<R> {
  const { partitions, prefix, receive } = opts;
  const tuning = { ...DEFAULT_TUNING, ...opts.tuning };
  const onError = (err: unknown) => opts.onError?.(err);
  const queues = Array.from({ length: partitions }, (_, k) => `${prefix}.${k}`);
  const stats: StreamStats = { sent: 0, delivered: 0, dropped: 0, received: 0 };
  let publisher: ConfirmChannel | null = null;
  let consumer: PartitionConsumer | null = null;
  let down = `connecting to ${hostOf(opts.url)}`;
  let closing = false;
  /** Reports of the last batchMs, by partition then owner, published together. */
  let pending = new Map<number, Map<string, R[]>>();
  let scheduled = false;

  async function setup(model: ChannelModel) {
    const pub = await model.createConfirmChannel();
    pub.on('error', onError);
    // A channel closed by the broker (not the connection) would leave this instance deaf or
    // mute: end the connection so that recovery builds both channels again.
    pub.on('close', () => {
      if (publisher === pub) publisher = null;
      if (!closing) void model.close().catch(() => undefined);
    });
    for (const q of queues) await pub.assertQueue(q, QUEUE_OPTIONS);
    consumer = await consumePartitions<R>(model, {
      queues,
      receive,
      prefetch: tuning.prefetch,
      onReceived: (n) => (stats.received += n),
      onError,
      onCancelled: () => void model.close().catch(() => undefined),
    });
    publisher = pub;
  }

  const connection = amqp.connect(opts.url, {
    recovery: { waitForConnect: false, initialDelay: 200, maxDelay: 5_000, setup },
  });
  void connection.then((c) => {
    c.on('connect', () => (down = ''));
    c.on('connect-failed', (err: Error) => (down = `unreachable (${err.message})`));
    c.on('disconnect', (err: Error) => {
      publisher = null;
      consumer = null;
      down = `disconnected (${err.message})`;
    });
    c.on('error', onError);
  }, onError);

  /** Release the partitions this instance is active on beyond its share (see above). */
  async function rebalance() {
    const [pub, mine] = [publisher, consumer];
    if (!pub || !mine || closing) return;
    const { consumerCount } = await pub.checkQueue(queues[0]!);
    if (consumerCount <= 1) return;
    const share = Math.ceil(partitions / consumerCount);
    const active = mine.active(Date.now() - 2 * tuning.rebalanceMs);
    for (const k of active.slice(share)) await mine.release(k, tuning.drainTimeoutMs);
  }
  let balancing = false;
  const balancer = setInterval(() => {
    if (balancing) return;
    balancing = true;
    rebalance()
      .catch(onError)
      .finally(() => (balancing = false));
  }, tuning.rebalanceMs);
  balancer.unref();

  function publish() {
    scheduled = false;
    const batch = pending;
    pending = new Map();
    for (const [k, owners] of batch)
      for (const [ownerId, reports] of owners) {
        const ch = publisher;
        if (!ch) {
          stats.dropped += reports.length;
          continue;
        }
        const body: StreamMessage<R> = { o: ownerId, r: reports };
        ch.sendToQueue(
          queues[k]!,
          Buffer.from(JSON.stringify(body)),
          { contentType: 'application/json' },
          (err) => {
            if (err) stats.dropped += reports.length;
            else stats.delivered += reports.length;
          },
        );
      }
  }

  return {
    send(ownerId, reports) {
      if (reports.length === 0) return Promise.resolve();
      stats.sent += reports.length;
      if (closing || !publisher) {
        stats.dropped += reports.length;
        return Promise.resolve();
      }
      for (const [k, list] of splitByPartition(ownerId, reports, partitions)) {
        let owners = pending.get(k);
        if (!owners) pending.set(k, (owners = new Map()));
        const prev = owners.get(ownerId);
        if (prev) prev.push(...list);
        else owners.set(ownerId, list);
      }
      if (!scheduled) {
        scheduled = true;
        setTimeout(publish, tuning.batchMs);
      }
      return Promise.resolve();
    },
    ready: () => Promise.resolve(publisher && consumer ? 'ok' : down || 'not connected'),
    stats,
    async close() {
      if (scheduled) publish();
      closing = true;
      clearInterval(balancer);
      await publisher?.waitForConfirms().catch(() => undefined);
      await consumer?.stop(tuning.drainTimeoutMs);
      await (await connection.catch(() => null))?.close().catch(() => undefined);
    },
  };
}
