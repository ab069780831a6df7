/** Validation of one gateway report: a clean report or the reason it was rejected. */
import {
  INGEST_MAX_FUTURE_MS,
  INGEST_MAX_PAST_MS,
  RSSI_MAX_DBM,
  RSSI_MIN_DBM,
  normaliseDeviceId,
  normaliseMac,
  type RejectReason,
} from '@rtls/contract';

/** A report that passed validation, normalised. */
export interface CleanReport {
  gateway: string;
  /** A MAC, or a stable id (irk:…, iBeacon:…) for devices whose address rotates. */
  device: string;
  rssi: number;
  receivedAt: number;
  ip: string | null;
  name: string | null;
  /** The gateway's own name as its firmware sent it (an ESPresense room), if any. */
  gatewayName?: string | null;
  /** The device's own measured level at 1 m (dBm) when the report states it. */
  refRssi?: number;
}

export type Checked = { ok: true; report: CleanReport } | { ok: false; reason: RejectReason };

function parseTimestamp(raw: unknown, now: number): number | null | undefined {
  if (raw === undefined || raw === null) return undefined;
  if (typeof raw === 'number') {
    if (!Number.isFinite(raw)) return null;
    // Seconds are common from embedded gateways; milliseconds otherwise.
    return raw < 1e11 ? raw * 1000 : raw;
  }
  if (typeof raw === 'string' && raw.length <= 40) {
    const t = /^\d+(\.\d+)?$/.test(raw) ? parseTimestamp(Number(raw), now) : Date.parse(raw);
    return t !== undefined && t !== null && Number.isFinite(t) ? t : null;
  }
  return null;
}

/** Free text of a report; NUL characters cannot be stored as text and are dropped. */
const text = (v: unknown) => {
  const clean = typeof v === 'string' ? v.replaceAll('\u0000', '').trim() : '';
  return clean !== '' ? clean.slice(0, 200) : null;
};

/** A number as a number or a numeric string, or null. */
function numberOf(v: unknown): number | null {
  const n = typeof v === 'string' && v.trim() !== '' ? Number(v) : v;
  return typeof n === 'number' && Number.isFinite(n) ? n : null;
}

const isRssi = (n: number | null): n is number =>
  n !== null && n >= RSSI_MIN_DBM && n <= RSSI_MAX_DBM;

/** Validate one raw report (already parsed from JSON); `now` is the server clock. */
export function checkReport(raw: unknown, now: number): Checked {
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw))
    return { ok: false, reason: 'not_an_object' };
  const r = raw as Record<string, unknown>;
  const gateway = normaliseMac(r.gateway ?? r.gatewayMac ?? r.gw);
  if (!gateway) return { ok: false, reason: 'bad_gateway_mac' };
  const device = normaliseDeviceId(r.device ?? r.mac ?? r.deviceMac);
  if (!device) return { ok: false, reason: 'bad_device_mac' };
  const rssi = numberOf(r.rssi);
  if (!isRssi(rssi)) return { ok: false, reason: 'bad_rssi' };
  const ts = parseTimestamp(r.timestamp ?? r.ts ?? r.received_at, now);
  if (ts === null) return { ok: false, reason: 'bad_timestamp' };
  const receivedAt = Math.round(ts ?? now);
  if (receivedAt < now - INGEST_MAX_PAST_MS) return { ok: false, reason: 'timestamp_too_old' };
  if (receivedAt > now + INGEST_MAX_FUTURE_MS) return { ok: false, reason: 'timestamp_in_future' };
  const ip = typeof r.ip === 'string' && r.ip.length <= 64 ? r.ip.replaceAll('\u0000', '') : null;
  const name = text(r.name);
  const gatewayName = text(r.gatewayName);
  const report: CleanReport = { gateway, device, rssi, receivedAt, ip, name, gatewayName };
  // A level the device states is optional: one out of range is ignored, the report kept.
  const refRssi = numberOf(r.refRssi);
  if (isRssi(refRssi)) report.refRssi = refRssi;
  return { ok: true, report };
}
