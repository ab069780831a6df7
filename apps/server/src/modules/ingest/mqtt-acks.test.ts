import { EventEmitter } from 'node:events';
import type { MqttClient } from 'mqtt';
import { describe, expect, it } from 'vitest';
import { holdAcksUntilStored } from './mqtt-acks.ts';

/** The part of an mqtt.js client the held acks touch: its packet sending and its events. */
function fakeClient() {
  const sent: string[] = [];
  const client = Object.assign(new EventEmitter(), {
    _sendPacket(packet: { cmd: string; messageId?: number }, cb?: () => void) {
      sent.push(`${packet.cmd} ${packet.messageId ?? ''}`.trim());
      cb?.();
    },
  });
  /** What mqtt.js does once a message's handler has called back: send its PUBACK. */
  const handled = (messageId: number) => {
    let read = false;
    (client as unknown as { _sendPacket: (p: object, cb: () => void) => void })._sendPacket(
      { cmd: 'puback', messageId },
      () => (read = true),
    );
    return read;
  };
  return { client: client as unknown as MqttClient, emitter: client, sent, handled };
}

describe('PUBACKs held until the store', () => {
  it('lets the next message be read at once but acknowledges each only once it is stored, in order', () => {
    const { client, sent, handled } = fakeClient();
    const acks = holdAcksUntilStored(client);
    for (const id of [1, 2, 3]) {
      acks.hold(id);
      expect(handled(id)).toBe(true);
    }
    expect(sent).toEqual([]);
    acks.stored(2);
    expect(sent).toEqual([]); // 1 is not stored yet: 2 waits behind it
    acks.stored(1);
    expect(sent).toEqual(['puback 1', 'puback 2']);
    acks.stored(3);
    expect(sent).toEqual(['puback 1', 'puback 2', 'puback 3']);
    expect(acks.waiting).toBe(0);
  });

  it('sends other packets, and PUBACKs of messages it does not hold, as they come', () => {
    const { client, sent, handled } = fakeClient();
    const acks = holdAcksUntilStored(client);
    acks.hold(7);
    handled(7);
    handled(8);
    (client as unknown as { _sendPacket: (p: object) => void })._sendPacket({ cmd: 'pingreq' });
    expect(sent).toEqual(['puback 8', 'pingreq']);
  });

  it('forgets what it holds when the connection closes: the broker sends those messages again', () => {
    const { client, emitter, sent, handled } = fakeClient();
    const acks = holdAcksUntilStored(client);
    acks.hold(1);
    handled(1);
    emitter.emit('close');
    acks.stored(1);
    expect(sent).toEqual([]);
    expect(acks.waiting).toBe(0);
  });
});
