/**
 * The locating core: per monitored device its link windows (fed by every accepted report), one
 * locator per map whose placed gateways heard it within the live window (MAX_SIGNAL_AGE_MS), each
 * map with its own settings (keep-the-last rule included), and the scheduler that runs the
 * locates. It reads each owner's frames through `owner` and tells what changed through
 * `onLocated` (after every slice) and `onTrail` (every new fix). A report whose device is one of
 * the owner's placed gateways is free calibration instead: what the other gateways hear of it
 * teaches that map's site calibration (once per spacing per gateway). The core runs in the
 * server's thread or in a locator worker (see worker-core.ts); it touches neither the database
 * nor sockets.
 */
import {
  TRAIL_POINT_MIN_GAP_MS,
  TRAIL_POINT_SPACING_MS,
  type Point,
  type TriangulationInfo,
} from '@rtls/contract';
import {
  calibrateFromGateway,
  createDeviceLocator,
  createLinkWindows,
  createSites,
  MAX_SIGNAL_AGE_MS,
  observationsFromLinks,
  type DeviceLocator,
  type Sites,
} from '@rtls/positioning';
import { keepOneFloor, type FloorChange, type FloorChoices } from './device-floors.ts';
import { linksByMap, settingsKey, type OwnerFrames } from './frames.ts';
import { createScheduler } from './scheduler.ts';

/** A device's position on one map. */
export interface LocatedOnMap {
  mapId: string;
  position: Point;
  triangulationInfo: TriangulationInfo;
}

/** What the core reads of an accepted report. */
export interface ObservedReport {
  device: string;
  gateway: string;
  rssi: number;
  receivedAt: number;
  /** The device's own measured level at 1 m (dBm) when the report states it. */
  refRssi?: number;
}

/** A device whose positions changed; `gone` when the core no longer holds it. */
export interface LocatedChange {
  ownerId: string;
  mac: string;
  located: LocatedOnMap[];
  gone: boolean;
  /** Moves from one floor of a building to another decided since the last hand-over. */
  floorChanges?: FloorChange[];
}

export interface TrailFix {
  ownerId: string;
  mac: string;
  mapId: string;
  x: number;
  y: number;
  at: number;
}

/** What a locating core tells of its work: its state now, and counts since it started. */
export interface LocatingStats {
  /** Devices held. */
  devices: number;
  /** Locates waiting for their turn. */
  queued: number;
  /** Slices put off because the CPU budget was spent. */
  deferred: number;
  /** Locates run. */
  locates: number;
  /**
   * Time those locates took (ms, the locating thread's clock): over `locates`, the cost of one
   * locate, which is its CPU time while the thread has a core to itself.
   */
  locatingMs: number;
  /** New fixes those locates gave (a locate whose fixes were all too weak keeps the last). */
  fixes: number;
  /**
   * How long locates waited after falling due, over the last few seconds (mean, ms): near 0
   * while locating keeps up; past the CPU budget devices keep their last position longer and
   * this grows, each device then being located about every interval + lateMs.
   */
  lateMs: number;
}

export interface CoreOptions {
  owner: (ownerId: string) => OwnerFrames | undefined;
  onLocated: (changes: LocatedChange[]) => void;
  onTrail: (fix: TrailFix) => void;
  intervalMs?: number;
  budgetMsPerS?: number;
  sliceMs?: number;
  onError?: (err: unknown) => void;
  /** The maps' sites (what is learnt of each map); the core's own when absent. */
  sites?: Sites;
}

interface DeviceState {
  ownerId: string;
  mac: string;
  /** One locator per map the device is heard on, with the mode and settings it was built with. */
  locators: Map<string, { config: string; locator: DeviceLocator }>;
  /** Where the device is now, per map. */
  located: Map<string, LocatedOnMap>;
  /** The device's next locating slot (ms; see nextSlot). */
  slot: number;
  /** False until the device is first located. */
  slotted: boolean;
  /** When the device's trail last took a point, per map. */
  trailAt: Map<string, number>;
  heardAt: number;
  /** Which floor of each building the device is on (buildings of its owner's frames). */
  floors: FloorChoices;
}

/** How often a reporting device is located (ms): a trail point and a shown step each time. */
export const LOCATE_INTERVAL_MS = TRAIL_POINT_SPACING_MS;

/** How long a device's state is kept without reports. */
const IDLE_MS = 10 * 60_000;
/**
 * A device heard for the first time is located this much later (ms): a gateway round's reports
 * arrive within tens of milliseconds, and a first fix from all of them beats one from the first.
 */
const FIRST_LOCATE_MS = 100;
/** A device due to be located with no report since waits this much longer for one (ms). */
export const LATE_LOCATE_MS = 150;
/**
 * A report this long before the device's slot locates it at once (ms): rounds come early too. In
 * steady state two locates are thus at least the interval less this apart; a late or first locate
 * may come sooner, so trail points keep their own gap (TRAIL_POINT_MIN_GAP_MS).
 */
