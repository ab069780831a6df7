/**
 * Positions on the client (spec §1): a device's signals and the current map's gateways go through
 * the positioning package's tracker (causal, per device); the engine works in metres, the map in
 * pixels.
 */
import type {
  Gateway,
  Point,
  PositioningMode,
  SignalMap,
  TrackingMap,
  TriangulationInfo,
} from '@rtls/contract';
import {
  DEFAULT_LOCATE_SETTINGS,
  createTracker,
  metres,
  type Anchor,
  type LocateSettings,
  type Tracker,
} from '@rtls/positioning';

/** Used when a map has no scale yet: a 1200 px wide plan then spans 60 m. */
export const DEFAULT_PIXELS_PER_METRE = 20;

export interface MapFrame {
  pixelsPerMetre: number;
  anchors: Anchor[];
  /** One tracker per device MAC, valid for this frame only. */
  trackers: Map<string, Tracker>;
}

/** The positioning frame of a map: its scale and its placed gateways as anchors in metres. */
export function mapFrame(map: TrackingMap | undefined, gateways: Gateway[]): MapFrame | null {
  if (!map) return null;
  const ppm = map.settings.pixelsPerMetre ?? DEFAULT_PIXELS_PER_METRE;
  const anchors: Anchor[] = [];
  for (const g of gateways) {
    const p = g.position;
    if (!p || !Number.isFinite(p.x) || !Number.isFinite(p.y)) continue;
    anchors.push({
      id: g.mac,
      x: metres(p.x / ppm),
      y: metres(p.y / ppm),
      maxRSSI: g.maxRSSI ?? null,
      logicThreshold: g.logicThreshold ?? null,
    });
  }
  return { pixelsPerMetre: ppm, anchors, trackers: new Map() };
}

export interface Located {
  position: Point | null;
  triangulationInfo: TriangulationInfo | null;
}

export interface Locatable {
  mac: string;
  signal?: SignalMap;
  positioningMode: PositioningMode;
  position?: Point | null;
  triangulationInfo?: TriangulationInfo | null;
}

/**
 * Locate one device from its signal map at time `now`. When the new fix is missing or below the
 * minimum confidence, the device keeps its last position rather than vanishing from the map.
 */
export function locateDevice(
  device: Locatable,
  frame: MapFrame | null,
  now: number,
  settings: LocateSettings = DEFAULT_LOCATE_SETTINGS,
): Located {
  const keep: Located = {
    position: device.position ?? null,
    triangulationInfo: device.triangulationInfo ?? null,
  };
  if (!frame || !device.signal || frame.anchors.length === 0)
    return { position: null, triangulationInfo: null };
  let tracker = frame.trackers.get(device.mac);
  if (!tracker) {
    tracker = createTracker({ mode: device.positioningMode, settings });
    frame.trackers.set(device.mac, tracker);
  }
  const observations = Object.entries(device.signal).map(([gateway, s]) => ({
    gateway,
    rssi: s.rssi,
    ageMs: Math.max(0, now - Date.parse(s.received_at)),
  }));
  const est = tracker.update(observations, frame.anchors, now);
  if (!est || est.confidence < settings.minConfidence) return keep;
  return {
    position: { x: est.x * frame.pixelsPerMetre, y: est.y * frame.pixelsPerMetre },
    triangulationInfo: {
      method: est.method,
      confidence: est.confidence,
      signalsUsed: est.signalsUsed,
      primaryGateway: est.primaryGateway,
      lastCalculated: new Date(now).toISOString(),
    },
  };
}
