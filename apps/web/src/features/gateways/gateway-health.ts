/**
 * A gateway's health as the Gateways tab shows it: its last report is the later of what the
 * server listed and the newest live signal any device carries from it, so "2 min ago" stays
 * current while the gateway reports; online / stale / offline by the spec's list thresholds.
 */
import { useEffect, useState } from 'react';
import { useDevicesStore } from '../devices/devices-store.ts';

/** How often relative times and statuses are re-read while nothing else changes. */
const TICK_MS = 15_000;

const time = (v: string | null | undefined) => {
  const t = v ? Date.parse(v) : NaN;
  return Number.isFinite(t) ? t : null;
};

/** The later of the listed last-seen time and the newest live signal from `mac` (ISO), or null. */
export function useGatewayLastSeen(mac: string, listed: string | null | undefined): string | null {
  const live = useDevicesStore((s) => {
    let newest = 0;
    for (const d of Object.values(s.entities)) {
      const at = time(d.signal?.[mac]?.received_at);
      if (at !== null && at > newest) newest = at;
    }
    return newest;
  });
  const base = time(listed);
  const latest = Math.max(base ?? 0, live);
  return latest > 0 ? new Date(latest).toISOString() : null;
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