export const SLOT_EARLY_MS = 200;

/** FNV-1a of a string. */
export function hashOf(s: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < s.length; i++) h = Math.imul(h ^ s.charCodeAt(i), 0x01000193);
  return h >>> 0;
}

/**
 * A device's next locating slot after a locate at `now` (ms). Slots follow each other by the
 * interval, so a device is located once per interval whatever the jitter of its reports, except:
 * - after its first locate the device takes a phase of its own (from its key), so devices first
 *   heard together (as after a restart) do not all fall due in the same instant, every interval;
 * - when its newest report came before the slot's early window (its rounds run ahead of the
 *   slots), the next slot follows that report by the interval, so the slots lock on to the rounds;
 * - never sooner than half an interval from now. A device located that late takes its own phase
 *   again, as after its first locate, when it was located on a report (a backlog of locates
 *   drained, the process paused): slots bunched by one late burst would otherwise stay bunched,
 *   all of those devices falling due together every interval and waiting for each other's
 *   locates. One located by the timer, its newest report older than the early window, keeps
 *   following its rounds: its next slot is that report's time a whole number of intervals on.
 */
export function nextSlot(
  state: { slot: number; slotted: boolean; heardAt: number },
  key: string,
  now: number,
  intervalMs: number,
): number {
  const soonest = now + intervalMs / 2;
  /** The first slot from `soonest` at the device's own phase. */
  const phased = () =>
    soonest + ((((hashOf(key) - soonest) % intervalMs) + intervalMs) % intervalMs);
  if (!state.slotted) return phased();
  const target =
    state.heardAt < state.slot - SLOT_EARLY_MS
      ? state.heardAt + intervalMs
      : state.slot + intervalMs;
  if (target >= soonest) return target;
  if (state.heardAt < now - SLOT_EARLY_MS)
    return state.heardAt + Math.ceil((soonest - state.heardAt) / intervalMs) * intervalMs;
  return phased();
}

export const deviceKey = (ownerId: string, mac: string) => `${ownerId}|${mac}`;

