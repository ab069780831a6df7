/**
 * A gateway's health as the Gateways tab and the map markers show it: its last report is the
 * later of what the server listed and the newest live signal any device carries from it, so
 * "2 min ago" stays current while the gateway reports; online / stale / offline by the device
 * list's thresholds (listStatus), re-read on a tick so they age without new data.
 */
import { useEffect, useMemo, useState } from 'react';
import { listStatus, type Device, type ListStatus } from '@rtls/contract';
import { useDevicesStore } from '../devices/devices-store.ts';
import { statusClock } from '../live/freshness.ts';
import { useLiveStore } from '../live/live-store.ts';
import { changedKeysSince } from '../../state/records.ts';

/** How often relative times and statuses are re-read while nothing else changes. */
const TICK_MS = 15_000;

const time = (v: string | null | undefined) => {
  const t = v ? Date.parse(v) : NaN;
  return Number.isFinite(t) ? t : null;
};

/** Where toISOString's form (2026-11-23T12:00:00.000Z) has digits. */
const ISO_DIGITS = [0, 1, 2, 3, 5, 6, 8, 9, 11, 12, 14, 15, 17, 18, 20, 21, 22];

/**
 * Whether `v` has toISOString's form: two such texts compare as text as their times compare, so a
 * signal no newer than a gateway's newest is passed over without parsing its time.
 */
function isIsoForm(v: string): boolean {
  if (v.length !== 24 || v[4] !== '-' || v[7] !== '-' || v[10] !== 'T' || v[23] !== 'Z')
    return false;
  if (v[13] !== ':' || v[16] !== ':' || v[19] !== '.') return false;
  for (const i of ISO_DIGITS) {
    const c = v.charCodeAt(i);
    if (c < 48 || c > 57) return false;
  }
  return true;
}

/**
 * Newest live signal time (ms) per gateway MAC over every device's signals, kept up to date from
 * the devices whose entity changed since the last call: with thousands of devices, reading every
 * signal of every device on each live merge would take a good share of the page's time. A live
 * merge names the devices it changed (changedKeysSince), so only those are read; after any other
 * change the record is compared device by device, and when a device is gone (removed, or the
 * store reset) it is counted afresh from every device.
 */
export function createNewestSignals() {
  let seen: Readonly<Record<string, Device>> = {};
  let seenCount = 0;
  let newest = new Map<string, number>();
  /** Each gateway's newest signal time as received, when in toISOString's form. */
  const newestText = new Map<string, string>();
  const add = (into: Map<string, number>, d: Device) => {
    let changed = false;
    for (const mac in d.signal ?? {}) {
      const received = d.signal![mac]?.received_at;
      const best = newestText.get(mac);
      if (best !== undefined && received && received <= best && isIsoForm(received)) continue;
      const at = time(received);
      if (at === null || at <= (into.get(mac) ?? 0)) continue;
      into.set(mac, at);
      if (isIsoForm(received!)) newestText.set(mac, received!);
      else newestText.delete(mac);
      changed = true;
    }
    return changed;
  };
  /** The devices changed since `seen` and how many devices there are now; null when one is gone. */
  const changesOf = (entities: Readonly<Record<string, Device>>) => {
    const named = changedKeysSince(entities, seen);
    const changed: Device[] = [];
    let count = seenCount;
    if (named) {
      const added = new Set<string>();
      for (const key of named) {
        const d = entities[key];
        if (!d) return null;
        changed.push(d);
        if (key in seen || added.has(key)) continue;
        added.add(key);
        count++;
      }
      return { changed, count };
    }
    count = 0;
    let kept = 0;
    for (const key in entities) {
      count++;
      const d = entities[key]!;
      if (key in seen) kept++;
      if (seen[key] !== d) changed.push(d);
    }
    return kept < seenCount ? null : { changed, count };
  };
  return (entities: Readonly<Record<string, Device>>): ReadonlyMap<string, number> => {
    if (entities === seen) return newest;
    const changes = changesOf(entities);
    if (!changes) {
      newest = new Map();
      newestText.clear();
      seenCount = 0;
      for (const key in entities) {
        seenCount++;
        add(newest, entities[key]!);
      }
    } else {
      const next = new Map(newest);
      let changed = false;
      for (const d of changes.changed) changed = add(next, d) || changed;
      if (changed) newest = next;
      seenCount = changes.count;
    }
    seen = entities;
    return newest;
  };
}

/** The one running copy the hooks below read (the devices store is one for the page). */
const newestSignals = createNewestSignals();

/** The later of a listed last-seen time and a live one (ms), as ISO; null when neither is known. */
function latestOf(listed: string | null | undefined, live: number): string | null {
  const latest = Math.max(time(listed) ?? 0, live);
  return latest > 0 ? new Date(latest).toISOString() : null;
}

/** The later of the listed last-seen time and the newest live signal from `mac` (ISO), or null. */
export function useGatewayLastSeen(mac: string, listed: string | null | undefined): string | null {
  const live = useDevicesStore((s) => newestSignals(s.entities).get(mac) ?? 0);
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
  // While live updates are paused, statuses are read as of the pause (they cannot age unseen).
  const staleSince = useLiveStore((s) => s.staleSince);
  const now = statusClock(staleSince, useTick());
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
