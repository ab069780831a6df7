/**
 * A device's locator on one map: the tracker in metres, fixes in map pixels, the rule for weak
 * fixes (keep showing the last good one rather than jump to a guess or blank the marker), and on
 * a floor with walls the shown path (each shown step on the walkable area, round walls by their
 * doors, at a walker's pace).
 */
import type { MapFrame } from './frame.ts';
import { createShownPath } from './shown-path.ts';
import { createSites, type Site, type Sites } from './site.ts';
import {
  createTracker,
  sameAnchors,
  type PositioningMode,
  type Tracker,
  type TrackerOptions,
} from './tracker.ts';
import type { LocateSettings, Observation } from './types.ts';
import { metres } from './units.ts';
import { fixInPixels, type PixelFix } from './wire.ts';

/** Per-device, per-map positioning with the keep-the-last rule. */
export interface DeviceLocator {
  /**
   * A new fix in map pixels; the last fix when the new one is missing or below
   * settings.minConfidence; null before any fix (and while positioning is disabled).
   */
  update(frame: MapFrame, observations: readonly Observation[], nowMs: number): PixelFix | null;
  readonly last: PixelFix | null;
}

/** Options of a device locator. */
export interface DeviceLocatorOptions {
  mode: PositioningMode;
  settings: LocateSettings;
  filter?: 'grid' | 'kalman';
  /** Engine tuning beyond the user's settings (benchmarks, experiments); defaults when absent. */
  tracker?: TrackerOptions;
  /**
   * The sites of the maps located on, shared by every device on them: what one device's fixes
   * teach a map serves all. A book of the locator's own when absent.
   */
  sites?: Sites;
}

/**
 * A locator for one device. A frame of another map starts it afresh; so does one whose site (the
 * gateways' places and radio, the scale, the floor plan) or gateways changed, keeping the last fix
 * until the new track gives a good one. A frame rebuilt with the same content keeps the track.
 */
export function createDeviceLocator(opts: DeviceLocatorOptions): DeviceLocator {
  const { settings } = opts;
  let tracker: Tracker | null = null;
  let mapId: string | null = null;
  let siteOf: Site | null = null;
  let anchorsOf: MapFrame['anchors'] = [];
  let last: PixelFix | null = null;
  const sites = opts.sites ?? createSites();
  const shown = createShownPath();
  return {
    get last() {
      return last;
    },
    update(frame, observations, nowMs) {
      if (!settings.enabled) return null;
      const site = sites.of(frame, nowMs);
      const otherMap = frame.mapId !== mapId;
      if (!tracker || otherMap || site !== siteOf || !sameAnchors(anchorsOf, frame.anchors)) {
        // The tracker applies no confidence floor: the weak-fix rule is this locator's.
        // The site's radio model is learnt from every device located on the frame's map, from
        // epochs sure enough even where the readings do not fit it well.
        tracker = createTracker({
          fitInflation: true,
          ...opts.tracker,
          mode: opts.mode,
          settings: { ...settings, minConfidence: 0 },
          ...(opts.filter ? { filter: opts.filter } : {}),
        });
        if (otherMap) last = null;
        mapId = frame.mapId;
        shown.reset();
      }
      siteOf = site;
      anchorsOf = frame.anchors;
      const e = tracker.update(observations, frame.anchors, nowMs, site);
      if (e && e.confidence >= settings.minConfidence) {
        const floor = tracker.floor;
        const p = floor ? shown.step(e.x, e.y, nowMs, floor) : e;
        const at = p === e ? e : { ...e, x: metres(p.x), y: metres(p.y) };
        last = fixInPixels(at, frame.pixelsPerMetre, nowMs, frame.plan);
      }
      return last;
    },
  };
}
