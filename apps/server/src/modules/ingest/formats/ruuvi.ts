/**
 * Ruuvi Gateway.
 * - MQTT: `<prefix>/<gateway MAC>/<tag MAC>` with {gw_mac, rssi, ts | gwts, data}, whatever the
 *   prefix (the gateway's MAC is in the body; an external broker needs it in MQTT_TOPICS);
 *   `<prefix>/<gateway MAC>/gw_status` is chatter.
 *   `ts` is epoch seconds, as a number or a string.
 * - HTTP POST: {"data": {"gw_mac", "timestamp", "tags": {"<tag MAC>": {rssi, timestamp, data}}}}.
 */
import { isObject, chatter, refuse, reportsOf, type Parsed } from './shared.ts';

/** The gateway's connection status (`online` / `offline`): chatter. */
export const isRuuviChatter = (parts: string[]) =>
  parts.length >= 2 && parts.at(-1) === 'gw_status';

/**
 * A Ruuvi MQTT message: the body names the gateway (gw_mac) and the last topic level the tag,
 * under any prefix (several levels, or none: the gateway's prefix options may all be off).
 */
export const isRuuviMqtt = (parts: string[], body: unknown) =>
  (parts[0] === 'ruuvi' && parts.length === 3) ||
  (isObject(body) && typeof body.gw_mac === 'string');

export function parseRuuviMqtt(parts: string[], body: unknown): Parsed {
  if (isRuuviChatter(parts)) return chatter('ruuvi');
  if (!isObject(body)) return refuse('ruuvi', 'not_an_object', 'Not a JSON object');
  return reportsOf('ruuvi', [
    {
      gateway: body.gw_mac ?? parts.at(-2),
      device: parts.at(-1),
      rssi: body.rssi,
      timestamp: body.ts ?? body.gwts,
    },
  ]);
}

/** A Ruuvi Gateway HTTP body (its `data` object), or null when the body is not one. */
export function ruuviHttpData(body: unknown): Record<string, unknown> | null {
  if (!isObject(body) || !isObject(body.data)) return null;
  const { data } = body;
  return typeof data.gw_mac === 'string' && isObject(data.tags) ? data : null;
}

export function parseRuuviHttp(data: Record<string, unknown>): Parsed {
  const tags = data.tags as Record<string, unknown>;
  return reportsOf(
    'ruuvi',
    Object.entries(tags).map(([tag, t]) =>
      isObject(t) ? { gateway: data.gw_mac, device: tag, rssi: t.rssi, timestamp: t.timestamp } : t,
    ),
  );
}
