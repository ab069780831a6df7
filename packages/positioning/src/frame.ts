/**
 * The one place a map and its gateways become a positioning frame: the scale, the anchors in
 * metres with each gateway's radio settings, and the plan's size in pixels.
 */
import { DEFAULT_PIXELS_PER_METRE, wallLossDb, type FloorModel } from '@rtls/contract';
import type { FloorGeometry, WallSegment } from './floor.ts';
import type { Anchor, AnchorRadio } from './types.ts';
import { metres } from './units.ts';
import type { PixelSize } from './wire.ts';

/** Everything the locator needs to know about one map. */
export interface MapFrame {
  mapId: string;
  pixelsPerMetre: number;
  /** The map's placed gateways, in metres. */
  anchors: Anchor[];
  /** The floor plan's size, when known: fixes are kept on it. */
  plan?: PixelSize;
  /** The map's walls, doors and walkable outline in metres, when it has any walls. */
  floor?: FloorGeometry;
}

/** The parts of a map the frame reads. */
export interface FrameMap {
  _id: string;
  settings?: { pixelsPerMetre?: number | null; imageSize?: PixelSize | null } | null;
  /** The map's floor model in map pixels. */
  floorModel?: FloorModel | null;
}

/** The parts of a gateway the frame reads; position in map pixels. */
export interface FrameGateway {
  mac: string;
  position?: { x: number; y: number } | null;
  maxRSSI?: number | null;
  logicThreshold?: number | null;
  /** Mounting height (m); DEFAULT_ANCHOR_HEIGHT_M when absent. */
  z?: number | null;
  /** The gateway's walk-fitted model, when the map has one applied. */
  radio?: AnchorRadio | null;
}

/** A map's scale: its pixelsPerMetre when positive and finite, else the contract's default. */
export function framePixelsPerMetre(map: FrameMap): number {
  const ppm = map.settings?.pixelsPerMetre;
  return typeof ppm === 'number' && Number.isFinite(ppm) && ppm > 0
    ? ppm
    : DEFAULT_PIXELS_PER_METRE;
}

const finite = (v: unknown): v is number => typeof v === 'number' && Number.isFinite(v);

/** The map's frame; gateways without a finite position are not anchors. */
export function buildFrame(map: FrameMap, gateways: readonly FrameGateway[]): MapFrame {
  const pixelsPerMetre = framePixelsPerMetre(map);
  const anchors: Anchor[] = [];
  for (const g of gateways) {
    const p = g.position;
    if (!p || !finite(p.x) || !finite(p.y)) continue;
    const anchor: Anchor = {
      id: g.mac,
      x: metres(p.x / pixelsPerMetre),
      y: metres(p.y / pixelsPerMetre),
      maxRSSI: g.maxRSSI ?? null,
      logicThreshold: g.logicThreshold ?? null,
    };
    if (finite(g.z)) anchor.z = metres(g.z);
    if (g.radio) anchor.radio = { rssiAt1m: g.radio.rssiAt1m, exponent: g.radio.exponent };
    anchors.push(anchor);
  }
  const size = map.settings?.imageSize;
  const frame: MapFrame = { mapId: map._id, pixelsPerMetre, anchors };
  if (size && finite(size.width) && finite(size.height)) {
    frame.plan = { width: size.width, height: size.height };
  }
  const floor = map.floorModel ? floorGeometry(map.floorModel, pixelsPerMetre) : null;
  if (floor) frame.floor = floor;
  return frame;
}

/** A floor model (map pixels) in metres; null when it has no walls and no outline. */
export function floorGeometry(model: FloorModel, pixelsPerMetre: number): FloorGeometry | null {
  if (model.walls.length === 0 && !model.outline) return null;
  const m = (v: number) => v / pixelsPerMetre;
  const walls: WallSegment[] = [];
  for (const w of model.walls) {
    const lossDb = wallLossDb(w);
    for (let i = 1; i < w.points.length; i++) {
      const a = w.points[i - 1]!;
      const b = w.points[i]!;
      walls.push({ x0: m(a.x), y0: m(a.y), x1: m(b.x), y1: m(b.y), lossDb, kind: w.kind });
    }
  }
  return {
    walls,
    doors: model.doors.map((d) => ({ x0: m(d.a.x), y0: m(d.a.y), x1: m(d.b.x), y1: m(d.b.y) })),
    outline: model.outline?.map((p) => ({ x: m(p.x), y: m(p.y) })) ?? null,
  };
}
