/**
 * Newly heard devices and gateways: what the account's gateways hear that it does not monitor and
 * the user has not dismissed yet. The lists load when the session starts; a live update naming a
 * device or gateway the console does not know reloads the list it belongs to. A live update may
 * come before its report is stored, so a MAC the list does not have yet is asked for again a few
 * times, further apart each time. Dismissed MACs are remembered per account in this browser.
 */
import { create } from 'zustand';
import type { AvailableDevice, AvailableGateway, DeviceUpdate } from '@rtls/contract';
import { fetchAvailableDevices, fetchAvailableGateways } from '../../api/available.ts';
import { GATEWAY_DAYS_FILTER_DEFAULT, STORAGE_KEYS } from '../../constants.ts';
import { useDevicesStore } from '../devices/devices-store.ts';
import { useGatewaysStore } from '../gateways/gateways-store.ts';

export type HeardKind = 'devices' | 'gateways';

/** Waits before asking again for MACs that live updates named and the list did not have. */
export const HEARD_RETRY_DELAYS_MS = [1000, 2000, 4000, 8000, 16_000] as const;
/** A MAC still missing after the retries is asked for again only after this long. */
export const HEARD_GIVE_UP_MS = 60_000;
/** Most dismissed MACs remembered per kind (the newest). */
const SEEN_LIMIT = 5000;

interface HeardState {
  /** The account's email, whose dismissals are kept; null: no session. */
  account: string | null;
  /** Heard, not monitored. */
  devices: AvailableDevice[];
  /** Heard within the Add Gateway dialog's default days, not monitored. */
  gateways: AvailableGateway[];
  /** MACs the user dismissed (or opened the Add dialog for). */
  seen: Record<HeardKind, string[]>;
  /** Start a session's announcements: its dismissals and both lists. */
  start: (account: string) => void;
  /** Load both lists again (after the live connection was down). */
  reload: () => Promise<void>;
  /** Live updates: a device or gateway the console does not know reloads its list. */
  notice: (updates: readonly DeviceUpdate[]) => void;
  /** These MACs were announced and the user has dealt with them: not announced again. */
  markSeen: (kind: HeardKind, macs: readonly string[]) => void;
  reset: () => void;
}

const seenKey = (account: string) => `${STORAGE_KEYS.heardSeenPrefix}${account}`;

function storedSeen(account: string): Record<HeardKind, string[]> {
  try {
    const raw = JSON.parse(localStorage.getItem(seenKey(account)) ?? '{}') as Partial<
      Record<HeardKind, unknown>
    >;
    const list = (v: unknown) =>
      Array.isArray(v) ? v.filter((m): m is string => typeof m === 'string') : [];
    return { devices: list(raw.devices), gateways: list(raw.gateways) };
  } catch {
    return { devices: [], gateways: [] };
  }
}

/** One list's lookups: MACs asked for and not found yet, retried, then left for a while. */
function createLookup(load: () => Promise<string[] | null>) {
  const pending = new Set<string>();
  const givenUp = new Map<string, number>();
  let attempt = 0;
  let timer: ReturnType<typeof setTimeout> | null = null;

  const schedule = () => {
    timer = setTimeout(() => void run(), HEARD_RETRY_DELAYS_MS[attempt]);
  };
  async function run() {
    const found = new Set(await load());
    for (const mac of found) pending.delete(mac);
    timer = null;
    if (pending.size === 0) {
      attempt = 0;
      return;
    }
    if (attempt + 1 < HEARD_RETRY_DELAYS_MS.length) {
      attempt++;
      schedule();
      return;
    }
    const now = Date.now();
    for (const mac of pending) givenUp.set(mac, now);
    pending.clear();
    attempt = 0;
  }
  return {
    /** Whether the MAC is being looked up, or was given up on a moment ago. */
    busy(mac: string, now: number) {
      if (pending.has(mac)) return true;
      const since = givenUp.get(mac);
      if (since === undefined) return false;
      if (now - since < HEARD_GIVE_UP_MS) return true;
      givenUp.delete(mac);
      return false;
    },
    ask(macs: readonly string[]) {
      if (macs.length === 0) return;
      for (const mac of macs) pending.add(mac);
      if (timer === null) schedule();
    },
    stop() {
      if (timer !== null) clearTimeout(timer);
      timer = null;
      pending.clear();
      givenUp.clear();
      attempt = 0;
    },
  };
}

