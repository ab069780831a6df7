/**
 * Device store of spec §3: entities keyed by MAC, the available and monitored lists, the device
 * lifecycle of spec §4 (available ⇄ monitored), live merges and positions.
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
import { DEFAULT_LOCATE_SETTINGS, type LocateSettings } from '@rtls/positioning';
import { createPositioningEngine, type PositioningEngine } from './positioning-engine.ts';
import {
  filterForFleet,
  sameLocateSettings,
  type LocatedDevice,
  type MapFrame,
  type TrackingFilter,
} from './positioner.ts';

export interface LiveDevice extends Device {
  /** When the last live update was merged (ms). */
  updatedLocallyAt?: number;
}

interface DevicesState {
  entities: Record<string, LiveDevice>;
  /** The account's configured devices (GET /devices), monitored or not, keyed by MAC. */
  configured: Record<string, Device>;
  monitored: string[];
  monitoredLoaded: boolean;
  available: AvailableDevice[];
  availableLoading: boolean;
  availableError: string | null;
  loading: boolean;
  error: string | null;
  frame: MapFrame | null;
  /** The user's triangulation settings the engine locates with. */
  locateSettings: LocateSettings;
  loadMonitored: () => Promise<void>;
  /** GET /devices; a failure is only logged (spec §8). */
  loadConfigured: () => Promise<void>;
  loadAvailable: () => Promise<void>;
  /** available → monitored; throws the spec's error text on failure. */
  addToMonitoring: (mac: string, settings: DeviceMonitorBody) => Promise<void>;
  /** monitored → available (only when the provider still reports it). */
  removeFromMonitoring: (mac: string) => Promise<void>;
  deleteDevice: (mac: string) => Promise<void>;
  /** Rename, settings or positioning mode; keeps the live fields. */
  updateDevice: (mac: string, body: DeviceUpdateBody) => Promise<void>;
  /** Merge live updates into known devices only (unknown devices are not created). */
  applyUpdates: (updates: DeviceUpdate[]) => void;
  /** Positions computed by the positioning engine. */
  applyLocated: (results: LocatedDevice[]) => void;
  /** Set the current map's positioning frame and re-locate every device. */
  setFrame: (frame: MapFrame | null) => void;
  /** New triangulation settings: trackers start over with them and every device is re-located. */
  setLocateSettings: (settings: LocateSettings) => void;
  reset: () => void;
}

const initial = {
  entities: {},
  configured: {},
  monitored: [],
  monitoredLoaded: false,
  available: [],
  availableLoading: false,
  availableError: null,
  loading: false,
  error: null,
  frame: null,
  locateSettings: DEFAULT_LOCATE_SETTINGS,
};

/** Entity name of spec §4: the custom display name, else the name, else the MAC. */
export const entityName = (d: Pick<Device, 'mac' | 'name' | 'customSettings'>) =>
  d.customSettings.displayName?.trim() || d.name?.trim() || d.mac;

/**
 * The name of a device the provider reports (spec §3): its configured device's name (custom
 * display name first), else the reported name, else the MAC.
 */
export const reportedName = (
  d: { mac: string; name?: string | null },
  configured: Record<string, Device>,
) => {
  const known = configured[d.mac];
  return known ? entityName(known) : d.name?.trim() || d.mac;
};

let engine: PositioningEngine | null = null;
/** The tracking filter the engine's current frame uses; it follows the fleet's size. */
let engineFilter: TrackingFilter = 'grid';
const positioning = () =>
  (engine ??= createPositioningEngine((results) =>
    useDevicesStore.getState().applyLocated(results),
  ));

