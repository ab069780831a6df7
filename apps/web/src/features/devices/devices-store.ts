/**
 * Device store: entities keyed by MAC, the available and monitored lists, the device
 * lifecycle (available ⇄ monitored), live merges, and the positions the server located
 * on the watched maps (map-positions.ts holds the merge rules).
 */
import { create } from 'zustand';
import type {
  AvailableDevice,
  Device,
  DeviceMonitorBody,
  DeviceUpdate,
  DeviceUpdateBody,
} from '@rtls/contract';
import { fetchAvailableDevices } from '../../api/available.ts';
import * as api from '../../api/devices.ts';
import { readAvailable, readByMac } from '../../state/by-mac.ts';
import { without, withoutKeys } from '../../state/records.ts';
import { fetchMapDevices } from '../../api/maps.ts';
import {
  entityName,
  mergeSnapshot,
  mergeUpdates,
  unplaced,
  watchMaps,
  type LiveDevice,
  type LiveSlice,
} from './map-positions.ts';

export { entityName, type LiveDevice } from './map-positions.ts';

interface DevicesState extends LiveSlice {
  /** The account's configured devices (GET /devices), monitored or not, keyed by MAC. */
  configured: Record<string, Device>;
  monitored: string[];
  monitoredLoaded: boolean;
  available: AvailableDevice[];
  availableLoading: boolean;
  availableError: string | null;
  loading: boolean;
  error: string | null;
  loadMonitored: () => Promise<void>;
  /** GET /devices; a failure is only logged (the list keeps what it had). */
  loadConfigured: () => Promise<void>;
  loadAvailable: () => Promise<void>;
  /** available → monitored; throws the call's API_ERRORS text on failure. */
  addToMonitoring: (mac: string, settings: DeviceMonitorBody) => Promise<void>;
  /** monitored → available (only when the provider still reports it). */
  removeFromMonitoring: (mac: string) => Promise<void>;
  deleteDevice: (mac: string) => Promise<void>;
  /** Rename, settings or positioning mode; keeps the live fields. */
  updateDevice: (mac: string, body: DeviceUpdateBody) => Promise<void>;
  /** Merge live updates: live fields, and positions onto the map each update names. */
  applyUpdates: (updates: DeviceUpdate[]) => void;
  /** Follow these maps' positions (the map on screen); fetches the ones newly watched. */
  watch: (mapIds: string[]) => void;
  /** The maps the server says the live connection watches (its answer; none while down). */
  confirmWatching: (mapIds: string[]) => void;
  /**
   * GET /maps/{id}/devices for every watched map: the server's answer replaces each map's
   * positions. Rejects when a call fails (the server is unreachable or refused the map).
   */
  refreshPositions: () => Promise<void>;
  reset: () => void;
}

const initial = {
  entities: {},
  visitors: {},
  positions: {},
  watched: [],
  confirmed: [],
  configured: {},
  monitored: [],
  monitoredLoaded: false,
  available: [],
  availableLoading: false,
  availableError: null,
  loading: false,
  error: null,
};

/**
 * The name of a device the gateways report: its configured device's name (custom
 * display name first), else the reported name, else the MAC.
 */
export const reportedName = (
  d: { mac: string; name?: string | null },
  configured: Record<string, Device>,
) => {
  const known = configured[d.mac];
  return known ? entityName(known) : d.name?.trim() || d.mac;
};

