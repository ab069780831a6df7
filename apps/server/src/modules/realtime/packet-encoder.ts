/**
 * Socket.IO's packet encoding with one shortcut: a `device_update` event is plain JSON by
 * contract, so it is written as text without the default encoder's search of every value for
 * binary data (a walk over each update, at thousands of updates a second). Every other packet,
 * and the decoding, is the library's. The text is the same as the default encoder's.
 */
import { Decoder, Encoder, PacketType, type Packet } from 'socket.io-parser';

/** A non-binary packet as the default encoder writes it: type, namespace, ack id, JSON data. */
export function packetText(packet: Packet): string {
  let text = String(packet.type);
  if (packet.nsp && packet.nsp !== '/') text += `${packet.nsp},`;
  if (packet.id !== undefined && packet.id !== null) text += packet.id;
  if (packet.data !== undefined && packet.data !== null) text += JSON.stringify(packet.data);
  return text;
}

class LiveUpdateEncoder extends Encoder {
  override encode(packet: Packet): unknown[] {
    const plain =
      packet.type === PacketType.EVENT &&
      Array.isArray(packet.data) &&
      packet.data[0] === 'device_update';
    return plain ? [packetText(packet)] : super.encode(packet);
  }
}

/** The `parser` option of the realtime server. */
export const socketParser = { Encoder: LiveUpdateEncoder, Decoder };
