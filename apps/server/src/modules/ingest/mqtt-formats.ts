/**
 * Gateway formats over MQTT, turned into generic reports for the one pipeline:
 * - generic JSON on any other topic (a report, an array, or {"reports": [...]}), e.g. `rtls/ingest`;
 * - ESPresense: `espresense/devices/<id>/<room>` with {mac?, id, rssi, ...};
 * - OpenMQTTGateway / Theengs: `home/<gateway>/BTtoMQTT/<MAC>` with {id, rssi, name?, ...};
 * - Ruuvi Gateway: `ruuvi/<gatewayMac>/<tagMac>` with {gw_mac, rssi, ts, ...}.
 * Gateways that are known only by a name (ESPresense rooms, OpenMQTTGateway names) get a stable,
 * locally administered MAC derived from that name, so they can be placed like any other gateway.
 */
import { createHash } from 'node:crypto';
import { normaliseMac, type RejectReason } from '@rtls/contract';

export type MqttFormat = 'generic' | 'espresense' | 'openmqttgateway' | 'ruuvi';

export type Parsed =
  | { ok: true; format: MqttFormat; reports: unknown[] }
  | { ok: false; format: MqttFormat; reason: RejectReason };

/** The topics an ingest subscription listens to. */
export const INGEST_TOPICS = ['rtls/#', 'espresense/devices/#', 'home/+/BTtoMQTT/#', 'ruuvi/#'];

/** A stable locally administered MAC (02:…) for a gateway known only by its name. */
export function macFromName(name: string): string {
  const h = createHash('sha1').update(name).digest();
  const bytes = [0x02, h[0]!, h[1]!, h[2]!, h[3]!, h[4]!];
  return bytes.map((b) => b.toString(16).toUpperCase().padStart(2, '0')).join(':');
}

function json(payload: Buffer): unknown | undefined {
  if (payload.length > 1024 * 1024) return undefined;
  try {
    return JSON.parse(payload.toString('utf8'));
  } catch {
    return undefined;
  }
}

const isObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

/** Parse one MQTT message into reports (validated later by the pipeline), or a reject reason. */
export function parseMqttMessage(topic: string, payload: Buffer): Parsed {
  const parts = topic.split('/');
  const body = json(payload);
  const format: MqttFormat =
    parts[0] === 'espresense' && parts[1] === 'devices' && parts.length === 4
      ? 'espresense'
      : parts[0] === 'home' && parts[2] === 'BTtoMQTT' && parts.length === 4
        ? 'openmqttgateway'
        : parts[0] === 'ruuvi' && parts.length === 3
          ? 'ruuvi'
          : 'generic';
  if (body === undefined) return { ok: false, format, reason: 'invalid_json' };

  if (format === 'generic') {
    if (Array.isArray(body)) return { ok: true, format, reports: body };
    if (isObject(body) && Array.isArray(body.reports))
      return { ok: true, format, reports: body.reports };
    return isObject(body)
      ? { ok: true, format, reports: [body] }
      : { ok: false, format, reason: 'not_an_object' };
  }
  if (!isObject(body)) return { ok: false, format, reason: 'not_an_object' };

  if (format === 'espresense') {
    const [, , id, room] = parts as [string, string, string, string];
    const device = normaliseMac(body.mac) ?? normaliseMac(id) ?? macFromName(`espresense:${id}`);
    return {
      ok: true,
      format,
      reports: [
        {
          gateway: macFromName(`espresense:${room}`),
          device,
          rssi: body.rssi,
          name: body.name ?? id,
        },
      ],
    };
  }
  if (format === 'openmqttgateway') {
    const [, gatewayName, , mac] = parts as [string, string, string, string];
    return {
      ok: true,
      format,
      reports: [
        {
          gateway: normaliseMac(gatewayName) ?? macFromName(`omg:${gatewayName}`),
          device: body.id ?? mac,
          rssi: body.rssi,
          name: body.name,
        },
      ],
    };
  }
  // Ruuvi Gateway: timestamps are epoch seconds, as strings.
  const [, gatewayMac, tagMac] = parts as [string, string, string];
  return {
    ok: true,
    format,
    reports: [
      {
        gateway: body.gw_mac ?? gatewayMac,
        device: tagMac,
        rssi: body.rssi,
        timestamp: body.ts ?? body.gwts,
      },
    ],
  };
}
