/**
 * ESPresense nodes: `espresense/devices/<id>/<room>` with {id, idType?, mac?, rssi, rssi@1m, …}.
 * Every other `espresense/…` topic (rooms/<room>/telemetry, status, settings, companion output)
 * is the firmware's own chatter. The room names the gateway.
 */
import { normaliseDeviceId, normaliseMac } from '@rtls/contract';
import {
  chatter,
  isObject,
  macFromName,
  parseJson,
  refuse,
  reportsOf,
  type Parsed,
} from './shared.ts';

/**
 * ESPresense ids of this type and above name one device for good: beacons (Eddystone 170,
 * AltBeacon 175, iBeacon 180), known IRKs (200), known MACs (210) and user aliases (250).
 * Lower types are fingerprints shared by many devices (`apple:1005:9-26`, `msft:cdp:…`).
 */
const STABLE_ID_TYPE = 170;
const FINGERPRINT_KINDS = /^(apple|msft|md|sd|ad|name|exp|nearby|sonos|garmin|flora|mifit):/i;

/** The device key: a stable id when the firmware sent one, else the MAC (else the id as sent). */
function deviceKey(id: string, body: Record<string, unknown>): unknown {
  const idMac = normaliseMac(id);
  if (idMac) return idMac;
  const stable =
    typeof body.idType === 'number' ? body.idType >= STABLE_ID_TYPE : !FINGERPRINT_KINDS.test(id);
  if (stable && normaliseDeviceId(id)) return id;
  return normaliseMac(body.mac) ?? id;
}

/** Firmware chatter: every `espresense/…` topic but the device reports. */
export const isEspresenseChatter = (parts: string[]) =>
  parts[0] === 'espresense' && (parts[1] !== 'devices' || parts.length !== 4);

/**
 * What a node's gateway MAC is derived from: its room as the firmware puts it in topics
 * (lower case, runs of other characters as one underscore), so a node named "Upstairs Hallway"
 * in the companion's config is the gateway its reports come from.
 */
export const espresenseGatewayKey = (room: string) =>
  `espresense:${room
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '_')
    .replace(/^_+|_+$/g, '')}`;

export function parseEspresense(parts: string[], body: unknown): Parsed {
  if (isEspresenseChatter(parts)) return chatter('espresense');
  if (!isObject(body)) return refuse('espresense', 'not_an_object', 'Not a JSON object');
  const [, , topicId, room] = parts as [string, string, string, string];
  const id = typeof body.id === 'string' && body.id !== '' ? body.id : topicId;
  return reportsOf('espresense', [
    {
      gateway: macFromName(espresenseGatewayKey(room)),
      gatewayName: room,
      device: deviceKey(id, body),
      rssi: body.rssi,
      name: body.name ?? id,
      refRssi: body['rssi@1m'],
    },
  ]);
}

/** A node's telemetry topic: `espresense/rooms/<room>/telemetry`. */
export const isEspresenseTelemetry = (parts: string[]) =>
  parts[0] === 'espresense' &&
  parts[1] === 'rooms' &&
  parts[3] === 'telemetry' &&
  parts.length === 4;

/** Telemetry is chatter, and the node's heartbeat: the gateway is alive even with no tag near. */
export function parseEspresenseTelemetry(parts: string[], payload: Buffer): Parsed {
  const room = parts[2]!;
  const body = parseJson(payload.toString('utf8'));
  const ip = isObject(body) && typeof body.ip === 'string' && body.ip.length <= 64 ? body.ip : null;
  return {
    ok: true,
    format: 'espresense',
    reports: [],
    chatter: true,
    heartbeat: { gateway: macFromName(espresenseGatewayKey(room)), gatewayName: room, ip },
  };
}
