/**
 * What the server needs to position an owner's devices, cached per owner: monitored devices and
 * their mode, each map's placed gateways as anchors in metres, the owner's triangulation settings.
 */
import {
  DEFAULT_PIXELS_PER_METRE,
  DEFAULT_TRIANGULATION,
  type PositioningMode,
} from '@rtls/contract';
import { metres, type Anchor, type LocateSettings, type PixelSize } from '@rtls/positioning';
import { createOwnerCache } from '../ingest/owner-cache.ts';
import type { TrailsRepository } from './repository.ts';

export interface MapFrame {
  mapId: string;
  pixelsPerMetre: number;
  anchors: Anchor[];
  /** The floor plan's size in pixels, when known: positions stay on it. */
  plan?: PixelSize;
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
        ...(g.map_settings?.imageSize ? { plan: g.map_settings.imageSize } : {}),
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
  return createOwnerCache((ownerId) => loadOwnerFrames(repo, ownerId), refreshMs);
}
export type FrameCache = ReturnType<typeof createFrameCache>;
