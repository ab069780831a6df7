/** Device rules: configured devices keyed by MAC or stable id, monitoring on and off, names and fallbacks. */
import { randomUUID } from 'node:crypto';
import {
  SIGNAL_POPUP_RECENCY_MS,
  normaliseDeviceId,
  type DeviceCreateBody,
  type DeviceMonitorBody,
  type Device,
  type DeviceUpdateBody,
} from '@rtls/contract';
import { badRequest, conflict, notFound } from '../../lib/errors.ts';
import { presentDevice } from './presenter.ts';
import type { DeviceRow, DevicesRepository, SignalRow } from './repository.ts';

const fixTime = (l: Pick<Device, 'triangulationInfo'>) =>
  Date.parse(l.triangulationInfo?.lastCalculated ?? '') || 0;

/** A device id (MAC or stable id) in the path, normalised; an _id is passed through for lookups. */
export const pathKey = (id: string) => normaliseDeviceId(id) ?? id;

const BAD_DEVICE_ID =
  'The device id is not valid (expected a MAC XX:XX:XX:XX:XX:XX or an id such as irk:…)';

/** Where the server has located a device now, one entry per map (the positions module). */
export type LocatedOf = (
  ownerId: string,
  mac: string,
) => readonly Pick<Device, 'position' | 'triangulationInfo' | 'mapId'>[];

/**
 * `changed` hears of every device saved or removed, with its owner: what is monitored and how it
 * is located changes at once. With `locatedOf`, each device carries its newest located position
 * (and that position's map).
 */
export function devicesService(
  repo: DevicesRepository,
  changed: (ownerId: string) => void = () => undefined,
  locatedOf?: LocatedOf,
) {
  /** The device's newest fix among the maps it is located on now. */
  function newest(ownerId: string, mac: string) {
    let best: ReturnType<LocatedOf>[number] | null = null;
    for (const l of locatedOf?.(ownerId, mac) ?? [])
      if (!best || fixTime(l) > fixTime(best)) best = l;
    return (
      best && {
        position: best.position,
        triangulationInfo: best.triangulationInfo,
        mapId: best.mapId,
      }
    );
  }

  async function withSignals(ownerId: string, rows: DeviceRow[]) {
    const signals = await repo.latestSignals(
      ownerId,
      rows.map((r) => r.mac),
      Date.now() - SIGNAL_POPUP_RECENCY_MS,
    );
    const byDevice = new Map<string, SignalRow[]>();
    for (const s of signals) byDevice.set(s.device_mac, [...(byDevice.get(s.device_mac) ?? []), s]);
    return rows.map((r) => {
      const d = presentDevice(r, byDevice.get(r.mac));
      const at = newest(ownerId, r.mac);
      return at ? { ...d, ...at } : d;
    });
  }
  async function one(ownerId: string, key: string) {
    const row = await repo.find(ownerId, key);
    if (!row) throw notFound('Device');
    return (await withSignals(ownerId, [row]))[0]!;
  }

  return {
    all: async (ownerId: string) => withSignals(ownerId, await repo.all(ownerId)),
    monitored: async (ownerId: string) => withSignals(ownerId, await repo.monitored(ownerId)),
    /** The owner's devices with these MACs (those that exist). */
    some: async (ownerId: string, macs: string[]) =>
      withSignals(ownerId, await repo.byMacs(ownerId, macs)),

    async create(ownerId: string, body: DeviceCreateBody) {
      const mac = normaliseDeviceId(body.mac);
      if (!mac) throw badRequest(BAD_DEVICE_ID);
      if (await repo.find(ownerId, mac)) throw conflict('A device with this MAC already exists');
      await repo.upsert({
        id: randomUUID(),
        ownerId,
        mac,
        name: body.name?.trim() || (await repo.heardName(ownerId, mac)) || mac,
        customSettings: body.customSettings ?? {},
        isMonitored: false,
        positioningMode: body.positioningMode,
      });
      changed(ownerId);
      return one(ownerId, mac);
    },

    async update(ownerId: string, key: string, body: DeviceUpdateBody) {
      const row = await repo.find(ownerId, pathKey(key));
      if (!row) throw notFound('Device');
      await repo.update(row.id, {
        name: body.name?.trim() ?? row.name,
        customSettings: { ...row.custom_settings, ...body.customSettings },
        positioningMode: body.positioningMode ?? row.positioning_mode,
        isMonitored: row.is_monitored,
      });
      changed(ownerId);
      return one(ownerId, row.mac);
    },

    async remove(ownerId: string, key: string) {
      const row = await repo.find(ownerId, pathKey(key));
      if (!row) throw notFound('Device');
      await repo.remove(row.id);
      changed(ownerId);
    },

    /** Add to monitoring: the entity name is the display name, else the name, else the MAC. */
    async monitor(ownerId: string, key: string, body: DeviceMonitorBody) {
      const mac = normaliseDeviceId(key);
      if (!mac) throw badRequest(BAD_DEVICE_ID);
      const row = await repo.find(ownerId, mac);
      const { name, ...settings } = body;
      const customSettings = { ...row?.custom_settings, ...settings };
      const baseName = name?.trim() || row?.name || (await repo.heardName(ownerId, mac)) || mac;
      await repo.upsert({
        id: row?.id ?? randomUUID(),
        ownerId,
        mac,
        name: baseName,
        customSettings,
        isMonitored: true,
        positioningMode: row?.positioning_mode,
      });
      changed(ownerId);
      return one(ownerId, mac);
    },

    async unmonitor(ownerId: string, key: string) {
      const row = await repo.find(ownerId, pathKey(key));
      if (!row) throw notFound('Device');
      await repo.update(row.id, {
        name: row.name,
        customSettings: row.custom_settings,
        positioningMode: row.positioning_mode,
        isMonitored: false,
      });
      changed(ownerId);
      return one(ownerId, row.mac);
    },
  };
}
export type DevicesService = ReturnType<typeof devicesService>;
