/**
 * PUBACKs that wait for the store while the next messages are read. mqtt.js reads a message only
 * once the previous one's handler has called back, and sends that message's PUBACK at that moment:
 * a handler that calls back only after storing takes one message per database round trip. Here the
 * handler calls back at once, and the PUBACK mqtt.js then sends is held until the message is
 * stored, then sent in the order the messages came (as MQTT asks of a receiver). The broker keeps
 * every message not acknowledged, so one not stored (a failed store, a dropped connection) comes
 * again: held PUBACKs are forgotten when the connection closes.
 */
import type { MqttClient } from 'mqtt';

type Send = (packet: { cmd: string; messageId?: number }, cb?: () => void) => void;

interface Held {
  messageId: number;
  stored: boolean;
  /** The PUBACK mqtt.js asked to send, once it has. */
  send: (() => void) | null;
}

export interface HeldAcks {
  /** The message's PUBACK waits for stored(messageId). */
  hold(messageId: number): void;
  /** The message is stored: its PUBACK goes out after those of the messages before it. */
  stored(messageId: number): void;
  /** PUBACKs waiting (for a store, or for an earlier message's). */
  readonly waiting: number;
}

export function holdAcksUntilStored(client: MqttClient): HeldAcks {
  const queue: Held[] = [];
  const byId = new Map<number, Held>();
  const target = client as unknown as { _sendPacket: Send };
  const send = target._sendPacket.bind(client);

  const release = () => {
    while (queue[0]?.stored && queue[0].send) {
      const head = queue.shift()!;
      byId.delete(head.messageId);
      head.send!();
    }
  };
  target._sendPacket = (packet, cb) => {
    const held = packet.cmd === 'puback' ? byId.get(packet.messageId ?? -1) : undefined;
    if (!held) return send(packet, cb);
    held.send = () => send(packet);
    cb?.(); // mqtt.js reads the next message now
    release();
  };
  // What the broker was not told it got, it sends again on the next connection.
  client.on('close', () => {
    queue.length = 0;
    byId.clear();
  });
  return {
    hold(messageId) {
      const held: Held = { messageId, stored: false, send: null };
      queue.push(held);
      byId.set(messageId, held);
    },
    stored(messageId) {
      const held = byId.get(messageId);
      if (!held) return;
      held.stored = true;
      release();
    },
    get waiting() {
      return queue.length;
    },
  };
}
