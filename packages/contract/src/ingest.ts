/** Gateway reports accepted by the ingest pipeline (HTTP and MQTT). */
import { Type, type Static } from '@sinclair/typebox';
import { RSSI_MAX_DBM, RSSI_MIN_DBM } from './constants.ts';

/** Colon-separated MAC address, any case; stored upper case. */
export const MAC_PATTERN = '^[0-9A-Fa-f]{2}([:-]?[0-9A-Fa-f]{2}){5}$';
const MAC_REGEX = new RegExp(MAC_PATTERN);

/** Normalise a MAC to upper-case colon form, or null when it is not a MAC. */
export function normaliseMac(raw: unknown): string | null {
  if (typeof raw !== 'string' || !MAC_REGEX.test(raw)) return null;
  const hex = raw.replace(/[:-]/g, '').toUpperCase();
  return hex.match(/.{2}/g)!.join(':');
}

export const IngestReport = Type.Object({
  gateway: Type.String({ description: 'Gateway MAC' }),
  device: Type.String({ description: 'Device MAC' }),
  rssi: Type.Number({ minimum: RSSI_MIN_DBM, maximum: RSSI_MAX_DBM }),
  timestamp: Type.Optional(
    Type.Union([Type.String(), Type.Number()], {
      description: 'ISO 8601 or epoch milliseconds; the receive time when missing',
    }),
  ),
  ip: Type.Optional(Type.String({ maxLength: 64 })),
  name: Type.Optional(Type.String({ maxLength: 200 })),
});
export type IngestReport = Static<typeof IngestReport>;

export const INGEST_MAX_BATCH = 5_000;
/** Largest ingest message in bytes: an HTTP body, or an MQTT packet on the embedded broker. */
export const INGEST_MAX_BODY_BYTES = 2 * 1024 * 1024;
/** Reports older or newer than this relative to the server clock are rejected. */
export const INGEST_MAX_PAST_MS = 24 * 3600_000;
export const INGEST_MAX_FUTURE_MS = 5 * 60_000;

export const REJECT_REASONS = [
  'invalid_json',
  'not_an_object',
  'bad_gateway_mac',
  'bad_device_mac',
  'bad_rssi',
  'bad_timestamp',
  'timestamp_too_old',
  'timestamp_in_future',
  'batch_too_large',
  'unknown_format',
] as const;
export type RejectReason = (typeof REJECT_REASONS)[number];

export const IngestResponse = Type.Object({
  accepted: Type.Integer(),
  rejected: Type.Integer(),
  reasons: Type.Record(Type.String(), Type.Integer()),
});
export type IngestResponse = Static<typeof IngestResponse>;
