/**
 * The canvas markers' specs, pass after pass. The placed-devices selector keeps an unchanged
 * device as the same object at the same place in its list, so a device that is the same object
 * at the same index as in the last pass keeps its last spec, without reading its ring, label or
 * liveness again; the canvas layer then tells unchanged markers by identity. Specs are built
 * afresh for devices that changed or moved in the list, for those whose label was placed anew,
 * and for every device on a full pass, when the skipped device changed, when time went back, or
 * when the oldest live marker stopped being live (then others may have too).
 */
import { CONFIDENCE_CLASS_COLOUR, isLive, type Point } from '@rtls/contract';
import type { PlacedDevice } from '../../features/devices/placed-devices.ts';
import type { MarkerSpec } from './CanvasMarkerLayer.ts';
import type { LabelSpot } from './label-layout.ts';
import type { MarkerLook } from './marker-html.ts';
import type { LabelSize, LabelText } from './marker-label.ts';
import { DEVICE_DEFAULT_COLOR } from '../../constants.ts';

/** What a device's canvas marker is drawn from, besides the device. */
export interface SpecParts {
  at: Point;
  /** When the device was last seen (ms), which decides whether it is live. */
  seen: number | null;
  nameBox: boolean;
  ring: MarkerLook['ring'];
  labelled: { text: LabelText; size: LabelSize } | undefined;
  spot: LabelSpot | undefined;
}

/** One pass of canvas markers. */
export interface SpecPass {
  devices: readonly PlacedDevice[];
  now: number;
  /** The view, the options or the time changed: every spec is built afresh. */
  full: boolean;
  /** The label spots in use: a new placement's spots rebuild the specs of labelled devices. */
  spots: ReadonlyMap<string, LabelSpot>;
  /** The device drawn elsewhere (the selected one, as a DOM marker). */
  skip: string | null;
}

/** A device's spec from what it is drawn from. */
export function markerSpec(d: PlacedDevice, parts: SpecParts, now: number): MarkerSpec {
  const { labelled: l, spot } = parts;
  return {
    mac: d.mac,
    colour: d.customSettings.color ?? DEVICE_DEFAULT_COLOR,
    live: isLive(parts.seen, now),
    nameBox: parts.nameBox,
    ring: parts.ring ? CONFIDENCE_CLASS_COLOUR[parts.ring.cls] : null,
    lat: parts.at.y,
    lng: parts.at.x,
    label: l && spot ? { text: l.text, ...l.size, ...spot } : null,
  };
}

export function createMarkerSpecs() {
  let devices: readonly PlacedDevice[] = [];
  /** The last pass's spec per device index (null for the skipped device). */
  let specs: (MarkerSpec | null)[] = [];
  let spots: ReadonlyMap<string, LabelSpot> | null = null;
  let skip: string | null = null;
  let now = -Infinity;
  /** When the oldest live marker was last seen (ms); null when none is live. */
  let oldestLive: number | null = null;
  return {
    /** The specs of a pass, in the devices' order; `parts` is read only for those built anew. */
    pass(p: SpecPass, parts: (d: PlacedDevice) => SpecParts): MarkerSpec[] {
      const fresh =
        p.full ||
        p.skip !== skip ||
        p.now < now ||
        (oldestLive !== null && !isLive(oldestLive, p.now));
      const relabel = p.spots !== spots ? spots : null;
      if (fresh) oldestLive = null;
      const next: (MarkerSpec | null)[] = new Array<MarkerSpec | null>(p.devices.length);
      const out: MarkerSpec[] = [];
      for (let i = 0; i < p.devices.length; i++) {
        const d = p.devices[i]!;
        let spec = specs[i] ?? null;
        const kept =
          !fresh && d === devices[i] && !(relabel && (relabel.has(d.mac) || p.spots.has(d.mac)));
        if (d.mac === p.skip) spec = null;
        else if (!kept) {
          const from = parts(d);
          spec = markerSpec(d, from, p.now);
          if (spec.live && from.seen !== null && !(from.seen >= (oldestLive ?? Infinity)))
            oldestLive = from.seen;
        }
        next[i] = spec;
        if (spec) out.push(spec);
      }
      devices = p.devices;
      specs = next;
      spots = p.spots;
      skip = p.skip;
      now = p.now;
      return out;
    },
    /** Forgets the last pass (markers left the canvas): the next pass builds every spec. */
    forget() {
      devices = [];
      specs = [];
    },
  };
}
