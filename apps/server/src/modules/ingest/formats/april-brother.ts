/**
 * April Brother BLE Gateway V4 posts (HTTP) or publishes (MQTT) MessagePack:
 * {v, mid, time, ip, mac, devices: [frame…]}, each frame the raw bytes
 * `<adv type:1><device MAC:6><RSSI:1, two's complement><advertising data…>`.
 * In its JSON mode a frame is [type, MAC, RSSI, advertising data hex] (or the bytes in hex).
 */
import { decode } from '@msgpack/msgpack';
import { idFromAdvertisement, isObject, reportsOf, type Parsed } from './shared.ts';

/** The first byte of a MessagePack map (fixmap, map16, map32). */
export const isMessagePack = (buf: Buffer) =>
  buf.length > 0 && ((buf[0]! & 0xf0) === 0x80 || buf[0] === 0xde || buf[0] === 0xdf);

/** True when a decoded body is an April Brother upload. */
export const isAprilBrother = (body: unknown): body is Record<string, unknown> =>
  isObject(body) && Array.isArray(body.devices) && typeof body.mac === 'string';

function frameReport(gateway: unknown, ip: unknown, frame: unknown): unknown {
  if (Array.isArray(frame)) {
    const [, mac, rssi, adv] = frame as unknown[];
    const id = typeof adv === 'string' ? idFromAdvertisement(adv) : null;
    return { gateway, device: id ?? mac, rssi, ip };
  }
  const bytes =
    frame instanceof Uint8Array
      ? Buffer.from(frame)
      : typeof frame === 'string' && /^([0-9A-Fa-f]{2})+$/.test(frame)
        ? Buffer.from(frame, 'hex')
        : null;
  if (!bytes || bytes.length < 8) return frame;
  const mac = bytes.subarray(1, 7).toString('hex');
  return {
    gateway,
    device: idFromAdvertisement(bytes.subarray(8).toString('hex')) ?? mac,
    rssi: bytes.readInt8(7),
    ip,
  };
}

export function parseAprilBrother(body: Record<string, unknown>): Parsed {
  const devices = body.devices as unknown[];
  return reportsOf(
    'april-brother',
    devices.map((f) => frameReport(body.mac, body.ip, f)),
  );
}

/** Decode a MessagePack body; null when it is not valid MessagePack. */
export function decodeMessagePack(buf: Buffer): { body: unknown } | null {
  try {
    return { body: decode(buf) };
  } catch {
    return null;
  }
}
