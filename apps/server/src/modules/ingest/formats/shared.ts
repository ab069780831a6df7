/** What every gateway format shares: the parse result, name-derived MACs, advertisement ids. */
import { createHash } from 'node:crypto';
import type { RejectReason } from '@rtls/contract';

export type Format =
  'generic' | 'espresense' | 'openmqttgateway' | 'ruuvi' | 'minew' | 'ingics' | 'april-brother';

/** A gateway saying it is alive (ESPresense telemetry): its health, without a device report. */
export interface GatewayHeartbeat {
  gateway: string;
  gatewayName: string | null;
  ip: string | null;
}

/**
 * A parsed message: reports for the pipeline (validated there), possibly none (firmware chatter
 * such as status and telemetry, or a gateway that heard nothing), or why the body was refused.
 */
export type Parsed =
  | { ok: true; format: Format; reports: unknown[]; chatter?: true; heartbeat?: GatewayHeartbeat }
  | { ok: false; format: Format; reason: RejectReason; message: string };

export const reportsOf = (format: Format, reports: unknown[]): Parsed => ({
  ok: true,
  format,
  reports,
});
export const chatter = (format: Format): Parsed => ({
  ok: true,
  format,
  reports: [],
  chatter: true,
});
export const refuse = (format: Format, reason: RejectReason, message: string): Parsed => ({
  ok: false,
  format,
  reason,
  message,
});

export const isObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

/** JSON text, or undefined when it is not JSON. */
export function parseJson(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

/** A stable locally administered MAC (02:…) for a gateway known only by its name. */
export function macFromName(name: string): string {
  const h = createHash('sha1').update(name).digest();
  const bytes = [0x02, h[0]!, h[1]!, h[2]!, h[3]!, h[4]!];
  return bytes.map((b) => b.toString(16).toUpperCase().padStart(2, '0')).join(':');
}

/** The iBeacon id in ESPresense's spelling, so one beacon is one device whichever gateway hears it. */
export const iBeaconId = (uuid: string, major: number, minor: number) =>
  `iBeacon:${uuid.toLowerCase()}-${major}-${minor}`;

export const eddystoneId = (namespace: string, instance: string) =>
  `eddystone:${namespace.toLowerCase()}-${instance.toLowerCase()}`;

const uuidOf = (hex: string) =>
  `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20, 32)}`;

/**
 * The stable id carried in raw advertising data (hex): an iBeacon (Apple manufacturer data
 * 4C00 0215 + UUID + major + minor) or an Eddystone-UID (service data FEAA, frame 00 +
 * namespace + instance); null for anything else, which is then known by its MAC.
 */
export function idFromAdvertisement(hex: string): string | null {
  if (!/^([0-9A-Fa-f]{2})*$/.test(hex)) return null;
  const bytes = Buffer.from(hex, 'hex');
  for (let i = 0; i + 1 < bytes.length;) {
    const len = bytes[i]!;
    if (len === 0 || i + 1 + len > bytes.length) break;
    const type = bytes[i + 1]!;
    const data = bytes.subarray(i + 2, i + 1 + len);
    if (type === 0xff && data.length >= 25 && data.readUInt32BE(0) === 0x4c000215) {
      const uuid = uuidOf(data.subarray(4, 20).toString('hex'));
      return iBeaconId(uuid, data.readUInt16BE(20), data.readUInt16BE(22));
    }
    if (type === 0x16 && data.length >= 20 && data.readUInt16BE(0) === 0xaafe && data[2] === 0)
      return eddystoneId(
        data.subarray(4, 14).toString('hex'),
        data.subarray(14, 20).toString('hex'),
      );
    i += 1 + len;
  }
  return null;
}
