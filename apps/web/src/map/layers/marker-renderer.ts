/**
 * Draws one pass of device markers: DOM markers for a few hundred devices, the canvas above that
 * (the selected device keeps its DOM marker, it pulses). Each marker is a body on the device's
 * spot and a label (dot label or name box) that the label layout keeps clear of other labels,
 * bodies and gateway icons (and of the text printed in the plan while it can), with a leader line
 * when it moved.
 */
import type L from 'leaflet';
import type { LabelBox } from '@rtls/positioning';
import { isLive, type ConfidenceClass, type Point } from '@rtls/contract';
import type { PlacedDevice } from '../../features/devices/placed-devices.ts';
import type { TextBox } from '../../features/floor/text-detector.ts';
import { toLatLng } from '../crs.ts';
import { drawOnCanvas } from './canvas-markers.ts';
import { CanvasMarkerLayer } from './CanvasMarkerLayer.ts';
import { createDomMarkers } from './dom-markers.ts';
import { createMarkerSpecs } from './marker-specs.ts';
import { controlBoxes, zoneLabelBoxes } from './overlay-boxes.ts';
import { createGlideTracker } from './glide.ts';
import { layerPoints } from './layer-points.ts';
import {
  MAX_PLACED_LABELS,
  createLabelScheduler,
  withRing,
  type LabelSpot,
  type ScreenDevice,
} from './label-layout.ts';
import type { MarkerLook } from './marker-html.ts';
import {
  bodySize,
  homeOffset,
  labelSize,
  measureText,
  ringClass,
  type LabelText,
  type MarkerOptions,
} from './marker-label.ts';

/**
 * Above this many markers, markers jump instead of gliding: every gliding marker is moved (and its
 * label placed again) in every frame. With 200 gliding tags in headless Chromium on 2 cores,
 * frames reached a p95 of ~470 ms, jumping ~33 ms.
 */
const GLIDE_LIMIT = 100;
/** Labels are placed for devices up to this share of the view's size beyond its edges. */
const VIEW_MARGIN = 0.1;

/** What one pass draws. */
export interface MarkerPass {
  devices: readonly PlacedDevice[];
  selected: string | null;
  options: MarkerOptions;
  /** Gateways on this map (their icons are kept clear of labels). */
  gateways: readonly Point[];
  /** The gateway icons' size on screen (px). */
  gatewayPx: number;
  now: number;
  /** The view or something global changed: place the labels again. */
  full: boolean;
  /** Whether moved markers glide to their new spots (false: they jump, as a replay draws them). */
  glide?: boolean;
}

export interface MarkerEvents {
  onClick: (mac: string) => void;
  /** The pointer or keyboard focus came to a marker (mac) or left it (null). */
  onPoint: (mac: string | null, how: 'hover' | 'focus') => void;
  /** A device's label text under the current options and language. */
  text: (d: PlacedDevice) => LabelText | null;
  /** Spoken text of a confidence ring. */
  ringText: (d: PlacedDevice, cls: ConfidenceClass) => string;
  /** A marker's accessible name. */
  markerLabel: (d: PlacedDevice) => string;
}

interface Labelled {
  text: LabelText;
  size: { w: number; h: number };
}

/** A box in map pixels as a label box in the map's container pixels now. */
function onScreen(map: L.Map, b: TextBox): LabelBox {
  const p = map.latLngToContainerPoint(toLatLng({ x: b.x0, y: b.y0 }));
  const q = map.latLngToContainerPoint(toLatLng({ x: b.x1, y: b.y1 }));
  return {
    x: (p.x + q.x) / 2,
    y: (p.y + q.y) / 2,
    w: Math.abs(q.x - p.x),
    h: Math.abs(q.y - p.y),
  };
}

