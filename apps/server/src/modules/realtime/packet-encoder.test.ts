import { describe, expect, it } from 'vitest';
import { Encoder, PacketType, type Packet } from 'socket.io-parser';
import { socketParser } from './packet-encoder.ts';

const update = {
  mac: 'C3:00:00:00:00:01',
  name: 'Tag "one" \\ קבלה',
  signal: { 'AC:23:3F:00:00:01': { rssi: -61, lastSeen: '2026-01-01T00:00:00.000Z' } },
  position: { x: 12.5, y: 3 },
  mapId: null,
};

const defaultText = (p: Packet) => new Encoder().encode(p);
const ours = (p: Packet) => new socketParser.Encoder().encode(p);

describe('the realtime packet encoder', () => {
  it('writes device updates exactly as the default encoder does', () => {
    const packets: Packet[] = [
      { type: PacketType.EVENT, nsp: '/', data: ['device_update', update, update] },
      { type: PacketType.EVENT, nsp: '/live', data: ['device_update', update] },
      { type: PacketType.EVENT, nsp: '/', id: 7, data: ['device_update', update] },
    ];
    for (const p of packets) expect(ours(p)).toEqual(defaultText(p));
  });

  it('leaves other packets, binary ones too, to the default encoder', () => {
    const binary: Packet = { type: PacketType.EVENT, nsp: '/', data: ['blob', Buffer.from('x')] };
    const ack: Packet = { type: PacketType.ACK, nsp: '/', id: 3, data: [{ ok: true }] };
    const connect: Packet = { type: PacketType.CONNECT, nsp: '/', data: { sid: 'abc' } };
    for (const p of [binary, ack, connect]) expect(ours(p)).toEqual(defaultText(p));
    expect(ours(binary)).toHaveLength(2);
  });
});
