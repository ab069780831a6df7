/**
 * What the server needs to position an owner's devices, cached per owner: monitored devices and
 * their mode, each map's placed gateways as anchors in metres, the owner's triangulation settings.
 * Refreshed in the background, so the ingest hot path never waits on the database after the first
 * load of an owner.
 */
import { DEFAULT_TRIANGULATION, type PositioningMode } from '@rtls/contract';
import { metres, type Anchor, type LocateSettings } from '@rtls/positioning';
import type { TrailsRepository } from './repository.ts';

/** Used when a map has no scale yet; the console uses the same value (features/devices/positioner.ts). */
export const DEFAULT_PIXELS_PER_METRE = 20;

export interface MapFrame {
  mapId: string;
  pixelsPerMetre: number;
  anchors: Anchor[];
}

export interface OwnerFrames {
  /** Monitored devices by MAC. */
  monitored: Map<string, PositioningMode>;
  /** Maps by id, with their anchors. */
  maps: Map<string, MapFrame>;
  /** Which map each placed gateway hangs on. */
  gatewayMap: Map<string, string>;
  settings: LocateSettings;
}

/** Load one owner's frames from the database. */
export async function loadOwnerFrames(
  repo: TrailsRepository,
  ownerId: string,
): Promise<OwnerFrames> {
  const [gateways, devices, stored] = await Promise.all([
    repo.placedGateways(ownerId),
    repo.monitoredDevices(ownerId),
    repo.triangulation(ownerId),
  ]);
  const maps = new Map<string, MapFrame>();
  const gatewayMap = new Map<string, string>();
  for (const g of gateways) {
    let frame = maps.get(g.map_id);
    if (!frame) {
      const ppm = g.map_settings?.pixelsPerMetre;
      frame = {
        mapId: g.map_id,
        pixelsPerMetre: typeof ppm === 'number' && ppm > 0 ? ppm : DEFAULT_PIXELS_PER_METRE,
        anchors: [],
      };
      maps.set(g.map_id, frame);
    }
    const cs = g.custom_settings ?? {};
    frame.anchors.push({
      id: g.mac,
      x: metres(g.position_x / frame.pixelsPerMetre),
      y: metres(g.position_y / frame.pixelsPerMetre),
      maxRSSI: cs.maxRSSI ?? null,
      // The same fallback as the gateway presenter, so server and console agree.
      logicThreshold: cs.logicThreshold ?? cs.maxRSSI ?? null,
    });
    gatewayMap.set(g.mac, g.map_id);
  }
  const t = { ...DEFAULT_TRIANGULATION, ...stored };
  return {
    monitored: new Map(devices.map((d) => [d.mac, d.positioning_mode])),
    maps,
    gatewayMap,
    settings: {
      enabled: t.enabled,
      algorithm: t.algorithm,
      minSignalCount: t.minSignalCount,
      minConfidence: t.minConfidence,
      signalAgeWeight: t.signalAgeWeight,
      rssiWeight: t.rssiWeight,
    },
  };
}

/** Per-owner frames, loaded once and then refreshed every `refreshMs` while the owner is active. */
export function createFrameCache(repo: TrailsRepository, refreshMs = 5_000) {
  const entries = new Map<
    string,
    { frames: OwnerFrames; loadedAt: number; refreshing: boolean; usedAt: number }
  >();
  const loading = new Map<string, Promise<void>>();

  function load(ownerId: string): Promise<void> {
    let p = loading.get(ownerId);
    if (!p) {
      p = loadOwnerFrames(repo, ownerId)
        .then((frames) => {
          const now = Date.now();
          entries.set(ownerId, { frames, loadedAt: now, refreshing: false, usedAt: now });
        })
        .finally(() => loading.delete(ownerId));
      loading.set(ownerId, p);
    }
    return p;
  }

  return {
    /** Make sure the owners' frames are loaded; stale ones are refreshed without waiting. */
    async prepare(ownerIds: Iterable<string>, onError: (err: unknown) => void): Promise<void> {
      const waits: Promise<void>[] = [];
      const now = Date.now();
      for (const id of ownerIds) {
        const e = entries.get(id);
        if (!e) waits.push(load(id));
        else if (now - e.loadedAt > refreshMs && !e.refreshing) {
          e.refreshing = true;
          load(id).catch((err: unknown) => {
            e.refreshing = false;
            onError(err);
          });
        }
      }
      if (waits.length > 0) await Promise.all(waits);
    },

    get(ownerId: string): OwnerFrames | undefined {
      const e = entries.get(ownerId);
      if (e) e.usedAt = Date.now();
      return e?.frames;
    },

    /** Forget owners not used for a while. */
    sweep(idleMs: number, now = Date.now()) {
      for (const [id, e] of entries) if (now - e.usedAt > idleMs) entries.delete(id);
    },

    /** Drop an owner's frames so the next prepare reloads them (after a settings change). */
    invalidate(ownerId: string) {
      entries.delete(ownerId);
    },
  };
}
export type FrameCache = ReturnType<typeof createFrameCache>;
