/**
 * The consuming side of the positions stream: this instance registers on every partition queue;
 * RabbitMQ makes one registered consumer per queue active (x-single-active-consumer) and moves
 * that role to the next one when its connection ends. Messages of a partition are observed one
 * at a time, in queue order, and acknowledged after observe settles: a batch an instance took but
 * had not finished goes back to the queue, in place, for the next active consumer.
 */
import type { Channel, ChannelModel, ConsumeMessage } from 'amqplib';
import type { Observe } from './affinity.ts';

/** One message: one owner's reports of one partition, oldest first. */
export interface StreamMessage<R> {
  o: string;
  r: R[];
}

export interface ConsumerOptions<R> {
  queues: string[];
  observe: Observe<R>;
  /** Unacknowledged messages per partition (RabbitMQ's per-consumer prefetch). */
  prefetch: number;
  onObserved: (reports: number) => void;
  onError: (err: unknown) => void;
  /** The server cancelled a consumer (its queue was deleted): reconnect to re-declare. */
  onCancelled: () => void;
}

export interface PartitionConsumer {
  /** Stop observing: settle the observation under way, release the rest to the next consumer. */
  stop(drainTimeoutMs: number): Promise<void>;
}

export async function consumePartitions<R>(
  model: ChannelModel,
  opts: ConsumerOptions<R>,
): Promise<PartitionConsumer> {
  const channel = await model.createChannel();
  channel.on('error', opts.onError);
  /** The channel can still acknowledge. */
  let open = true;
  /** New messages are observed (false once stopping). */
  let taking = true;
  channel.on('close', () => (open = false));
  await channel.prefetch(opts.prefetch, false);
  const chains = opts.queues.map(() => Promise.resolve());

  async function handle(ch: Channel, msg: ConsumeMessage) {
    // A stopped consumer leaves what it has not started to the next one (unacked → requeued).
    if (!taking || !open) return;
    let batch: StreamMessage<R>;
    try {
      batch = JSON.parse(msg.content.toString()) as StreamMessage<R>;
    } catch (err) {
      opts.onError(err);
      ch.ack(msg); // not ours to understand; keeping it would block the partition forever
      return;
    }
    try {
      await opts.observe(batch.o, batch.r);
    } catch (err) {
      opts.onError(err);
    }
    opts.onObserved(batch.r.length);
    if (open) ch.ack(msg);
  }

  for (const [k, queue] of opts.queues.entries()) {
    await channel.consume(
      queue,
      (msg) => {
        if (msg === null) return opts.onCancelled();
        chains[k] = chains[k]!.then(() => handle(channel, msg)).catch(opts.onError);
      },
      { noAck: false },
    );
  }

  return {
    async stop(drainTimeoutMs) {
      taking = false;
      let timer: NodeJS.Timeout | undefined;
      await Promise.race([
        Promise.all(chains),
        new Promise((r) => (timer = setTimeout(r, drainTimeoutMs))),
      ]);
      clearTimeout(timer);
      // Closing the channel hands every unacknowledged message back to its queue.
      await channel.close().catch(() => undefined);
    },
  };
}
