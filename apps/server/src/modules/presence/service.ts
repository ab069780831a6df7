/**
 * Zone presence of every device on every map, fed by the server's located positions (one call per
 * hand-over of the positions service) and a one-second tick. Transitions go to listeners (events
 * and rules, the live channel, MQTT output); presence is saved when it changes, so a restart
 * neither forgets who is where nor announces every entry again.
 */
import { PRESENCE_DEFAULTS, type ZoneOccupancy, type ZonePresence } from '@rtls/contract';
import { framePixelsPerMetre } from '@rtls/positioning';
import type { ZonesRepository } from '../zones/repository.ts';
import { compilePolygon } from '../zones/geometry.ts';
import type { MapInfo, PresenceRepository, StoredPresence } from './repository.ts';
import { createHandOver } from './hand-over.ts';
import { occupancyFrom, wholeMapPresence } from './whole-map.ts';
import {
  newTrack,
  observeFix,
  reconcileZones,
  tickTrack,
  type MapShapes,
  type PresenceTiming,
  type Track,
  type Transition,
} from './tracker.ts';

/** One map as presence holds it: owner, zones and the devices tracked on it. */
export interface PresenceMap {
  mapId: string;
  info: MapInfo;
  shapes: MapShapes;
  tracks: Map<string, Track>;
}

/** Told of presence changes; every method optional. */
export interface PresenceListener {
  changed?(track: Track, transitions: readonly Transition[], map: PresenceMap): void;
  /** Once a second, after the tracks' own timers ran. */
  tick?(now: number, maps: Iterable<PresenceMap>): void;
  occupancy?(occupancy: ZoneOccupancy, map: PresenceMap): void;
}

/** Where a device is on one map, as the positions service hands it over. */
export interface LocatedFix {
  mapId: string;
  position: { x: number; y: number };
  triangulationInfo: { confidence: number };
}

export interface PresenceOptions {
  repo: PresenceRepository;
  zones: ZonesRepository;
  /** Where a device is now, per map (the positions service). */
  locatedOf: (ownerId: string, mac: string) => readonly LocatedFix[];
  timing?: Partial<PresenceTiming>;
  edgeMarginM?: number;
  now?: () => number;
  /** Run the tick and the flush on timers (off in tests that drive time themselves). */
  timers?: boolean;
  /**
   * Several instances share the devices (each tracks those it locates): readers and occupancy
   * updates see every instance's saved presence, not only this one's.
   */
  shared?: boolean;
  onError?: (err: unknown) => void;
}

/** A device that has been unknown and in no zone this long is forgotten. */
const FORGET_MS = 24 * 3600_000;

export const presenceTiming = (t: Partial<PresenceTiming> = {}): PresenceTiming => ({
  enterAfterMs: PRESENCE_DEFAULTS.enterAfterS * 1000,
  leaveAfterMs: PRESENCE_DEFAULTS.leaveAfterS * 1000,
  minConfidence: PRESENCE_DEFAULTS.minConfidence,
  staleAfterMs: PRESENCE_DEFAULTS.staleAfterS * 1000,
  unknownExitAfterMs: PRESENCE_DEFAULTS.unknownExitAfterS * 1000,
  ...t,
});

const trackKey = (ownerId: string, mac: string) => `${ownerId}|${mac}`;
const iso = (ms: number) => new Date(ms).toISOString();

/** A track as it is saved. */
const savedOf = (t: Track): StoredPresence => ({
  ownerId: t.ownerId,
  mac: t.mac,
  mapId: t.mapId,
  zoneId: t.zoneId,
  state: t.state,
  since: t.since,
  enteredAt: t.enteredAt,
});

export function presentPresence(t: Track): ZonePresence {
  return { mac: t.mac, mapId: t.mapId, zoneId: t.zoneId, state: t.state, since: iso(t.since) };
}

