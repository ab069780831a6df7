/** Gateway reports accepted by the ingest pipeline (HTTP and MQTT). */
import { Type, type Static } from '@sinclair/typebox';
import { RSSI_MAX_DBM, RSSI_MIN_DBM } from './constants.ts';

/** Colon-separated MAC address, any case; stored upper case. */
export const MAC_PATTERN = '^[0-9A-Fa-f]{2}([:-]?[0-9A-Fa-f]{2}){5}$';
const MAC_REGEX = new RegExp(MAC_PATTERN);

/** A MAC already in upper-case colon form: what most gateways send, kept as it is. */
const CANONICAL_MAC_REGEX = /^[0-9A-F]{2}(:[0-9A-F]{2}){5}$/;

/** Normalise a MAC to upper-case colon form, or null when it is not a MAC. */
export function normaliseMac(raw: unknown): string | null {
  if (typeof raw !== 'string') return null;
  if (CANONICAL_MAC_REGEX.test(raw)) return raw;
  if (!MAC_REGEX.test(raw)) return null;
  const hex = raw.replace(/[:-]/g, '').toUpperCase();
  return hex.match(/.{2}/g)!.join(':');
}

/**
 * A stable device id that is not a MAC: `<kind>:<value>`, as ESPresense sends them (`irk:…`,
 * `iBeacon:<uuid>-<major>-<minor>`, aliases such as `watch:anna`) and as this product derives
 * them (`eddystone:<namespace>-<instance>`). Characters that would need escaping in a URL path
 * are refused, and so is a truncated MAC (`C3:00:00:00:00`), which is a typo rather than an id.
 */
const STABLE_ID_REGEX = /^[A-Za-z][A-Za-z0-9_.-]{0,31}:[A-Za-z0-9_.:@+~-]{1,120}$/;
const PARTIAL_MAC_REGEX = /^[0-9A-Fa-f]{2}([:-][0-9A-Fa-f]{2})+$/;

/** The longest device id (a MAC or a stable id) the API takes. */
export const DEVICE_ID_MAX_LENGTH = 64;

/** A device key: a MAC (normalised as normaliseMac does) or a stable id kept as sent; else null. */
export function normaliseDeviceId(raw: unknown): string | null {
  const mac = normaliseMac(raw);
  if (mac) return mac;
  if (typeof raw !== 'string') return null;
  const id = raw.trim();
  return id.length <= DEVICE_ID_MAX_LENGTH &&
    STABLE_ID_REGEX.test(id) &&
    !PARTIAL_MAC_REGEX.test(id)
    ? id
    : null;
}

export const IngestReport = Type.Object({
  gateway: Type.String({ description: 'Gateway MAC' }),
  device: Type.String({
    description: 'Device MAC, or a stable id such as irk:…, iBeacon:<uuid>-<major>-<minor>',
  }),
  rssi: Type.Number({ minimum: RSSI_MIN_DBM, maximum: RSSI_MAX_DBM }),
  timestamp: Type.Optional(
    Type.Union([Type.String(), Type.Number()], {
      description: 'ISO 8601 or epoch milliseconds; the receive time when missing',
    }),
  ),
  ip: Type.Optional(Type.String({ maxLength: 64 })),
  name: Type.Optional(Type.String({ maxLength: 200 })),
  gatewayName: Type.Optional(
    Type.String({ maxLength: 200, description: "The gateway's own name (a room, a host name)" }),
  ),
  refRssi: Type.Optional(
    Type.Number({
      minimum: RSSI_MIN_DBM,
      maximum: RSSI_MAX_DBM,
      description:
        "The device's own measured level at 1 m (dBm, ESPresense rssi@1m); positions use it as " +
        "the device's reference level when given",
    }),
  ),
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

/** An ingest key as listed to its owner (the key itself is shown only when created). */
export const IngestKeyInfo = Type.Object({
  id: Type.String(),
  name: Type.String(),
  createdAt: Type.String(),
  revokedAt: Type.Union([Type.String(), Type.Null()]),
  /** When a gateway last authenticated with it (to the minute); null if never. */
  lastUsedAt: Type.Union([Type.String(), Type.Null()]),
});
export type IngestKeyInfo = Static<typeof IngestKeyInfo>;

/** GET /api/ingest-keys: the account's keys, revoked ones included. */
export const IngestKeysResponse = Type.Object({ keys: Type.Array(IngestKeyInfo) });
export type IngestKeysResponse = Static<typeof IngestKeysResponse>;

export const IngestKeyCreateBody = Type.Object({
  name: Type.String({ maxLength: 100, default: '' }),
});
export type IngestKeyCreateBody = Static<typeof IngestKeyCreateBody>;

/** The answer to creating a key: the only time the key is shown. */
export const IngestKeyCreated = Type.Object({ key: Type.String(), info: IngestKeyInfo });
export type IngestKeyCreated = Static<typeof IngestKeyCreated>;
