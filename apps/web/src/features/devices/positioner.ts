/**
 * Positions on the client (spec §1): a device's signals and the current map's gateways go through
 * the positioning package's tracker (causal, per device); the engine works in metres, the map in
 * pixels. Pure and DOM-free, so the same code runs in the positioning worker and in tests.
 */
import {
  DEFAULT_PIXELS_PER_METRE,
  type Gateway,
  type Point,
  type PositioningMode,
  type SignalMap,
  type TrackingMap,
  type TriangulationInfo,
  type TriangulationSettings,
} from '@rtls/contract';
import {
  DEFAULT_LOCATE_SETTINGS,
  createTracker,
  fixInPixels,
  metres,
  observationsFromSignals,
  type Anchor,
  type LocateSettings,
  type PixelSize,
  type Tracker,
} from '@rtls/positioning';

/** The positioning frame of a map: its scale and its placed gateways as anchors in metres. */
export interface MapFrame {
  /** The map this frame positions on. */
  mapId?: string;
  pixelsPerMetre: number;
  anchors: Anchor[];
  /** The floor plan's size in pixels, when known: positions stay on it. */
  plan?: PixelSize;
}

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
  const plan = map.settings.imageSize;
  return { mapId: map._id, pixelsPerMetre: ppm, anchors, ...(plan ? { plan } : {}) };
}

/** The engine's part of the user's triangulation settings (spec §3; showDebugInfo is display only). */
export function locateSettings(t: TriangulationSettings): LocateSettings {
  const { showDebugInfo: _display, ...settings } = t;
  return settings;
}

export const sameLocateSettings = (a: LocateSettings, b: LocateSettings) =>
  (Object.keys(a) as (keyof LocateSettings)[]).every((k) => a[k] === b[k]);

export interface Located {
  position: Point | null;
  triangulationInfo: TriangulationInfo | null;
}

/** What the locator needs of a device. */
export interface Locatable {
  mac: string;
  signal?: SignalMap;
  positioningMode: PositioningMode;
}

export interface LocatedDevice extends Located {
  mac: string;
}

/**
 * The tracker's engine: the grid Bayes filter is the most accurate (a few ms per update); the
 * Kalman filter is some 50× cheaper, which is what lets thousands of live devices keep up.
 */
export type TrackingFilter = 'grid' | 'kalman';
/** Above this many monitored devices the cheaper Kalman filter is used. */
export const LARGE_FLEET = 300;
export const filterForFleet = (devices: number): TrackingFilter =>
  devices > LARGE_FLEET ? 'kalman' : 'grid';

const NONE: Located = { position: null, triangulationInfo: null };

/**
 * A locator for one frame and one set of triangulation settings: one tracker per device, built for
 * the device's positioningMode (a changed mode rebuilds it). When a new fix is missing or below the
 * minimum confidence, the device keeps its last position rather than vanishing from the map.
 */
export function createLocator(
  frame: MapFrame | null,
  settings: LocateSettings = DEFAULT_LOCATE_SETTINGS,
  filter: TrackingFilter = 'grid',
) {
  const trackers = new Map<string, { mode: PositioningMode; tracker: Tracker }>();
  const last = new Map<string, Located>();
  const trackerFor = (device: Locatable): Tracker => {
    const known = trackers.get(device.mac);
    if (known?.mode === device.positioningMode) return known.tracker;
    const tracker = createTracker({ mode: device.positioningMode, settings, filter });
    trackers.set(device.mac, { mode: device.positioningMode, tracker });
    return tracker;
  };
  return {
    locate(device: Locatable, now: number): Located {
      if (!frame || !device.signal || frame.anchors.length === 0) return NONE;
      const tracker = trackerFor(device);
      const observations = observationsFromSignals(device.signal, now);
      if (observations.length === 0) return last.get(device.mac) ?? NONE;
      const est = tracker.update(observations, frame.anchors, now);
      if (!est || est.confidence < settings.minConfidence) return last.get(device.mac) ?? NONE;
      const located: Located = fixInPixels(est, frame.pixelsPerMetre, now, frame.plan);
      last.set(device.mac, located);
      return located;
    },
    /** Forget a device (removed from monitoring). */
    forget(mac: string) {
      trackers.delete(mac);
      last.delete(mac);
    },
  };
}
export type Locator = ReturnType<typeof createLocator>;

/** Messages between the store and the positioning worker. */
export type ToWorker =
  | {
      type: 'frame';
      generation: number;
      frame: MapFrame | null;
      filter: TrackingFilter;
      settings: LocateSettings;
    }
  | { type: 'locate'; generation: number; now: number; devices: Locatable[] };
export interface FromWorker {
  type: 'located';
  generation: number;
  results: LocatedDevice[];
}
