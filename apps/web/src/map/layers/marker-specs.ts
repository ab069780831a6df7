/**
 * The canvas markers' specs, kept per device while nothing they are drawn from changed (the device
 * object, its spot, liveness, ring and label), so a pass over thousands of devices allocates only
 * for those that changed and the canvas layer can tell unchanged markers by identity.
 */
import type { Point } from '@rtls/contract';
import { CONFIDENCE_CLASS_COLOUR } from '@rtls/contract';
import type { PlacedDevice } from '../../features/devices/placed-devices.ts';
import type { MarkerSpec } from './CanvasMarkerLayer.ts';
import type { LabelSpot } from './label-layout.ts';
import type { MarkerLook } from './marker-html.ts';
import type { LabelSize, LabelText } from './marker-label.ts';
import { DEVICE_DEFAULT_COLOR } from '../../constants.ts';

/** What a device's canvas marker is drawn from, besides the device. */
export interface SpecParts {
  at: Point;
  live: boolean;
  nameBox: boolean;
  ring: MarkerLook['ring'];
  labelled: { text: LabelText; size: LabelSize } | undefined;
  spot: LabelSpot | undefined;
}

interface Kept extends SpecParts {
  d: PlacedDevice;
  spec: MarkerSpec;
  /** The pass that last drew it (entries not drawn in a pass are dropped after it). */
  pass: number;
}

const sameParts = (k: Kept, d: PlacedDevice, p: SpecParts) =>
  k.d === d &&
  k.at === p.at &&
  k.live === p.live &&
  k.nameBox === p.nameBox &&
  k.ring === p.ring &&
  k.labelled === p.labelled &&
  k.spot === p.spot;

export function createMarkerSpecs() {
  const kept = new Map<string, Kept>();
  let pass = 0;
  let drawn = 0;
  return {
    /** Starts a pass. */
    begin() {
      pass++;
      drawn = 0;
    },
    /** The spec of `d` in this pass: the last one when nothing it is drawn from changed. */
    spec(d: PlacedDevice, parts: SpecParts): MarkerSpec {
      drawn++;
      const k = kept.get(d.mac);
      if (k && sameParts(k, d, parts)) {
        k.pass = pass;
        return k.spec;
      }
      const { labelled: l, spot } = parts;
      const spec: MarkerSpec = {
        mac: d.mac,
        colour: d.customSettings.color ?? DEVICE_DEFAULT_COLOR,
        live: parts.live,
        nameBox: parts.nameBox,
        ring: parts.ring ? CONFIDENCE_CLASS_COLOUR[parts.ring.cls] : null,
        lat: parts.at.y,
        lng: parts.at.x,
        label: l && spot ? { text: l.text, ...l.size, ...spot } : null,
      };
      kept.set(d.mac, { ...parts, d, spec, pass });
      return spec;
    },
    /** Ends a pass: devices not drawn in it are forgotten. */
    end() {
      if (kept.size > drawn) for (const [mac, k] of kept) if (k.pass !== pass) kept.delete(mac);
    },
  };
}
