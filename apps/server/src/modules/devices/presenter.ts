/** Device rows → the contract's Device, with the strongest signal derived. */
import { DEFAULT_MOVEMENT_SPEED, type Device, type SignalMap } from '@rtls/contract';
import type { DeviceRow, SignalRow } from './repository.ts';

export function presentDevice(row: DeviceRow, signals: SignalRow[] = []): Device {
  const signal: SignalMap = {};
  let strongest: string | null = null;
  let best = -Infinity;
  for (const s of signals) {
    signal[s.gateway_mac] = {
      rssi: s.rssi,
      received_at: new Date(s.received_at).toISOString(),
      ip: s.ip,
    };
    if (s.rssi > best) [best, strongest] = [s.rssi, s.gateway_mac];
  }
  const cs = row.custom_settings ?? {};
  const lastSeen = row.last_seen ? new Date(row.last_seen).toISOString() : null;
  return {
    _id: row.id,
    mac: row.mac,
    name: cs.displayName || row.name || row.mac,
    customSettings: cs,
    position: null,
    rssi: strongest ? best : null,
    signal,
    lastSeen,
    lastSeenInAPI: lastSeen,
    strongestGateway: strongest,
    positioningMode: row.positioning_mode,
    triangulationInfo: null,
    isMonitored: row.is_monitored,
    isAvailableInAPI: lastSeen !== null,
    movementSpeed: DEFAULT_MOVEMENT_SPEED,
    createdAt: new Date(row.created_at).toISOString(),
    updatedAt: new Date(row.updated_at).toISOString(),
  };
}

/**
 * A device's signals as a reader of a shared or public map sees them: the gateways and levels,
 * not the owner's network addresses.
 */
export function signalForReader(signal: SignalMap): SignalMap {
  const out: SignalMap = {};
  for (const gw in signal) out[gw] = { ...signal[gw]!, ip: null };
  return out;
}
