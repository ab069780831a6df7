/**
 * The consuming side of the positions stream: this instance registers on every partition queue,
 * one channel per partition; RabbitMQ makes one registered consumer per queue active
 * (x-single-active-consumer) and moves that role to the next one when its channel closes.
 * Messages are received in arrival order (so each partition's in queue order), gathered per turn
 * of the event loop into one receive per owner, and acknowledged after receive settles: what an
 * instance took but had not started goes back to the queue, in place, for the next active
 * consumer.
 */
import type { Channel, ChannelModel, ConsumeMessage } from 'amqplib';
import type { Receive } from './positions-stream.ts';

/** One message: one owner's reports of one partition, oldest first. */
export interface StreamMessage<R> {
  o: string;
  r: R[];
}

export interface ConsumerOptions<R> {
  queues: string[];
  receive: Receive<R>;
  /** Unacknowledged messages per partition (RabbitMQ's per-consumer prefetch). */
  prefetch: number;
  onReceived: (reports: number) => void;
  onError: (err: unknown) => void;
  /** The server cancelled a consumer (its queue was deleted): reconnect to re-declare. */
  onCancelled: () => void;
}

export interface PartitionConsumer {
  /** Partitions this instance received messages of since `sinceMs` (it is their active one). */
  active(sinceMs: number): number[];
  /** Give partition k to the next registered instance, and register again behind the others. */
  release(k: number, drainTimeoutMs: number): Promise<void>;
  /** Stop receiving: settle the receive under way, release the rest to the next consumer. */
  stop(drainTimeoutMs: number): Promise<void>;
}

interface Slot {
  channel: Channel;
  /** The channel can still acknowledge. */
  open: boolean;
  /** New messages are received (false once released or stopping). */
  taking: boolean;
  lastDelivery: number;
}

export async function consumePartitions<R>(
  model: ChannelModel,
  opts: ConsumerOptions<R>,
): Promise<PartitionConsumer> {
  const slots: Slot[] = [];
  let stopped = false;
  /** Messages arrived and not yet received, in arrival order. */
  let inbox: { slot: Slot; msg: ConsumeMessage }[] = [];
  let draining: Promise<void> = Promise.resolve();
  let scheduled = false;

  function arrive(slot: Slot, msg: ConsumeMessage) {
    slot.lastDelivery = Date.now();
    inbox.push({ slot, msg });
    if (scheduled) return;
    scheduled = true;
    draining = draining
      .then(async () => {
        await new Promise((r) => setImmediate(r));
        scheduled = false;
        await drain();
      })
      .catch(opts.onError);
  }

  /** Receive what arrived, one call per owner, then acknowledge it (one ack per channel). */
  async function drain() {
    const taken = inbox;
    inbox = [];
    const byOwner = new Map<string, R[]>();
    const last = new Map<Slot, ConsumeMessage>();
    for (const { slot, msg } of taken) {
      // A released partition leaves what it has not started to the next consumer.
      if (!slot.taking || !slot.open) continue;
      last.set(slot, msg);
      let batch: StreamMessage<R>;
      try {
        batch = JSON.parse(msg.content.toString()) as StreamMessage<R>;
      } catch (err) {
        opts.onError(err); // not ours to understand; keeping it would block the partition
        continue;
      }
      const list = byOwner.get(batch.o);
      if (list) list.push(...batch.r);
      else byOwner.set(batch.o, batch.r);
    }
    for (const [ownerId, reports] of byOwner) {
      try {
        await opts.receive(ownerId, reports);
      } catch (err) {
        opts.onError(err);
      }
      opts.onReceived(reports.length);
    }
    for (const [slot, msg] of last) if (slot.open) slot.channel.ack(msg, true);
  }

  async function register(k: number): Promise<Slot> {
    const channel = await model.createChannel();
    const slot: Slot = { channel, open: true, taking: true, lastDelivery: 0 };
    channel.on('error', opts.onError);
    channel.on('close', () => (slot.open = false));
    await channel.prefetch(opts.prefetch, false);
    await channel.consume(
      opts.queues[k]!,
      (msg) => (msg === null ? opts.onCancelled() : arrive(slot, msg)),
      { noAck: false },
    );
    slots[k] = slot;
    return slot;
  }

  /** Finish the receive under way (at most drainTimeoutMs), then close the channel. */
  async function settle(slot: Slot, drainTimeoutMs: number) {
    slot.taking = false;
    let timer: NodeJS.Timeout | undefined;
    await Promise.race([draining, new Promise((r) => (timer = setTimeout(r, drainTimeoutMs)))]);
    clearTimeout(timer);
    // Closing the channel hands every unacknowledged message back to its queue, in place.
    await slot.channel.close().catch(() => undefined);
  }

  for (let k = 0; k < opts.queues.length; k++) await register(k);

  return {
    active: (sinceMs) =>
      slots.flatMap((s, k) => (s.taking && s.lastDelivery >= sinceMs ? [k] : [])),
    async release(k, drainTimeoutMs) {
      const slot = slots[k];
      if (stopped || !slot?.taking) return;
      await settle(slot, drainTimeoutMs);
      if (!stopped) await register(k);
    },
    async stop(drainTimeoutMs) {
      stopped = true;
      await Promise.all(slots.map((s) => settle(s, drainTimeoutMs)));
    },
  };
}