export function createLocatingCore({
  owner: ownerOf,
  onLocated,
  onTrail,
  intervalMs = LOCATE_INTERVAL_MS,
  budgetMsPerS,
  sliceMs,
  onError = () => undefined,
  sites = createSites(),
}: CoreOptions) {
  const links = createLinkWindows();
  const states = new Map<string, DeviceState>();
  /** Devices whose positions changed (or that were forgotten) since the last hand-over. */
  const changed = new Map<string, LocatedChange>();
  /** When each gateway heard by the others last taught its map (report time, ms). */
  const taught = new Map<string, number>();
  let fixes = 0;
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
    state.located = next;
    const moves = changed.get(key)?.floorChanges;
    changed.set(key, {
      ownerId: state.ownerId,
      mac: state.mac,
      located: [...next.values()],
      gone: false,
      ...(moves ? { floorChanges: moves } : {}),
    });
  }

  function locate(key: string, now: number) {
    const state = states.get(key);
    if (!state) return;
    const owner = ownerOf(state.ownerId);
    // While the owner's frames reload after a change, the device waits for the re-location.
    if (!owner) return;
    const mode = owner.monitored.get(state.mac);
    const next = new Map<string, LocatedOnMap>();
    state.slot = nextSlot(state, key, now, intervalMs);
    state.slotted = true;
    const heard = mode ? linksByMap(owner, links.summaries(key, now)) : new Map();
    const moves = keepOneFloor(state, owner, heard, now);
    for (const mapId of state.locators.keys()) if (!heard.has(mapId)) state.locators.delete(mapId);
    for (const [mapId, mapLinks] of heard) {
      const map = owner.maps.get(mapId)!;
      const config = `${mode}|${settingsKey(map.settings)}`;
      let entry = state.locators.get(mapId);
      const fresh = !entry || entry.config !== config;
      if (!entry || fresh) {
        const locator = createDeviceLocator({ mode: mode!, settings: map.settings, sites });
        entry = { config, locator };
        state.locators.set(mapId, entry);
      }
      const before = entry.locator.last;
      const fix = entry.locator.update(map.frame, observationsFromLinks(mapLinks, now), now);
      const prev = state.located.get(mapId);
      // A locator started afresh (after a change) keeps the device's last position until it has
      // a good fix of its own, as the locator itself would.
      if (!fix && fresh && prev && map.settings.enabled) next.set(mapId, prev);
      if (!fix) continue;
      if (fix !== before) fixes++;
      next.set(mapId, prev && fix === before ? prev : { mapId, ...fix });
      if (
        fix !== before &&
        now - (state.trailAt.get(mapId) ?? -Infinity) >= TRAIL_POINT_MIN_GAP_MS
      ) {
        state.trailAt.set(mapId, now);
        const { x, y } = fix.position;
        onTrail({ ownerId: state.ownerId, mac: state.mac, mapId, x, y, at: now });
      }
    }
    setLocated(key, state, next);
    if (moves.length > 0) floorsChanged(key, state, moves);
    if (!mode) forget(key, state);
  }

  /** Moves between floors go with the device's next hand-over, located or not. */
  function floorsChanged(key: string, state: DeviceState, moves: FloorChange[]) {
    const change = changed.get(key) ?? {
      ownerId: state.ownerId,
      mac: state.mac,
      located: [...state.located.values()],
      gone: false,
    };
    change.floorChanges = [...(change.floorChanges ?? []), ...moves];
    changed.set(key, change);
  }

  function forget(key: string, state: DeviceState) {
    states.delete(key);
    links.forget(key);
    changed.set(key, { ownerId: state.ownerId, mac: state.mac, located: [], gone: true });
  }

  /** A placed gateway heard by the others: its map's site calibration learns from it. */
  function gatewayHeard(ownerId: string, owner: OwnerFrames, mapId: string, r: ObservedReport) {
    const key = `${deviceKey(ownerId, r.device)}#gateway`;
    links.add(key, r.gateway, r.rssi, r.receivedAt, r.refRssi);
    if (r.receivedAt - (taught.get(key) ?? -Infinity) < intervalMs) return;
    const map = owner.maps.get(mapId);
    const source = map?.frame.anchors.find((a) => a.id === r.device);
    if (!map || !source) return;
    taught.set(key, r.receivedAt);
    const obs = observationsFromLinks(links.summaries(key, r.receivedAt), r.receivedAt);
    calibrateFromGateway(sites.of(map.frame, r.receivedAt), source, obs);
  }

  function handOver() {
    if (changed.size === 0) return;
    const list = [...changed.values()];
    changed.clear();
    try {
      onLocated(list);
    } catch (err) {
      onError(err);
    }
  }

  return {
    /**
     * Take accepted reports of one owner: each report of a monitored device joins its link
     * window, and the device is located soon (right after the first report that finds it due).
     */
    observe(ownerId: string, reports: readonly ObservedReport[]) {
      const owner = ownerOf(ownerId);
      if (!owner) return;
      const now = Date.now();
      for (const r of reports) {
        if (!owner.monitored.has(r.device)) {
          const gatewayOn = owner.gatewayMap.get(r.device);
          if (gatewayOn) gatewayHeard(ownerId, owner, gatewayOn, r);
          continue;
        }
        const key = deviceKey(ownerId, r.device);
        links.add(key, r.gateway, r.rssi, r.receivedAt, r.refRssi);
        let state = states.get(key);
        if (!state) {
          state = {
            ownerId,
            mac: r.device,
            locators: new Map(),
            located: new Map(),
            // First located FIRST_LOCATE_MS from now, once the round's other gateways are in.
            slot: now + FIRST_LOCATE_MS + SLOT_EARLY_MS,
            slotted: false,
            trailAt: new Map(),
            heardAt: 0,
            floors: new Map(),
          };
          states.set(key, state);
        }
        state.heardAt = now;
        const due = state.slot - SLOT_EARLY_MS;
        scheduler.queue(key, now >= due ? 0 : state.slot + LATE_LOCATE_MS);
      }
    },

    /**
     * Re-locate an owner's devices now on its reloaded frames. Each keeps its track unless what it
     * is located with changed: another mode or settings start a new locator (locate), and the
     * locator starts afresh on another map, site (gateways' places and radio, scale, floor plan)
     * or gateways. Renaming or adding a device leaves every other device's track, room and shown
     * path as they were.
     */
    relocate(ownerId: string) {
      for (const [key, state] of states) if (state.ownerId === ownerId) scheduler.queue(key);
    },

    /** Devices that fell silent leave their maps; devices idle for long are forgotten. */
    expire(now = Date.now()) {
      for (const [key, at] of taught) if (now - at > IDLE_MS) taught.delete(key);
      for (const [key, s] of states) {
        if (now - s.heardAt > IDLE_MS) {
          setLocated(key, s, new Map());
          forget(key, s);
        } else if (s.located.size > 0 && now - s.heardAt > MAX_SIGNAL_AGE_MS) scheduler.queue(key);
      }
      links.sweep(now);
      handOver();
    },

    /** Run every queued and waiting locate now, regardless of budget and spacing. */
    settle: () => scheduler.settle(),

    /** Devices held, locates waiting, and slices put off because the budget was spent. */
    stats: (): LocatingStats => ({ devices: states.size, fixes, ...scheduler.stats() }),

    close: () => scheduler.close(),
  };
}
export type LocatingCore = ReturnType<typeof createLocatingCore>;
