/**
 * OpenMQTTGateway and Theengs Gateway:
 * - `home/<gateway>/BTtoMQTT/<MAC>` with {id, rssi, name?, …} (one message per advertisement);
 * - presence: `home/presence/<gateway>` (Theengs: `home/presence/TheengsGateway`) with
 *   {id, rssi, distance, name?}, the feed that still flows when only sensors are published;
 * - chatter: `home/<gateway>/LWT`, `…/SYStoMQTT`, `…/commands/…` and Home Assistant discovery.
 * A gateway known by a name gets a MAC derived from it, and keeps the name.
 */
import { normaliseMac, withKeys } from '@rtls/contract';
import {
  chatter,
  iBeaconId,
  isObject,
  macFromName,
  refuse,
  reportsOf,
  type Parsed,
} from './shared.ts';

/** Theengs decodes iBeacons into {uuid, major, minor}: the beacon's stable id. */
function deviceOf(body: Record<string, unknown>, fallback: string | undefined): unknown {
  const { uuid, major, minor } = body;
  if (typeof uuid === 'string' && typeof major === 'number' && typeof minor === 'number')
    return iBeaconId(uuid, major, minor);
  return body.id ?? body.mac ?? fallback;
}

const gatewayOf = (name: string) => ({
  gateway: normaliseMac(name) ?? macFromName(`omg:${name}`),
  gatewayName: name,
});

/** True for a topic this firmware family owns (reports or chatter). */
export function isOmgTopic(parts: string[]): boolean {
  if (parts[0] === 'homeassistant') return true;
  if (parts[0] !== 'home' || parts.length < 3) return false;
  if (parts[1] === 'presence') return true;
  return /^[A-Za-z0-9]+toMQTT$/.test(parts[2]!) || ['LWT', 'commands'].includes(parts[2]!);
}

const isPresence = (parts: string[]) => parts[1] === 'presence' && parts.length === 3;
const isAdvert = (parts: string[]) => parts[2] === 'BTtoMQTT' && parts.length === 4;

/** Firmware chatter: the family's topics that carry no advertisement. */
export const isOmgChatter = (parts: string[]) =>
  isOmgTopic(parts) && !isPresence(parts) && !isAdvert(parts);

export function parseOmg(parts: string[], body: unknown): Parsed {
  const presence = isPresence(parts);
  const advert = isAdvert(parts);
  if (!presence && !advert) return chatter('openmqttgateway');
  if (!isObject(body)) return refuse('openmqttgateway', 'not_an_object', 'Not a JSON object');
  const gatewayName = presence
    ? typeof body.gatewayname === 'string' && body.gatewayname !== ''
      ? body.gatewayname
      : parts[2]!
    : parts[1]!;
  return reportsOf('openmqttgateway', [
    withKeys(gatewayOf(gatewayName), {
      device: deviceOf(body, advert ? parts[3] : undefined),
      rssi: body.rssi,
      name: body.name,
    }),
  ]);
}