/** The lists' MACs, for the per-update checks. */
let heardDevices = new Set<string>();
let heardGateways = new Set<string>();

const initial = {
  account: null,
  devices: [],
  gateways: [],
  seen: { devices: [], gateways: [] },
};

export const useHeardStore = create<HeardState>((set, get) => {
  /**
   * Loads one heard list; every heard MAC, or null when the call failed (only logged). Only the
   * answer to the latest call is kept: an earlier one may not have the newest MACs.
   */
  function latestList<T extends { mac: string; isMonitored: boolean }>(
    kind: 'devices' | 'gateways',
    fetchAll: () => Promise<T[]>,
    keep: (all: T[]) => void,
  ) {
    let latest = 0;
    return {
      async load(): Promise<string[] | null> {
        const call = ++latest;
        try {
          const all = await fetchAll();
          if (call === latest && get().account !== null) keep(all);
          return all.map((x) => x.mac);
        } catch (err) {
          console.error(`Failed to fetch available ${kind}`, err);
          return null;
        }
      },
      /** Answers still on their way are dropped. */
      drop() {
        latest++;
      },
    };
  }
  const deviceList = latestList('devices', fetchAvailableDevices, (all) => {
    heardDevices = new Set(all.map((d) => d.mac));
    set({ devices: all.filter((d) => !d.isMonitored) });
  });
  const gatewayList = latestList(
    'gateways',
    () => fetchAvailableGateways(GATEWAY_DAYS_FILTER_DEFAULT),
    (all) => {
      heardGateways = new Set(all.map((g) => g.mac));
      set({ gateways: all.filter((g) => !g.isMonitored) });
    },
  );
  const loadDevices = deviceList.load;
  const loadGateways = gatewayList.load;
  const deviceLookup = createLookup(loadDevices);
  const gatewayLookup = createLookup(loadGateways);

  return {
    ...initial,
    start(account) {
      set({ account, seen: storedSeen(account) });
      void get().reload();
    },
    async reload() {
      await Promise.all([loadDevices(), loadGateways()]);
    },
    notice(updates) {
      if (get().account === null) return;
      const own = useDevicesStore.getState().entities;
      const gateways = useGatewaysStore.getState();
      const now = Date.now();
      const newDevices = new Set<string>();
      const newGateways = new Set<string>();
      for (const u of updates) {
        // Only the owner gets updates without a map; a device on a watched map may be another
        // account's (a shared map), whose gateways are not this account's to add.
        if (u.mapId && !own[u.mac]) continue;
        if (!own[u.mac] && !heardDevices.has(u.mac) && !deviceLookup.busy(u.mac, now))
          newDevices.add(u.mac);
        for (const gw of Object.keys(u.signal)) {
          if (gateways.all[gw] || gateways.entities[gw] || heardGateways.has(gw)) continue;
          if (!gatewayLookup.busy(gw, now)) newGateways.add(gw);
        }
      }
      deviceLookup.ask([...newDevices]);
      gatewayLookup.ask([...newGateways]);
    },
    markSeen(kind, macs) {
      const { account, seen } = get();
      if (account === null || macs.length === 0) return;
      const kept = [...seen[kind].filter((m) => !macs.includes(m)), ...macs].slice(-SEEN_LIMIT);
      const next = { ...seen, [kind]: kept };
      set({ seen: next });
      try {
        localStorage.setItem(seenKey(account), JSON.stringify(next));
      } catch (err) {
        console.error('Failed to remember dismissed devices', err);
      }
    },
    reset() {
      // Answers still on their way belong to the session that ended.
      deviceList.drop();
      gatewayList.drop();
      deviceLookup.stop();
      gatewayLookup.stop();
      heardDevices = new Set();
      heardGateways = new Set();
      set(initial);
    },
  };
});

/**
 * What to announce: heard, not monitored now (the console's own lists are fresher than the
 * heard ones after an add), and not seen.
 */
export function unseen<T extends { mac: string }>(
  heard: readonly T[],
  seen: readonly string[],
  monitored: (mac: string) => boolean,
): T[] {
  const dismissed = new Set(seen);
  return heard.filter((h) => !dismissed.has(h.mac) && !monitored(h.mac));
}
