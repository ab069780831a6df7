/**
 * The one authority on where devices are. Every accepted report is observed and handed to the
 * locating core (core.ts): in this thread, or in a locator worker so that locating never holds up
 * the server's I/O (worker-core.ts). The service keeps what the core last told of each device
 * (where it is, per map), which devices are on each map, the positions other instances publish,
 * and announces devices whose positions changed to its listeners (onLocated); new fixes become
 * trail points.
 */
import type { Sites } from '@rtls/positioning';
import type { FrameCache, OwnerFrames } from './frames.ts';
import type { TrailRecorder } from './recorder.ts';
import { createRemotePositions } from './remote.ts';
import {
  createLocatingCore,
  deviceKey,
  type LocatedChange,
  type LocatedOnMap,
  type LocatingStats,
  type ObservedReport,
  type TrailFix,
} from './core.ts';

import type { FloorChange } from './device-floors.ts';

export type { LocatedOnMap, ObservedReport } from './core.ts';
export type { FloorChange } from './device-floors.ts';

/** Where the locating core runs: what the service asks of it. */
export interface CoreHandle {
  /** Reports of monitored devices; `frames` are the owner's current frames. */
  observe(ownerId: string, frames: OwnerFrames, reports: readonly ObservedReport[]): void;
  /** The owner's frames changed: locate its devices now with these. */
  relocate(ownerId: string, frames: OwnerFrames): void;
  expire(now: number): void;
  settle(): void | Promise<void>;
  stats(): LocatingStats;
  close(): void | Promise<void>;
}

/** What a core handle reports back to the service. */
export interface CoreSink {
  onLocated: (changes: LocatedChange[]) => void;
  onTrail: (fix: TrailFix) => void;
}

export interface PositionsServiceOptions {
  frames: FrameCache;
  recorder: TrailRecorder;
  /** Where the core runs; by default in this thread (with the options below). */
  core?: (sink: CoreSink) => CoreHandle;
  intervalMs?: number;
  budgetMsPerS?: number;
  sliceMs?: number;
  onError?: (err: unknown) => void;
  /** The maps' sites, for a core in this thread; the core's own when absent. */
  sites?: Sites;
}

/** Told of devices whose positions changed (a new fix, or a map gained or lost), per owner. */
export type LocatedListener = (ownerId: string, macs: readonly string[]) => void;

/** Told when the server moves a device from one floor of a building to another. */
export type FloorListener = (ownerId: string, mac: string, change: FloorChange) => void;

/** How long positions of idle owners' frames are kept (ms). */
const IDLE_MS = 10 * 60_000;
/** How often devices that fell silent are dropped from their maps (ms). */
const EXPIRE_MS = 5_000;

interface LocalDevice {
  ownerId: string;
  mac: string;
  located: Map<string, LocatedOnMap>;
}

/** The core in this thread, reading the frame cache directly. */
export function inlineCore(
  frames: FrameCache,
  opts: {
    intervalMs?: number;
    budgetMsPerS?: number;
    sliceMs?: number;
    onError?: (err: unknown) => void;
    sites?: Sites;
  },
) {
  return (sink: CoreSink): CoreHandle => {
    const core = createLocatingCore({ owner: (id) => frames.get(id), ...sink, ...opts });
    return {
      observe: (ownerId, _frames, reports) => core.observe(ownerId, reports),
      relocate: (ownerId) => core.relocate(ownerId),
      expire: (now) => core.expire(now),
      settle: () => core.settle(),
      stats: () => core.stats(),
      close: () => core.close(),
    };
  };
}

