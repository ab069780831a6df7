/** A device's live update as published, before the realtime fan-out adds a map's position. */
import type { DeviceUpdate, SignalMap } from '@rtls/contract';
import { isoMemo } from '../../lib/iso-memo.ts';

/** The updates of one publish share their `timestamp`. */
const isoOf = isoMemo();

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
