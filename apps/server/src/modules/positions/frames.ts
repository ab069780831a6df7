/**
 * What the server needs to locate one owner's devices, cached per owner: the monitored devices and
 * their mode, a positioning frame per map the owner's gateways are placed on (its gateways and
 * floor model, built by the positioning package's buildFrame), and the settings each map is
 * located with, and the buildings whose floors those maps are.
 */
import {
  DEFAULT_TRIANGULATION,
  gatewayLogicThreshold,
  type BuildingLink,
  type FloorModel,
  type PositioningMode,
  type TriangulationSettings,
} from '@rtls/contract';
import {
  buildFrame,
  type BuildingFloor,
  type FrameGateway,
  type LinkSummary,
  type LocateSettings,
  type MapFrame,
} from '@rtls/positioning';
import { createOwnerCache } from '../../lib/owner-cache.ts';
import type {
  BuildingFloorRow,
  MapRadioModels,
  PlacedGatewayRow,
  PositionsRepository,
} from './repository.ts';

/** One map the owner's gateways hang on. */
export interface OwnerMap {
  frame: MapFrame;
  /** The map's owner: whose triangulation settings locate on it. */
  mapOwnerId: string;
  settings: LocateSettings;
  /** The building the map is a floor of, when it is one with another located floor. */
  buildingId?: string;
}

/**
 * A building with two floors or more that have gateways placed: a device heard on several is
 * located on one of them (floor-choice.ts).
 */
export interface OwnerBuilding {
  /** Each located floor (map id): its level and its gateways. */
  floors: Map<string, BuildingFloor>;
  /** Where stairs and lifts stop on each floor (map pixels). */
  links: Map<string, { x: number; y: number }[]>;
}

export interface OwnerFrames {
  /** Monitored devices by MAC. */
  monitored: Map<string, PositioningMode>;
  /** Maps by id. */
  maps: Map<string, OwnerMap>;
  /** Which map each placed gateway hangs on. */
  gatewayMap: Map<string, string>;
  /** Buildings by id, of the maps above. */
  buildings: Map<string, OwnerBuilding>;
}

/** A user's triangulation settings as the locator takes them, defaults filled. */
export function locateSettings(stored: Partial<TriangulationSettings> = {}): LocateSettings {
  const t = { ...DEFAULT_TRIANGULATION, ...stored };
  return {
    enabled: t.enabled,
    algorithm: t.algorithm,
    minSignalCount: t.minSignalCount,
    minConfidence: t.minConfidence,
    signalAgeWeight: t.signalAgeWeight,
    rssiWeight: t.rssiWeight,
  };
}

const radioOf = (g: PlacedGatewayRow) => {
  const models: MapRadioModels | null =
    typeof g.map_radio === 'string' ? (JSON.parse(g.map_radio) as MapRadioModels) : g.map_radio;
  return models?.[g.mac] ?? null;
};

const frameGateway = (g: PlacedGatewayRow): FrameGateway => {
  const cs = g.custom_settings ?? {};
  return {
    mac: g.mac,
    position: { x: g.position_x, y: g.position_y },
    maxRSSI: cs.maxRSSI ?? null,
    logicThreshold: gatewayLogicThreshold({ customSettings: cs }),
    radio: radioOf(g),
  };
};

/** One map's frame as the locator has it, and whose settings it is located with. */
export interface SingleMapFrame {
  frame: MapFrame;
  mapOwnerId: string;
  settings: LocateSettings;
}

const parsed = (model: FloorModel | string): FloorModel =>
  typeof model === 'string' ? (JSON.parse(model) as FloorModel) : model;

/** One map's frame from its owner's placed gateways and its floor; null when none is placed on it. */
export async function loadMapFrame(
  repo: PositionsRepository,
  mapId: string,
): Promise<SingleMapFrame | null> {
  const rows = await repo.placedGatewaysOfMap(mapId);
  const first = rows[0];
  if (!first) return null;
  const [stored, floor] = await Promise.all([
    repo.triangulation([first.map_owner_id]),
    repo.floorModels([mapId]),
  ]);
  const floorModel = floor[0] ? parsed(floor[0].model) : null;
  return {
    frame: buildFrame(
      { _id: mapId, settings: first.map_settings, floorModel },
      rows.map(frameGateway),
    ),
    mapOwnerId: first.map_owner_id,
    settings: locateSettings(stored.get(first.map_owner_id)),
  };
}

/** Floor models by map id, for the maps asked (maps without one left out). */
export type FloorModelReader = (mapIds: readonly string[]) => Promise<Map<string, FloorModel>>;

/**
 * Reads floor models, keeping the last one read per map: a map's model is read again only when it
 * was replaced since, so the frames' periodic refresh costs one small query per owner.
 */