export function createPositionsService({
  frames,
  recorder,
  core: makeCore,
  intervalMs,
  budgetMsPerS,
  sliceMs,
  onError = () => undefined,
  sites,
}: PositionsServiceOptions) {
  /** Devices the core here holds, with where it last located them. */
  const local = new Map<string, LocalDevice>();
  /** Devices another instance locates (a device located here is never taken from there). */
  const remote = createRemotePositions();
  /** Devices located on each map now (held here). */
  const onMaps = new Map<string, Set<string>>();
  /** The maps devices just left, while their change is announced to the listeners. */
  const leaving = new Map<string, string[]>();
  const listeners: LocatedListener[] = [];
  const fixListeners: ((fix: TrailFix) => void)[] = [];
  const floorListeners: FloorListener[] = [];
  const sink: CoreSink = {
    onLocated: applyChanges,
    onTrail: (fix) => {
      recorder.add(fix);
      for (const listener of fixListeners) listener(fix);
    },
  };
  const core = (
    makeCore ?? inlineCore(frames, { intervalMs, budgetMsPerS, sliceMs, onError, sites })
  )(sink);

  function applyChanges(changes: LocatedChange[]) {
    const byOwner = new Map<string, string[]>();
    for (const c of changes) {
      const key = deviceKey(c.ownerId, c.mac);
      const device = local.get(key) ?? { ownerId: c.ownerId, mac: c.mac, located: new Map() };
      const next = new Map(c.located.map((l) => [l.mapId, l]));
      const left: string[] = [];
      for (const mapId of device.located.keys())
        if (!next.has(mapId)) {
          onMaps.get(mapId)?.delete(key);
          left.push(mapId);
        }
      if (left.length > 0) leaving.set(key, left);
      for (const mapId of next.keys()) {
        let set = onMaps.get(mapId);
        if (!set) onMaps.set(mapId, (set = new Set()));
        set.add(key);
      }
      device.located = next;
      if (c.gone) local.delete(key);
      else local.set(key, device);
      const list = byOwner.get(c.ownerId);
      if (list) list.push(c.mac);
      else byOwner.set(c.ownerId, [c.mac]);
    }
    for (const [ownerId, macs] of byOwner)
      for (const listener of listeners) {
        try {
          listener(ownerId, macs);
        } catch (err) {
          onError(err);
        }
      }
    leaving.clear();
    for (const c of changes) for (const f of c.floorChanges ?? []) tellFloor(c, f);
  }

  function tellFloor(c: LocatedChange, f: FloorChange) {
    for (const listener of floorListeners) {
      try {
        listener(c.ownerId, c.mac, f);
      } catch (err) {
        onError(err);
      }
    }
  }

  /**
   * Re-locate an owner's devices now on freshly loaded frames; each device's locator starts its
   * track afresh where what it is located with changed (see the core's relocate).
   */
  function relocateOwner(ownerId: string) {
    frames.invalidate(ownerId);
    frames.reload(ownerId).then(() => {
      const owner = frames.get(ownerId);
      if (owner) core.relocate(ownerId, owner);
    }, onError);
  }

  /** Devices that fell silent leave their maps; devices idle for long are forgotten. */
  function expire(now = Date.now()) {
    core.expire(now);
    remote.expire(now);
    frames.sweep(IDLE_MS, now);
  }
  const sweeper = setInterval(expire, EXPIRE_MS);
  sweeper.unref();

  return {
    /**
     * Listen to devices whose positions changed, in the order listeners were added; leftMaps()
     * answers while they are told.
     */
    onLocated(listener: LocatedListener) {
      listeners.push(listener);
    },

    /** Listen to devices moved from one floor of a building to another (once per move). */
    onFloorChange(listener: FloorListener) {
      floorListeners.push(listener);
    },

    /** Listen to every new fix of a device on a map (as trails take them); must not wait. */
    onFix(listener: (fix: TrailFix) => void) {
      fixListeners.push(listener);
    },

    /**
     * Take accepted reports of one owner: each report of a monitored device joins its link
     * window, and the device is located soon; reports of placed gateways teach calibration.
     */
    async observe(ownerId: string, reports: readonly ObservedReport[]): Promise<void> {
      if (!frames.get(ownerId)) await frames.prepare([ownerId], onError);
      else void frames.prepare([ownerId], onError);
      const owner = frames.get(ownerId);
      if (!owner) return;
      const mine: ObservedReport[] = [];
      let last = '';
      for (const r of reports) {
        if (!owner.monitored.has(r.device)) {
          // A placed gateway heard by the others teaches its map's calibration (in the core).
          if (owner.gatewayMap.has(r.device)) mine.push(r);
          continue;
        }
        mine.push(r);
        if (r.device === last) continue;
        last = r.device;
        const key = deviceKey(ownerId, r.device);
        if (!local.has(key)) {
          local.set(key, { ownerId, mac: r.device, located: new Map() });
          remote.forget(key);
        }
      }
      if (mine.length > 0) core.observe(ownerId, owner, mine);
    },

    /** Where a device is now: one entry per map it is located on (here, or by another instance). */
    locatedOf(ownerId: string, mac: string): LocatedOnMap[] {
      const key = deviceKey(ownerId, mac);
      const located = local.get(key)?.located ?? remote.located(key);
      return located ? [...located.values()] : [];
    },

    /**
     * The maps a device has just left (while its change is announced to the listeners): their
     * readers are told at once that it is no longer there.
     */
    leftMaps(ownerId: string, mac: string): readonly string[] {
      return leaving.get(deviceKey(ownerId, mac)) ?? [];
    },

    /** The devices located on a map now, with their position there. */
    onMap(mapId: string): { ownerId: string; mac: string; located: LocatedOnMap }[] {
      const out: { ownerId: string; mac: string; located: LocatedOnMap }[] = [];
      for (const key of onMaps.get(mapId) ?? []) {
        const device = local.get(key);
        const located = device?.located.get(mapId);
        if (device && located) out.push({ ownerId: device.ownerId, mac: device.mac, located });
      }
      for (const r of remote.onMap(mapId))
        if (!local.has(r.key)) out.push({ ownerId: r.ownerId, mac: r.mac, located: r.located });
      return out;
    },

    /** Where another instance has located a device (from the updates it publishes). */
    adoptRemote(ownerId: string, mac: string, located: readonly LocatedOnMap[]) {
      const key = deviceKey(ownerId, mac);
      if (!local.has(key)) remote.adopt(key, ownerId, mac, located, Date.now());
    },

    /** An owner's gateways, devices or maps changed: re-locate that owner's devices now. */
    ownerChanged: relocateOwner,

    /** A map's scale, size or existence changed: re-locate every owner with gateways on it. */
    mapChanged(mapId: string) {
      for (const [ownerId, e] of [...frames.loaded()])
        if (e.value.maps.has(mapId)) relocateOwner(ownerId);
    },

    /** A user's triangulation settings changed: re-locate on every map that user owns. */
    settingsChanged(userId: string) {
      for (const [ownerId, e] of [...frames.loaded()])
        if ([...e.value.maps.values()].some((m) => m.mapOwnerId === userId)) relocateOwner(ownerId);
    },

    /** Run what the periodic sweep does now (tests). */
    expire,

    /** Run every queued and waiting locate now, regardless of budget and spacing (tests). */
    settle: () => core.settle(),

    /** Devices held, locates waiting, and slices put off because the budget was spent. */
    stats: () => core.stats(),

    async close() {
      clearInterval(sweeper);
      await core.close();
      await recorder.close();
    },
  };
}
export type PositionsService = ReturnType<typeof createPositionsService>;
