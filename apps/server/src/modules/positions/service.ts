/**
 * The one authority on where devices are. Every accepted report is observed: it joins its
 * (device, gateway) link window. Each monitored device is then located at most once per
 * TRAIL_POINT_SPACING_MS on every map whose placed gateways heard it within the live window
 * (MAX_SIGNAL_AGE_MS), each map with its own locator (keep-the-last rule included). Locating runs
 * off the live-update path (see scheduler.ts). Each new fix becomes a trail point, and devices whose
 * maps or fixes changed are handed to onLocated for publishing. A report whose device is one of
 * the owner's placed gateways is free calibration instead: what the other gateways hear of it
 * teaches that map's site calibration (once per spacing per gateway).
 */
import { TRAIL_POINT_SPACING_MS, type Point, type TriangulationInfo } from '@rtls/contract';
import {
  calibrateFromGateway,
  createDeviceLocator,
  createLinkWindows,
  MAX_SIGNAL_AGE_MS,
  observationsFromLinks,
  type DeviceLocator,
} from '@rtls/positioning';
import { linksByMap, settingsKey, type FrameCache, type OwnerFrames } from './frames.ts';
import type { TrailRecorder } from './recorder.ts';
import { createRemotePositions } from './remote.ts';
import { createScheduler } from './scheduler.ts';

/** A device's position on one map. */
export interface LocatedOnMap {
  mapId: string;
  position: Point;
  triangulationInfo: TriangulationInfo;
}

/** What the service reads of an accepted report. */
export interface ObservedReport {
  device: string;
  gateway: string;
  rssi: number;
  receivedAt: number;
}

interface DeviceState {
  ownerId: string;
  mac: string;
  /** One locator per map the device is heard on, with the mode and settings it was built with. */
  locators: Map<string, { config: string; locator: DeviceLocator }>;
  /** Where the device is now, per map. */
  located: Map<string, LocatedOnMap>;
  locatedAt: number;
  heardAt: number;
}

export interface PositionsServiceOptions {
  frames: FrameCache;
  recorder: TrailRecorder;
  /** Devices whose positions changed (a new fix, or a map gained or lost), per owner. */
  onLocated?: (ownerId: string, macs: string[]) => void;
  intervalMs?: number;
  budgetMsPerS?: number;
  sliceMs?: number;
  onError?: (err: unknown) => void;
}

/** How long a device's state is kept without reports. */
const IDLE_MS = 10 * 60_000;
/** How often devices that fell silent are dropped from their maps (ms). */
const EXPIRE_MS = 5_000;

const deviceKey = (ownerId: string, mac: string) => `${ownerId}|${mac}`;