export function createFloorModelReader(repo: PositionsRepository): FloorModelReader {
  const held = new Map<string, { version: string; model: FloorModel }>();
  return async (mapIds) => {
    const out = new Map<string, FloorModel>();
    if (mapIds.length === 0) return out;
    const versions = await repo.floorModelVersions(mapIds);
    const stale = versions
      .filter((v) => held.get(v.map_id)?.version !== v.version)
      .map((v) => v.map_id);
    for (const r of await repo.floorModels(stale))
      held.set(r.map_id, { version: r.version, model: parsed(r.model) });
    for (const v of versions) {
      const model = held.get(v.map_id)?.model;
      if (model) out.set(v.map_id, model);
    }
    return out;
  };
}

/** Load one owner's frames from the database. */
export async function loadOwnerFrames(
  repo: PositionsRepository,
  ownerId: string,
  floorModels: FloorModelReader = createFloorModelReader(repo),
): Promise<OwnerFrames> {
  const [gateways, devices] = await Promise.all([
    repo.placedGateways(ownerId),
    repo.monitoredDevices(ownerId),
  ]);
  const byMap = new Map<string, PlacedGatewayRow[]>();
  for (const g of gateways) byMap.set(g.map_id, [...(byMap.get(g.map_id) ?? []), g]);
  const mapOwners = new Set(gateways.map((g) => g.map_owner_id));
  const [stored, models, floors] = await Promise.all([
    repo.triangulation([...mapOwners]),
    floorModels([...byMap.keys()]),
    repo.buildingFloors([...byMap.keys()]),
  ]);
  const maps = new Map<string, OwnerMap>();
  const gatewayMap = new Map<string, string>();
  for (const [mapId, rows] of byMap) {
    const first = rows[0]!;
    const frame = buildFrame(
      { _id: mapId, settings: first.map_settings, floorModel: models.get(mapId) ?? null },
      rows.map(frameGateway),
    );
    // One authority per map: a map is located with its owner's triangulation settings, for every
    // device on it and every reader of it. A user's own settings are those of the maps they own.
    const settings = locateSettings(stored.get(first.map_owner_id));
    maps.set(mapId, { frame, mapOwnerId: first.map_owner_id, settings });
    for (const g of rows) gatewayMap.set(g.mac, mapId);
  }
  return {
    monitored: new Map(devices.map((d) => [d.mac, d.positioning_mode])),
    maps,
    gatewayMap,
    buildings: buildingsOf(floors, byMap, maps),
  };
}

/** The buildings with two located floors or more, each of those maps marked with its building. */
function buildingsOf(
  rows: readonly BuildingFloorRow[],
  gateways: ReadonlyMap<string, readonly PlacedGatewayRow[]>,
  maps: Map<string, OwnerMap>,
): Map<string, OwnerBuilding> {
  const out = new Map<string, OwnerBuilding>();
  for (const r of rows) {
    let b = out.get(r.building_id);
    if (!b) {
      const links = typeof r.links === 'string' ? (JSON.parse(r.links) as BuildingLink[]) : r.links;
      const stops = new Map<string, { x: number; y: number }[]>();
      for (const l of links)
        for (const s of l.stops) stops.set(s.mapId, [...(stops.get(s.mapId) ?? []), s]);
      out.set(r.building_id, (b = { floors: new Map(), links: stops }));
    }
    const macs = new Set((gateways.get(r.map_id) ?? []).map((g) => g.mac));
    b.floors.set(r.map_id, { level: r.level, gateways: macs });
  }
  for (const [id, b] of out) {
    if (b.floors.size < 2) out.delete(id);
    else for (const mapId of b.floors.keys()) maps.get(mapId)!.buildingId = id;
  }
  return out;
}

/** The settings as text, made once per loaded settings object rather than once per locate. */
const settingsText = new WeakMap<object, string>();
export function settingsKey(settings: object): string {
  let text = settingsText.get(settings);
  if (text === undefined) settingsText.set(settings, (text = JSON.stringify(settings)));
  return text;
}

/** The device's live links, grouped by the map of their gateway (unplaced gateways left out). */
export function linksByMap(owner: OwnerFrames, links: LinkSummary[]) {
  const byMap = new Map<string, LinkSummary[]>();
  for (const l of links) {
    const mapId = owner.gatewayMap.get(l.gateway);
    if (mapId === undefined) continue;
    const list = byMap.get(mapId);
    if (list) list.push(l);
    else byMap.set(mapId, [l]);
  }
  return byMap;
}

/** Per-owner frames, loaded once, refreshed every `refreshMs`, and invalidated on every change. */
export function createFrameCache(repo: PositionsRepository, refreshMs = 5_000) {
  const floorModels = createFloorModelReader(repo);
  return createOwnerCache((ownerId) => loadOwnerFrames(repo, ownerId, floorModels), refreshMs);
}
export type FrameCache = ReturnType<typeof createFrameCache>;