const withSignals = (devices: LiveDevice[]) =>
  devices.filter((d) => d.signal && Object.keys(d.signal).length > 0);

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
        entities[d.mac] = {
          ...d,
          name: entityName(d),
          position: prev?.position ?? null,
          triangulationInfo: prev?.triangulationInfo ?? null,
        };
      }
      set({ entities, monitored: list.map((d) => d.mac), monitoredLoaded: true, loading: false });
      if (filterForFleet(list.length) !== engineFilter) get().setFrame(get().frame);
      positioning().locate(withSignals(Object.values(entities)), Date.now());
    } catch (err) {
      set({ loading: false, error: (err as Error).message });
    }
  },
  async loadConfigured() {
    try {
      const list = await api.fetchDevices();
      set({ configured: Object.fromEntries(list.map((d) => [d.mac, d])) });
    } catch (err) {
      console.error('Failed to fetch devices', err);
    }
  },
  async loadAvailable() {
    set({ availableLoading: true, availableError: null });
    try {
      const list = await fetchAvailableDevices();
      set({ available: list.filter((d) => !d.isMonitored), availableLoading: false });
    } catch (err) {
      set({ availableLoading: false, availableError: (err as Error).message });
    }
  },
  async addToMonitoring(mac, settings) {
    const d = await api.monitorDevice(mac, settings);
    set((s) => ({
      entities: { ...s.entities, [d.mac]: { ...d, name: entityName(d), position: null } },
      configured: { ...s.configured, [d.mac]: d },
      monitored: s.monitored.includes(d.mac) ? s.monitored : [...s.monitored, d.mac],
      available: s.available.filter((a) => a.mac !== d.mac),
    }));
  },
  async removeFromMonitoring(mac) {
    const d = await api.unmonitorDevice(mac);
    set((s) => {
      const { [mac]: _gone, ...entities } = s.entities;
      const back: AvailableDevice = {
        mac: d.mac,
        name: d.name,
        lastSeenInAPI: d.lastSeenInAPI ?? '',
        firstSeen: d.createdAt ?? '',
        isMonitored: false,
      };
      return {
        entities,
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
    set((s) => {
      const { [mac]: _gone, ...entities } = s.entities;
      const { [mac]: _deleted, ...configured } = s.configured;
      return {
        entities,
        configured,
        monitored: s.monitored.filter((m) => m !== mac),
        available: s.available.filter((a) => a.mac !== mac),
      };
    });
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
    const { entities } = get();
    const now = Date.now();
    let next: Record<string, LiveDevice> | null = null;
    const toLocate: LiveDevice[] = [];
    for (const u of updates) {
      const prev = (next ?? entities)[u.mac];
      if (!prev) continue;
      next ??= { ...entities };
      const merged: LiveDevice = {
        ...prev,
        name: prev.customSettings.displayName || u.name || prev.name,
        signal: u.signal,
        lastSeen: u.lastSeen,
        rssi: u.rssi,
        strongestGateway: u.strongestGateway,
        updatedLocallyAt: now,
      };
      // A position computed by the server (same engine) is drawn as it comes. Known gap: it may be
      // on another of the user's maps than the one on screen (see the closing note of session 2).
      if (u.position) {
        merged.position = u.position;
        merged.triangulationInfo = u.triangulationInfo ?? null;
      } else toLocate.push(merged);
      next[u.mac] = merged;
    }
    if (!next) return;
    set({ entities: next });
    positioning().locate(toLocate, now);
  },
  applyLocated(results) {
    const { entities } = get();
    let next: Record<string, LiveDevice> | null = null;
    for (const r of results) {
      const prev = (next ?? entities)[r.mac];
      if (!prev) continue;
      if (prev.position === r.position && prev.triangulationInfo === r.triangulationInfo) continue;
      next ??= { ...entities };
      next[r.mac] = { ...prev, position: r.position, triangulationInfo: r.triangulationInfo };
    }
    if (next) set({ entities: next });
  },
  setFrame(frame) {
    set({ frame });
    engineFilter = filterForFleet(get().monitored.length);
    positioning().setFrame(frame, engineFilter, get().locateSettings);
    const all = Object.values(get().entities);
    // Devices without signals have nothing to locate from: they leave the map.
    const silent = all.filter((d) => !d.signal || Object.keys(d.signal).length === 0);
    if (silent.length > 0)
      get().applyLocated(
        silent.map((d) => ({ mac: d.mac, position: null, triangulationInfo: null })),
      );
    if (!frame) {
      get().applyLocated(all.map((d) => ({ mac: d.mac, position: null, triangulationInfo: null })));
      return;
    }
    positioning().locate(withSignals(all), Date.now());
  },
  setLocateSettings(settings) {
    if (sameLocateSettings(settings, get().locateSettings)) return;
    set({ locateSettings: settings });
    get().setFrame(get().frame);
  },
  reset: () => set(initial),
}));