export const useDevicesStore = create<DevicesState>((set, get) => ({
  ...initial,
  async loadMonitored() {
    set({ loading: true, error: null });
    try {
      const list = await api.fetchMonitoredDevices();
      const prevAll = get().entities;
      const entities: Record<string, LiveDevice> = {};
      for (const d of list) {
        const prev = prevAll[d.mac];
        // A live update seen later than this answer keeps its fields.
        const newer =
          prev?.lastSeen && d.lastSeen && Date.parse(prev.lastSeen) > Date.parse(d.lastSeen);
        entities[d.mac] = newer ? { ...unplaced(d), ...live(prev) } : unplaced(d);
      }
      set((s) => ({
        entities,
        // A device listed as another account's while it was not monitored is now the account's own.
        visitors: withoutKeys(s.visitors, Object.keys(entities)),
        monitored: list.map((d) => d.mac),
        monitoredLoaded: true,
        loading: false,
      }));
    } catch (err) {
      set({ loading: false, error: (err as Error).message });
    }
  },
  async loadConfigured() {
    const configured = await readByMac(api.fetchDevices, 'devices');
    if (configured) set({ configured });
  },
  loadAvailable: () =>
    readAvailable(set, async () => (await fetchAvailableDevices()).filter((d) => !d.isMonitored)),
  async addToMonitoring(mac, settings) {
    const d = await api.monitorDevice(mac, settings);
    set((s) => ({
      entities: { ...s.entities, [d.mac]: unplaced(d) },
      visitors: without(s.visitors, d.mac),
      configured: { ...s.configured, [d.mac]: d },
      monitored: s.monitored.includes(d.mac) ? s.monitored : [...s.monitored, d.mac],
      available: s.available.filter((a) => a.mac !== d.mac),
    }));
  },
  async removeFromMonitoring(mac) {
    const d = await api.unmonitorDevice(mac);
    set((s) => {
      const back: AvailableDevice = {
        mac: d.mac,
        name: d.name,
        lastSeenInAPI: d.lastSeenInAPI ?? '',
        firstSeen: d.createdAt ?? '',
        isMonitored: false,
      };
      return {
        entities: without(s.entities, mac),
        configured: { ...s.configured, [d.mac]: d },
        monitored: s.monitored.filter((m) => m !== mac),
        available:
          d.isAvailableInAPI && !s.available.some((a) => a.mac === mac)
            ? [...s.available, back]
            : s.available,
      };
    });
  },
  async deleteDevice(mac) {
    await api.deleteDevice(mac);
    set((s) => ({
      entities: without(s.entities, mac),
      configured: without(s.configured, mac),
      monitored: s.monitored.filter((m) => m !== mac),
      available: s.available.filter((a) => a.mac !== mac),
    }));
  },
  async updateDevice(mac, body) {
    const d = await api.updateDevice(mac, body);
    set((s) => {
      const prev = s.entities[mac];
      const configured = { ...s.configured, [d.mac]: d };
      if (!prev) return { configured };
      return {
        configured,
        entities: {
          ...s.entities,
          [mac]: {
            ...prev,
            name: entityName(d),
            customSettings: d.customSettings,
            positioningMode: d.positioningMode,
            updatedAt: d.updatedAt,
          },
        },
      };
    });
  },
  applyUpdates(updates) {
    const change = mergeUpdates(get(), updates, Date.now());
    if (change) set(change);
  },
  watch(mapIds) {
    const before = get().watched;
    const change = watchMaps(get(), mapIds);
    if (!change) return;
    set(change);
    const added = get().watched.filter((id) => !before.includes(id));
    if (added.length > 0)
      void Promise.all(added.map(refreshMap)).catch((err: unknown) =>
        console.error('Failed to load map devices', err),
      );
  },
  confirmWatching(mapIds) {
    const before = get().confirmed;
    if (mapIds.length === before.length && mapIds.every((id) => before.includes(id))) return;
    set({ confirmed: [...mapIds] });
  },
  async refreshPositions() {
    await Promise.all(get().watched.map(refreshMap));
  },
  reset: () => set(initial),
}));

/** The live fields of a device (what updates change). */
const live = (d: LiveDevice) => ({
  signal: d.signal,
  lastSeen: d.lastSeen,
  rssi: d.rssi,
  strongestGateway: d.strongestGateway,
  updatedLocallyAt: d.updatedLocallyAt,
});

async function refreshMap(mapId: string) {
  const askedAt = Date.now();
  const devices = await fetchMapDevices(mapId);
  const change = mergeSnapshot(useDevicesStore.getState(), mapId, devices, askedAt, Date.now());
  if (change) useDevicesStore.setState(change);
}