export function createPresenceService(opts: PresenceOptions) {
  const { repo, zones, locatedOf, onError = () => undefined } = opts;
  const now = opts.now ?? Date.now;
  const timing = presenceTiming(opts.timing);
  const edgeMarginM = opts.edgeMarginM ?? PRESENCE_DEFAULTS.edgeMarginM;
  const maps = new Map<string, PresenceMap>();
  const loading = new Map<string, Promise<PresenceMap | null>>();
  const listeners: PresenceListener[] = [];
  /** Stored presences waiting to be loaded with their map. */
  const stored = new Map<string, StoredPresence[]>();
  const dirty = new Map<string, Track>();
  const dirtyMaps = new Set<string>();
  const forgotten: { ownerId: string; mac: string; mapId: string }[] = [];

  async function shapesOf(mapId: string, info: MapInfo): Promise<MapShapes> {
    const list = await zones.ofMap(mapId);
    // The scale the map's positions were located with.
    const ppm = framePixelsPerMetre({
      _id: mapId,
      settings: { pixelsPerMetre: info.pixelsPerMetre },
    });
    const shapes = list
      .map((z) => ({ id: z.id, name: z.name, poly: compilePolygon(z.polygon) }))
      .sort((a, b) => a.poly.area - b.poly.area);
    return {
      zones: shapes,
      byId: new Map(shapes.map((z) => [z.id, z])),
      marginPx: edgeMarginM * ppm,
    };
  }

  /** Load a map (owner, zones, stored presences) once; null when it no longer exists. */
  function load(mapId: string): Promise<PresenceMap | null> {
    let p = loading.get(mapId);
    if (p) return p;
    p = (async () => {
      const info = await repo.mapInfo(mapId);
      if (!info) return null;
      const map: PresenceMap = {
        mapId,
        info,
        shapes: await shapesOf(mapId, info),
        tracks: new Map(),
      };
      const t0 = now();
      for (const s of stored.get(mapId) ?? []) {
        const t = newTrack(s.ownerId, s.mac, mapId, t0);
        Object.assign(t, {
          zoneId: s.zoneId,
          state: s.state,
          since: s.since,
          enteredAt: s.enteredAt,
        });
        map.tracks.set(trackKey(s.ownerId, s.mac), t);
        handOver.held(t, t0);
      }
      stored.delete(mapId);
      maps.set(mapId, map);
      return map;
    })().finally(() => loading.delete(mapId));
    p.catch(onError);
    loading.set(mapId, p);
    return p;
  }

  function emit(track: Track, transitions: Transition[], map: PresenceMap) {
    if (transitions.length === 0) return;
    dirty.set(`${map.mapId}|${trackKey(track.ownerId, track.mac)}`, track);
    dirtyMaps.add(map.mapId);
    if (transitions.some((t) => t.kind !== 'state')) saveSoon();
    for (const l of listeners) {
      try {
        l.changed?.(track, transitions, map);
      } catch (err) {
        onError(err);
      }
    }
  }

  const handOver = createHandOver({
    repo,
    shared: opts.shared ?? false,
    release(track) {
      const map = maps.get(track.mapId);
      const key = trackKey(track.ownerId, track.mac);
      if (map?.tracks.get(key) === track) map.tracks.delete(key);
      dirty.delete(`${track.mapId}|${key}`);
    },
    onError,
  });

  function observe(ownerId: string, mac: string, fix: LocatedFix, at: number = now()): void {
    const map = maps.get(fix.mapId);
    if (!map) {
      // The first position on a map not yet loaded counts once the map is.
      load(fix.mapId).then((m) => m && observe(ownerId, mac, fix, at), onError);
      return;
    }
    const key = trackKey(ownerId, mac);
    let track = map.tracks.get(key);
    const isNew = !track;
    if (!track) map.tracks.set(key, (track = newTrack(ownerId, mac, fix.mapId, at)));
    handOver.observed(track, isNew, at);
    const { x, y } = fix.position;
    const confidence = fix.triangulationInfo.confidence;
    emit(track, observeFix(track, map.shapes, { x, y, confidence, at }, timing), map);
  }

  function tick(t = now()) {
    for (const map of maps.values()) {
      for (const [key, track] of map.tracks) {
        handOver.idle(track, t);
        emit(track, tickTrack(track, t, timing), map);
        if (track.state === 'unknown' && track.zoneId === null && t - track.since > FORGET_MS) {
          map.tracks.delete(key);
          forgotten.push({ ownerId: track.ownerId, mac: track.mac, mapId: map.mapId });
          dirtyMaps.add(map.mapId);
        }
      }
    }
    for (const l of listeners) {
      try {
        l.tick?.(t, maps.values());
      } catch (err) {
        onError(err);
      }
    }
  }

  const presenceOf = (map: PresenceMap) => [...map.tracks.values()].map(presentPresence);
  const zoneIdsOf = (map: PresenceMap) => map.shapes.zones.map((z) => z.id);
  const occupancyOf = (map: PresenceMap, t = now()): ZoneOccupancy =>
    occupancyFrom(map.mapId, zoneIdsOf(map), presenceOf(map), t);

  /** The map's presence and occupancy now: this instance's, or every instance's when shared. */
  async function current(map: PresenceMap) {
    const t = now();
    if (!opts.shared) return { presence: presenceOf(map), occupancy: occupancyOf(map, t) };
    const local = [...map.tracks.values()].map((tr) => ({
      ...presentPresence(tr),
      ownerId: tr.ownerId,
    }));
    const presence = await wholeMapPresence(repo, map.mapId, local, {
      staleAfterMs: timing.staleAfterMs,
      now: t,
    });
    return { presence, occupancy: occupancyFrom(map.mapId, zoneIdsOf(map), presence, t) };
  }

  /** Save the changed presences. */
  async function save() {
    const changed = [...dirty.values()];
    dirty.clear();
    await repo.save(changed.map(savedOf));
  }

  /** Save changed presences and announce the occupancy of maps that changed. */
  async function flush() {
    const gone = forgotten.splice(0);
    const announce = [...dirtyMaps].flatMap((id) => maps.get(id) ?? []);
    dirtyMaps.clear();
    // Shared: announced after saving, from every instance's saved presence (this one's included).
    if (!opts.shared) for (const map of announce) announceOccupancy(map, occupancyOf(map));
    await save();
    await repo.forget(gone);
    // Shared: tell the other instances which devices this one locates.
    if (opts.shared)
      await repo.seen(
        handOver.takeSeen().map(({ track, at }) => ({ ...savedOf(track), seenAt: at })),
      );
    if (opts.shared)
      for (const map of announce) announceOccupancy(map, (await current(map)).occupancy);
  }

  function announceOccupancy(map: PresenceMap, occ: ZoneOccupancy) {
    for (const l of listeners) l.occupancy?.(occ, map);
  }

  let timer: NodeJS.Timeout | null = null;
  let flushing: Promise<void> = Promise.resolve();
  let savePending = false;
  /**
   * An entry or exit is saved at once (after the saves already under way), not with the next
   * second's flush: an instance that dies right after it leaves the device's presence saved, so
   * the instance taking the device over does not count the entry again. Entries close together
   * share one save; occupancy is still announced once a second.
   */
  function saveSoon() {
    if (savePending) return;
    savePending = true;
    flushing = flushing
      .then(() => {
        savePending = false;
        return save();
      })
      .catch(onError);
  }
  if (opts.timers !== false) {
    timer = setInterval(() => {
      tick();
      flushing = flushing.then(flush).catch(onError);
    }, 1000);
    timer.unref();
  }

  return {
    /** Read the stored presences; call once before positions arrive. */
    async start() {
      for (const s of await repo.loadAll()) {
        const list = stored.get(s.mapId);
        if (list) list.push(s);
        else stored.set(s.mapId, [s]);
      }
      await Promise.all([...stored.keys()].map((id) => load(id).catch(() => null)));
    },
    listen(l: PresenceListener) {
      listeners.push(l);
    },
    /** The positions service handed these devices over: take their located positions. */
    located(ownerId: string, macs: readonly string[]) {
      const t = now();
      for (const mac of macs)
        for (const fix of locatedOf(ownerId, mac)) observe(ownerId, mac, fix, t);
    },
    observe,
    tick,
    /** Wait until saved presences of devices new here have been read (tests). */
    adopted: () => handOver.settled(),
    flush: () => (flushing = flushing.then(flush)),
    /** A map's zones (or the map itself) changed: re-read them and re-check who is where. */
    async zonesChanged(mapId: string) {
      const map = maps.get(mapId);
      if (!map) return;
      const info = await repo.mapInfo(mapId);
      if (!info) {
        maps.delete(mapId);
        return;
      }
      map.info = info;
      map.shapes = await shapesOf(mapId, info);
      const t = now();
      for (const track of map.tracks.values())
        emit(track, reconcileZones(track, map.shapes, t), map);
      dirtyMaps.add(mapId);
    },
    /** Load a map now (REST readers ask before any position arrived). */
    map: (mapId: string) => maps.get(mapId) ?? load(mapId),
    presenceOf,
    occupancyOf,
    current,
    maps: () => maps.values(),
    close() {
      if (timer) clearInterval(timer);
      return flushing.then(flush).catch(onError);
    },
  };
}
export type PresenceService = ReturnType<typeof createPresenceService>;