/** `planText`: the boxes of the text printed in the plan image, map pixels (see plan-text.ts). */
export function createMarkerRenderer(
  map: L.Map,
  events: MarkerEvents,
  planText: readonly TextBox[] = [],
) {
  const dom = createDomMarkers(map, {
    onClick: events.onClick,
    onPoint: events.onPoint,
    label: events.markerLabel,
  });
  const canvas = new CanvasMarkerLayer({
    onClick: events.onClick,
    onHover: (mac) => events.onPoint(mac, 'hover'),
  });
  const labels = createLabelScheduler();
  const canvasSpecs = createMarkerSpecs();
  const glide = createGlideTracker();
  // A new zoom or view puts the markers on their spots at once.
  const settle = () => glide.settle();
  map.on('zoomanim zoom viewreset', settle);
  let canvasMode = false;
  /** Whether DOM markers glide (few of them); above GLIDE_LIMIT they jump. */
  let gliding = false;

  const chooseMode = (count: number) => {
    gliding = count <= GLIDE_LIMIT;
    const next = drawOnCanvas(count, canvasMode);
    if (next === canvasMode) return;
    canvasMode = next;
    if (canvasMode) canvas.addTo(map);
    else canvas.remove();
  };

  /** How many labels the last placement saw (decides whether to place on every pass). */
  let lastLabelCount = 0;
  /** Label texts by device, kept while the device object is the same (cleared on full passes). */
  const measured = new Map<string, { d: PlacedDevice; labelled: Labelled | undefined }>();
  /** Confidence rings and last-seen times (ms) by device, kept like the label texts. */
  const rings = new Map<
    string,
    { d: PlacedDevice; value: MarkerLook['ring']; seen: number | null }
  >();
  /** The map's controls and the zone labels, as label obstacles (read again on full passes). */
  let controls: LabelBox[] = [];
  /** The plan's text on screen (placed again on full passes: the view changed). */
  let textBoxes: LabelBox[] = [];

  /** Labels of the devices in view (selected first, at most MAX_PLACED_LABELS) and their spots. */
  const placeLabels = (pass: MarkerPass, drawnAt: ReadonlyMap<string, Point>) => {
    const { showDeviceAsNameBox: nameBox } = pass.options;
    const texts = new Map<string, Labelled>();
    if (pass.full) {
      measured.clear();
      rings.clear();
      controls = [...controlBoxes(map), ...zoneLabelBoxes(map)];
      textBoxes = planText.map((b) => onScreen(map, b));
    }
    const measure = (d: PlacedDevice) => {
      let m = measured.get(d.mac);
      if (m?.d !== d) {
        const text = events.text(d);
        m = {
          d,
          labelled: text ? { text, size: labelSize(text, nameBox, measureText) } : undefined,
        };
        measured.set(d.mac, m);
      }
      if (m.labelled) texts.set(d.mac, m.labelled);
      return m.labelled;
    };
    if (!labels.due(pass.now, pass.full, lastLabelCount)) {
      // Between placements, only the labels placed last time are drawn, at their offsets.
      for (const d of pass.devices) if (labels.current.has(d.mac)) measure(d);
      return { texts, spots: labels.current };
    }
    const size = map.getSize();
    const mx = size.x * VIEW_MARGIN;
    const my = size.y * VIEW_MARGIN;
    const screen: ScreenDevice[] = [];
    const toLayer = layerPoints(map);
    const pane = map.layerPointToContainerPoint([0, 0]);
    const p = { x: 0, y: 0 };
    const add = (d: PlacedDevice) => {
      // Around the marker as drawn in this frame: Leaflet puts it on a whole layer pixel.
      const at = drawnAt.get(d.mac) ?? d.position;
      toLayer(at.y, at.x, p);
      const x = p.x + pane.x;
      const y = p.y + pane.y;
      if (x < -mx || y < -my || x > size.x + mx || y > size.y + my) return;
      const selected = d.mac === pass.selected;
      const body = withRing(bodySize(nameBox, selected), ringClass(d, pass.options) !== null);
      const labelled = texts.size < MAX_PLACED_LABELS ? measure(d) : undefined;
      const label = labelled
        ? { ...labelled.size, ...homeOffset(labelled.size, nameBox, selected) }
        : null;
      screen.push({ id: d.mac, x, y, body, label, keep: selected, ownsBody: nameBox });
    };
    const selected = pass.devices.find((d) => d.mac === pass.selected);
    if (selected) add(selected);
    for (const d of pass.devices) if (d !== selected) add(d);
    lastLabelCount = texts.size;
    // Devices no longer shown are forgotten; only then can a cache hold more devices than shown.
    if (rings.size > pass.devices.length || measured.size > pass.devices.length) {
      const shown = new Set(pass.devices.map((d) => d.mac));
      for (const cache of [measured, rings])
        for (const mac of cache.keys()) if (!shown.has(mac)) cache.delete(mac);
    }
    const gateways = pass.gateways.map((g) => {
      const c = map.latLngToContainerPoint(toLatLng(g));
      return { x: c.x, y: c.y, size: pass.gatewayPx };
    });
    const view = { w: size.x, h: size.y };
    const context = { controls, planText: textBoxes, view };
    return { texts, spots: labels.place(pass.now, screen, gateways, context) };
  };

  /** A device's confidence ring and last-seen time, kept while the device object is the same. */
  const ringOf = (d: PlacedDevice, pass: MarkerPass) => {
    let ring = rings.get(d.mac);
    if (ring?.d !== d) {
      const cls = ringClass(d, pass.options);
      // Last seen parsed once per device object: every pass asks every marker whether it is live.
      const seen = d.lastSeen ? Date.parse(d.lastSeen) : null;
      ring = { d, value: cls ? { cls, text: events.ringText(d, cls) } : null, seen };
      rings.set(d.mac, ring);
    }
    return ring;
  };

  const lookOf = (
    d: PlacedDevice,
    pass: MarkerPass,
    labelled: Labelled | undefined,
    spot: LabelSpot | undefined,
  ): MarkerLook => {
    const ring = ringOf(d, pass);
    return {
      selected: d.mac === pass.selected,
      live: isLive(ring.seen, pass.now),
      nameBox: pass.options.showDeviceAsNameBox,
      ring: ring.value,
      label: labelled && spot ? { ...labelled, spot } : null,
    };
  };

  return {
    get canvasMode() {
      return canvasMode;
    },
    /** Markers are gliding: another pass is wanted in the next frame. */
    get gliding() {
      return !canvasMode && gliding && glide.moving(performance.now());
    },
    draw(pass: MarkerPass) {
      // Leaflet's zoom animation moves the markers; the pass after it ('zoomend') draws them all.
      if ((map as unknown as { _animatingZoom?: boolean })._animatingZoom) return;
      chooseMode(pass.devices.length);
      // Where each gliding marker is drawn in this frame (on its way to its spot); the others are
      // drawn on their spots, and the glides are forgotten while markers jump.
      const t = performance.now();
      const drawnAt = new Map<string, Point>();
      if (!canvasMode && gliding && pass.glide !== false)
        for (const d of pass.devices) drawnAt.set(d.mac, glide.current(d.mac, d.position, t));
      glide.keep(drawnAt);
      const { texts, spots } = placeLabels(pass, drawnAt);
      dom.begin();
      if (!canvasMode) {
        for (const d of pass.devices) {
          const at = drawnAt.get(d.mac) ?? d.position;
          dom.draw(d, lookOf(d, pass, texts.get(d.mac), spots.get(d.mac)), at.y, at.x);
        }
        dom.end();
        canvasSpecs.forget();
        return;
      }
      // The selected device keeps its DOM marker (it pulses); the others are drawn on the canvas.
      const selected = pass.selected ? pass.devices.find((d) => d.mac === pass.selected) : null;
      if (selected) {
        const look = lookOf(selected, pass, texts.get(selected.mac), spots.get(selected.mac));
        dom.draw(selected, look, selected.position.y, selected.position.x);
      }
      dom.end();
      const specPass = { ...pass, spots, skip: pass.selected };
      canvas.setMarkers(
        canvasSpecs.pass(specPass, (d) => {
          const ring = ringOf(d, pass);
          return {
            at: d.position,
            seen: ring.seen,
            nameBox: pass.options.showDeviceAsNameBox,
            ring: ring.value,
            labelled: texts.get(d.mac),
            spot: spots.get(d.mac),
          };
        }),
      );
    },
    dispose() {
      map.off('zoomanim zoom viewreset', settle);
      dom.dispose();
      canvas.dispose();
    },
  };
}