export function createPositionsService({
  frames,
  recorder,
  onLocated = () => undefined,
  intervalMs = TRAIL_POINT_SPACING_MS,
  budgetMsPerS,
  sliceMs,
  onError = () => undefined,
}: PositionsServiceOptions) {
  const links = createLinkWindows();
  const states = new Map<string, DeviceState>();
  /** Devices another instance locates (a device located here is never taken from there). */
  const remote = createRemotePositions();
  /** Devices located on each map now. */
  const onMaps = new Map<string, Set<string>>();
  /** Devices whose positions changed since the last hand-over to onLocated. */
  const changed = new Set<string>();
  /** When each gateway heard by the others last taught its map (report time, ms). */
  const taught = new Map<string, number>();
  const scheduler = createScheduler({
    run: locate,
    afterSlice: handOver,
    ...(budgetMsPerS === undefined ? {} : { budgetMsPerS }),
    ...(sliceMs === undefined ? {} : { sliceMs }),
    onError,
  });

  function setLocated(key: string, state: DeviceState, next: Map<string, LocatedOnMap>) {
    const prev = state.located;
    let differs = prev.size !== next.size;
    for (const [mapId, l] of next) if (prev.get(mapId) !== l) differs = true;
    if (!differs) return;
    for (const mapId of prev.keys()) if (!next.has(mapId)) onMaps.get(mapId)?.delete(key);
    for (const mapId of next.keys()) {
      let set = onMaps.get(mapId);
      if (!set) onMaps.set(mapId, (set = new Set()));
      set.add(key);
    }
    state.located = next;
    changed.add(key);
  }

  function locate(key: string, now: number) {
    const state = states.get(key);
    if (!state) return;
    const owner = frames.get(state.ownerId);
    // While the owner's frames reload after a change, the device waits for the re-location.
    if (!owner) return;
    const mode = owner.monitored.get(state.mac);
    const next = new Map<string, LocatedOnMap>();
    state.locatedAt = now;
    const heard = mode ? linksByMap(owner, links.summaries(key, now)) : new Map();
    for (const mapId of state.locators.keys()) if (!heard.has(mapId)) state.locators.delete(mapId);
    for (const [mapId, mapLinks] of heard) {
      const map = owner.maps.get(mapId)!;
      const config = `${mode}|${settingsKey(map.settings)}`;
      let entry = state.locators.get(mapId);
      const fresh = !entry || entry.config !== config;
      if (!entry || fresh) {
        entry = { config, locator: createDeviceLocator({ mode: mode!, settings: map.settings }) };
        state.locators.set(mapId, entry);
      }
      const before = entry.locator.last;
      const fix = entry.locator.update(map.frame, observationsFromLinks(mapLinks, now), now);
      const prev = state.located.get(mapId);
      // A locator started afresh (after a change) keeps the device's last position until it has
      // a good fix of its own, as the locator itself would.
      if (!fix && fresh && prev && map.settings.enabled) next.set(mapId, prev);
      if (!fix) continue;
      next.set(mapId, prev && fix === before ? prev : { mapId, ...fix });
      if (fix !== before) {
        recorder.add({ ownerId: state.ownerId, mac: state.mac, mapId, ...fix.position, at: now });
      }
    }
    setLocated(key, state, next);
    if (!mode) forget(key, state);
  }

  function forget(key: string, state: DeviceState) {
    setLocated(key, state, new Map());
    states.delete(key);
    links.forget(key);
  }

  function handOver() {
    if (changed.size === 0) return;
    const byOwner = new Map<string, string[]>();
    for (const key of changed) {
      const state = states.get(key);
      const [ownerId, mac] = state ? [state.ownerId, state.mac] : splitKey(key);
      const list = byOwner.get(ownerId);
      if (list) list.push(mac);
      else byOwner.set(ownerId, [mac]);
    }
    changed.clear();
    for (const [ownerId, macs] of byOwner) {
      try {
        onLocated(ownerId, macs);
      } catch (err) {
        onError(err);
      }
    }
  }

  const splitKey = (key: string): [string, string] => {
    const i = key.lastIndexOf('|');
    return [key.slice(0, i), key.slice(i + 1)];
  };

  /**
   * Re-locate an owner's devices now, with fresh frames and fresh locators (a track smoothed under
   * the old anchors would hold the old answer for a while).
   */
  function relocateOwner(ownerId: string) {
    frames.invalidate(ownerId);
    frames.reload(ownerId).then(() => {
      for (const [key, state] of states) {
        if (state.ownerId !== ownerId) continue;
        state.locators.clear();
        scheduler.queue(key);
      }
    }, onError);
  }

  /** A placed gateway heard by the others: its map's site calibration learns from it. */
  function gatewayHeard(ownerId: string, owner: OwnerFrames, mapId: string, r: ObservedReport) {
    const key = `${deviceKey(ownerId, r.device)}#gateway`;
    links.add(key, r.gateway, r.rssi, r.receivedAt);
    if (r.receivedAt - (taught.get(key) ?? -Infinity) < intervalMs) return;
    const map = owner.maps.get(mapId);
    const source = map?.frame.anchors.find((a) => a.id === r.device);
    if (!map || !source) return;
    taught.set(key, r.receivedAt);
    const obs = observationsFromLinks(links.summaries(key, r.receivedAt), r.receivedAt);
    calibrateFromGateway(map.frame.anchors, mapId, source, obs);
  }

  /** Devices that fell silent leave their maps; devices idle for long are forgotten. */
  function expire(now = Date.now()) {
    for (const [key, at] of taught) if (now - at > IDLE_MS) taught.delete(key);
    for (const [key, s] of states) {
      if (now - s.heardAt > IDLE_MS) forget(key, s);
      else if (s.located.size > 0 && now - s.heardAt > MAX_SIGNAL_AGE_MS) scheduler.queue(key);
    }
    links.sweep(now);
    remote.expire(now);
    frames.sweep(IDLE_MS, now);
    handOver();
  }
  const sweeper = setInterval(expire, EXPIRE_MS);
  sweeper.unref();

  return {
    /**
     * Take accepted reports of one owner: each joins its link window, and each monitored device
     * heard is located soon (at once when its last locate is a spacing old).
     */
    async observe(ownerId: string, reports: readonly ObservedReport[]): Promise<void> {
      if (!frames.get(ownerId)) await frames.prepare([ownerId], onError);
      else void frames.prepare([ownerId], onError);
      const owner = frames.get(ownerId);
      if (!owner) return;
      for (const r of reports) {
        if (!owner.monitored.has(r.device)) {
          const gatewayOn = owner.gatewayMap.get(r.device);
          if (gatewayOn) gatewayHeard(ownerId, owner, gatewayOn, r);
          continue;
        }
        const key = deviceKey(ownerId, r.device);
        links.add(key, r.gateway, r.rssi, r.receivedAt);
        let state = states.get(key);
        if (!state) {
          state = {
            ownerId,
            mac: r.device,
            locators: new Map(),
            located: new Map(),
            locatedAt: -Infinity,
            heardAt: 0,
          };
          states.set(key, state);
          remote.forget(key);
        }
        state.heardAt = Date.now();
        scheduler.queue(key, state.locatedAt + intervalMs);
      }
    },

    /** Where a device is now: one entry per map it is located on (here, or by another instance). */
    locatedOf(ownerId: string, mac: string): LocatedOnMap[] {
      const key = deviceKey(ownerId, mac);
      const located = states.get(key)?.located ?? remote.located(key);
      return located ? [...located.values()] : [];
    },

    /** The devices located on a map now, with their position there. */
    onMap(mapId: string): { ownerId: string; mac: string; located: LocatedOnMap }[] {
      const out: { ownerId: string; mac: string; located: LocatedOnMap }[] = [];
      for (const key of onMaps.get(mapId) ?? []) {
        const state = states.get(key);
        const located = state?.located.get(mapId);
        if (state && located) out.push({ ownerId: state.ownerId, mac: state.mac, located });
      }
      for (const r of remote.onMap(mapId))
        if (!states.has(r.key)) out.push({ ownerId: r.ownerId, mac: r.mac, located: r.located });
      return out;
    },

    /** Where another instance has located a device (from the updates it publishes). */
    adoptRemote(ownerId: string, mac: string, located: readonly LocatedOnMap[]) {
      const key = deviceKey(ownerId, mac);
      if (!states.has(key)) remote.adopt(key, ownerId, mac, located, Date.now());
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
    settle: () => scheduler.settle(),

    /** Devices held, locates waiting, and slices put off because the budget was spent. */
    stats: () => ({ devices: states.size, ...scheduler.stats() }),

    async close() {
      scheduler.close();
      clearInterval(sweeper);
      await recorder.close();
    },
  };
}
export type PositionsService = ReturnType<typeof createPositionsService>;
