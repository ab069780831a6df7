/** What the pipeline publishes of a device: its update without a position, and where it is. */
import type { DeviceUpdate, SignalMap } from '@rtls/contract';
import type { LocatedOnMap } from '../positions/service.ts';
import type { CleanReport } from './validate.ts';

/** Server positions (the positions module); the pipeline feeds it and reads where devices are. */
export interface PositionSource {
  /** Every accepted report of one owner, after it is stored. */
  observe(ownerId: string, reports: readonly CleanReport[]): Promise<void>;
  /** Where a device is now, one entry per map it is located on. */
  locatedOf(ownerId: string, mac: string): LocatedOnMap[];
  /** The maps a device has just left, while its change is being published. */
  leftMaps?(ownerId: string, mac: string): readonly string[];
  /** Where another instance, which locates the device, published it. */
  adoptRemote(ownerId: string, mac: string, located: readonly LocatedOnMap[]): void;
}

/** The last time turned into text: the updates of one publish share their `timestamp`. */
let lastMs = NaN;
let lastIso = '';
function isoOf(ms: number): string {
  if (ms !== lastMs) [lastMs, lastIso] = [ms, new Date(ms).toISOString()];
  return lastIso;
}

/** A device's update without a position: its signals, strongest gateway and times. */
export function liveUpdate(
  mac: string,
  name: string,
  signal: SignalMap,
  lastSeenMs: number,
  nowMs: number,
): DeviceUpdate {
  let strongest: string | null = null;
  let best = -Infinity;
  for (const gw in signal) if (signal[gw]!.rssi > best) [best, strongest] = [signal[gw]!.rssi, gw];
  return {
    mac,
    name,
    signal,
    lastSeen: new Date(lastSeenMs).toISOString(),
    timestamp: isoOf(nowMs),
    mapId: null,
    position: null,
    strongestGateway: strongest,
    rssi: strongest ? best : null,
  };
}
