/**
 * Minew G1 / MG3 gateways post (HTTP) or publish (MQTT) a JSON array whose element of
 * {"type": "Gateway", "mac": …} names the gateway; every other element is one advertisement:
 * {type, mac, rssi, timestamp, bleName?, ibeaconUuid?, ibeaconMajor?, ibeaconMinor?, rawData?}.
 * MACs come without separators; timestamps are ISO 8601 (G1) or epoch milliseconds (MG3).
 */
import {
  eddystoneId,
  iBeaconId,
  idFromAdvertisement,
  isObject,
  reportsOf,
  type Parsed,
} from './shared.ts';

const isGateway = (e: unknown): e is Record<string, unknown> =>
  isObject(e) && typeof e.type === 'string' && e.type.toLowerCase() === 'gateway';

/** True when the array is a Minew upload (it has the gateway element). */
export const isMinew = (body: unknown): body is unknown[] =>
  Array.isArray(body) && body.some(isGateway);

function deviceOf(e: Record<string, unknown>): unknown {
  const { ibeaconUuid, ibeaconMajor, ibeaconMinor, namespace, instance } = e;
  if (
    typeof ibeaconUuid === 'string' &&
    typeof ibeaconMajor === 'number' &&
    typeof ibeaconMinor === 'number'
  )
    return iBeaconId(ibeaconUuid, ibeaconMajor, ibeaconMinor);
  if (typeof namespace === 'string' && typeof instance === 'string')
    return eddystoneId(namespace, instance);
  const fromRaw = typeof e.rawData === 'string' ? idFromAdvertisement(e.rawData) : null;
  return fromRaw ?? e.mac;
}

export function parseMinew(body: unknown[]): Parsed {
  const gateway = body.find(isGateway)!.mac;
  return reportsOf(
    'minew',
    body
      .filter((e) => !isGateway(e))
      .map((e) =>
        isObject(e)
          ? {
              gateway,
              device: deviceOf(e),
              rssi: e.rssi,
              timestamp: e.timestamp,
              name: typeof e.bleName === 'string' && e.bleName !== '' ? e.bleName : undefined,
            }
          : e,
      ),
  );
}
