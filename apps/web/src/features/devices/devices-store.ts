/** Device store of spec §3: entities keyed by MAC, the monitored list, live merges and positions. */
import { create } from 'zustand';
import type { Device, DeviceUpdate } from '@rtls/contract';
import { fetchMonitoredDevices } from '../../api/devices.ts';
import { locateDevice, type MapFrame } from './positioner.ts';

export interface LiveDevice extends Device {
  /** When the last live update was merged (ms). */
  updatedLocallyAt?: number;
}

interface DevicesState {
  entities: Record<string, LiveDevice>;
  monitored: string[];
  monitoredLoaded: boolean;
  loading: boolean;
  error: string | null;
  frame: MapFrame | null;
  loadMonitored: () => Promise<void>;
  /** Merge live updates into known devices only (unknown devices are not created). */
  applyUpdates: (updates: DeviceUpdate[]) => void;
  /** Set the current map's positioning frame and re-locate every device. */
  setFrame: (frame: MapFrame | null) => void;
  reset: () => void;
}

const initial = {
  entities: {},
  monitored: [],
  monitoredLoaded: false,
  loading: false,
  error: null,
  frame: null,
};

export const useDevicesStore = create<DevicesState>((set, get) => ({
  ...initial,
  async loadMonitored() {
    set({ loading: true, error: null });
    try {
      const list = await fetchMonitoredDevices();
      const now = Date.now();
      const { frame } = get();
      const entities: Record<string, LiveDevice> = {};
      for (const d of list) {
        const prev = get().entities[d.mac];
        entities[d.mac] = {
          ...d,
          ...locateDevice(
            { ...d, position: prev?.position, triangulationInfo: prev?.triangulationInfo },
            frame,
            now,
          ),
        };
      }
      set({ entities, monitored: list.map((d) => d.mac), monitoredLoaded: true, loading: false });
    } catch (err) {
      set({ loading: false, error: (err as Error).message });
    }
  },
  applyUpdates(updates) {
    const { entities, frame } = get();
    const now = Date.now();
    let next: Record<string, LiveDevice> | null = null;
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
      const located = u.position
        ? { position: u.position, triangulationInfo: u.triangulationInfo ?? null }
        : locateDevice(merged, frame, now);
      next[u.mac] = { ...merged, ...located };
    }
    if (next) set({ entities: next });
  },
  setFrame(frame) {
    const now = Date.now();
    const entities: Record<string, LiveDevice> = {};
    for (const [mac, d] of Object.entries(get().entities)) {
      entities[mac] = {
        ...d,
        ...locateDevice({ ...d, position: null, triangulationInfo: null }, frame, now),
      };
    }
    set({ frame, entities });
  },
  reset: () => set(initial),
}));
