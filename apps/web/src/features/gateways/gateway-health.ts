/**
 * A gateway's health as the Gateways tab and the map markers show it: its last report is the
 * later of what the server listed and the newest live signal any device carries from it, so
 * "2 min ago" stays current while the gateway reports; online / stale / offline by the spec's
 * list thresholds, re-read on a tick so they age without new data.
 */
import { useEffect, useMemo, useState } from 'react';
import { listStatus, type Device, type ListStatus } from '@rtls/contract';
import { useDevicesStore } from '../devices/devices-store.ts';

/** How often relative times and statuses are re-read while nothing else changes. */
const TICK_MS = 15_000;

const time = (v: string | null | undefined) => {
  const t = v ? Date.parse(v) : NaN;
  return Number.isFinite(t) ? t : null;
};

/** The newest live signal (ms) from `mac` that any device carries; 0 when none does. */
function newestSignal(entities: Readonly<Record<string, Device>>, mac: string): number {
  let newest = 0;
  for (const d of Object.values(entities)) {
    const at = time(d.signal?.[mac]?.received_at);
    if (at !== null && at > newest) newest = at;
  }
  return newest;
}

/** Newest live signal time (ms) per gateway MAC, over every device's signals. */
function newestSignals(entities: Readonly<Record<string, Device>>): Map<string, number> {
  const out = new Map<string, number>();
  for (const d of Object.values(entities)) {
    for (const [mac, s] of Object.entries(d.signal ?? {})) {
      const at = time(s?.received_at);
      if (at !== null && at > (out.get(mac) ?? 0)) out.set(mac, at);
    }
  }
  return out;
}

/** The later of a listed last-seen time and a live one (ms), as ISO; null when neither is known. */
function latestOf(listed: string | null | undefined, live: number): string | null {
  const latest = Math.max(time(listed) ?? 0, live);
  return latest > 0 ? new Date(latest).toISOString() : null;
}

/** The later of the listed last-seen time and the newest live signal from `mac` (ISO), or null. */
export function useGatewayLastSeen(mac: string, listed: string | null | undefined): string | null {
  const live = useDevicesStore((s) => newestSignal(s.entities, mac));
  return latestOf(listed, live);
}

/** Re-render every TICK_MS, so relative times and statuses age without new data. */
export function useTick(): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), TICK_MS);
    return () => clearInterval(timer);
  }, []);
  return now;
}

/** What the statuses are read from: a gateway's MAC and its listed last-seen time. */
interface Listed {
  mac: string;
  lastSeen?: string | null;
}

/**
 * Every gateway's health now, by MAC. The caller re-renders when a status changes (a live
 * signal brings a gateway online, or time makes it stale), not on every live update.
 */
export function useGatewayStatuses(
  gateways: readonly Listed[],
): Readonly<Record<string, ListStatus>> {
  const now = useTick();
  // One primitive per state of the statuses, so live updates that change none re-render nothing.
  const key = useDevicesStore((s) => {
    const live = newestSignals(s.entities);
    return gateways
      .map((g) => `${g.mac}\t${listStatus(latestOf(g.lastSeen, live.get(g.mac) ?? 0), now)}`)
      .join('\n');
  });
  return useMemo(() => {
    const out: Record<string, ListStatus> = {};
    for (const line of key.split('\n')) {
      const [mac, status] = line.split('\t') as [string, ListStatus | undefined];
      if (status) out[mac] = status;
    }
    return out;
  }, [key]);
}
