/**
 * The one entry point for gateway bodies, over MQTT (topic + payload) and HTTP (body): it tells
 * the firmware by topic and content, turns the message into generic reports for the pipeline
 * (validated there), recognises firmware chatter, and refuses what it cannot read with a reason.
 * Formats: generic JSON, ESPresense, OpenMQTTGateway / Theengs, Ruuvi Gateway, Minew G1/MG3,
 * Ingics iGS, April Brother (MessagePack).
 */
import { INGEST_MAX_BODY_BYTES, type RejectReason } from '@rtls/contract';
import {
  decodeMessagePack,
  isAprilBrother,
  isMessagePack,
  parseAprilBrother,
} from './april-brother.ts';
import {
  isEspresenseChatter,
  isEspresenseTelemetry,
  parseEspresense,
  parseEspresenseTelemetry,
} from './espresense.ts';
import { isIngics, parseIngics } from './ingics.ts';
import { isMinew, parseMinew } from './minew.ts';
import { isOmgChatter, isOmgTopic, parseOmg } from './openmqttgateway.ts';
import {
  isRuuviChatter,
  isRuuviMqtt,
  parseRuuviHttp,
  parseRuuviMqtt,
  ruuviHttpData,
} from './ruuvi.ts';
import { chatter, isObject, parseJson, refuse, reportsOf, type Parsed } from './shared.ts';

export { macFromName, type Format, type GatewayHeartbeat, type Parsed } from './shared.ts';

/** The topics an external-broker subscription listens to. */
export const INGEST_TOPICS = [
  'rtls/#',
  'espresense/devices/#',
  'espresense/rooms/+/telemetry',
  'home/+/BTtoMQTT/#',
  'home/presence/#',
  'ruuvi/#',
];

type Content =
  | { kind: 'json'; body: unknown }
  | { kind: 'ingics'; text: string }
  | { kind: 'msgpack'; body: unknown }
  | { kind: 'unreadable'; reason: RejectReason; message: string };

function readContent(buf: Buffer): Content {
  if (buf.length > INGEST_MAX_BODY_BYTES)
    return { kind: 'unreadable', reason: 'batch_too_large', message: 'The body is too large' };
  if (isMessagePack(buf)) {
    const decoded = decodeMessagePack(buf);
    return decoded
      ? { kind: 'msgpack', body: decoded.body }
      : {
          kind: 'unreadable',
          reason: 'unknown_format',
          message: 'The body is not valid MessagePack',
        };
  }
  const text = buf.toString('utf8');
  if (isIngics(text)) return { kind: 'ingics', text };
  const body = parseJson(text);
  return body === undefined
    ? { kind: 'unreadable', reason: 'invalid_json', message: 'The body is not valid JSON' }
    : { kind: 'json', body };
}

const UNKNOWN_BODY =
  'The body is in no known format: send a report {gateway, device, rssi}, an array of reports, ' +
  '{"reports": [...]}, or a supported gateway format (see "Sending gateway reports" in the README)';

/** A report-like object: it names a gateway or carries an RSSI. */
const looksLikeReport = (o: Record<string, unknown>) =>
  ['gateway', 'gatewayMac', 'gw', 'rssi'].some((k) => k in o);

function parseJsonBody(body: unknown): Parsed {
  if (isMinew(body)) return parseMinew(body);
  const ruuvi = ruuviHttpData(body);
  if (ruuvi) return parseRuuviHttp(ruuvi);
  if (isAprilBrother(body)) return parseAprilBrother(body);
  if (Array.isArray(body)) return reportsOf('generic', body);
  if (isObject(body) && Array.isArray(body.reports)) return reportsOf('generic', body.reports);
  if (isObject(body) && looksLikeReport(body)) return reportsOf('generic', [body]);
  return refuse('generic', isObject(body) ? 'unknown_format' : 'not_an_object', UNKNOWN_BODY);
}

function parseContent(c: Content): Parsed {
  switch (c.kind) {
    case 'unreadable':
      return refuse('generic', c.reason, c.message);
    case 'ingics':
      return parseIngics(c.text);
    case 'msgpack':
      return isAprilBrother(c.body)
        ? parseAprilBrother(c.body)
        : refuse('april-brother', 'unknown_format', 'MessagePack without {mac, devices: [...]}');
    case 'json':
      return parseJsonBody(c.body);
  }
}

/** Parse one HTTP ingest body, whatever its Content-Type says (gateways often send none). */
export const parseHttpBody = (body: Buffer): Parsed => parseContent(readContent(body));

/** Parse one MQTT message into reports, chatter, or a refusal. */
export function parseMqttMessage(topic: string, payload: Buffer): Parsed {
  const parts = topic.split('/');
  if (isEspresenseTelemetry(parts)) return parseEspresenseTelemetry(parts, payload);
  if (isEspresenseChatter(parts)) return chatter('espresense');
  if (isOmgChatter(parts)) return chatter('openmqttgateway');
  if (isRuuviChatter(parts)) return chatter('ruuvi');
  const c = readContent(payload);
  if (c.kind !== 'json') return parseContent(c);
  if (parts[0] === 'espresense') return parseEspresense(parts, c.body);
  if (isOmgTopic(parts)) return parseOmg(parts, c.body);
  if (isRuuviMqtt(parts, c.body)) return parseRuuviMqtt(parts, c.body);
  return parseJsonBody(c.body);
}
