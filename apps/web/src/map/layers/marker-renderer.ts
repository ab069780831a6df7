/**
 * Draws one pass of device markers: DOM markers for a few hundred devices, the canvas above that
 * (the selected device keeps its DOM marker, it pulses), name boxes with leader lines.
 */
import L from 'leaflet';
import { DEVICE_DEFAULT_COLOR, isLive } from '@rtls/contract';
import type { PlacedDevice } from '../../features/devices/placed-devices.ts';
import { drawOnCanvas } from './canvas-markers.ts';
import { CanvasMarkerLayer, type MarkerSpec } from './CanvasMarkerLayer.ts';
import { TOOLTIP_OPTIONS } from './device-tooltip.ts';
import { createDomMarkers } from './dom-markers.ts';
import type { MarkerLook } from './marker-html.ts';
import { createNameBoxes } from './name-boxes.ts';

/** Above this many markers, markers jump instead of gliding (transitions cost every frame). */
const GLIDE_LIMIT = 400;

/** What one pass draws. */
export interface MarkerPass {
  devices: readonly PlacedDevice[];
  selected: string | null;
  showName: boolean;
  nameBox: boolean;
  now: number;
  /** Redraw every device (something global changed), not only the changed ones. */
  full: boolean;
}

export interface MarkerEvents {
  onClick: (mac: string) => void;
  tooltip: (mac: string) => string;
}

export function createMarkerRenderer(map: L.Map, { onClick, tooltip }: MarkerEvents) {
  const dom = createDomMarkers(map, { onClick, tooltip });
  const boxes = createNameBoxes(map);
  const hoverTip = L.tooltip(TOOLTIP_OPTIONS);
  const canvas = new CanvasMarkerLayer({
    onClick,
    onHover: (mac, at) => {
      if (!mac || !at) return void map.closeTooltip(hoverTip);
      hoverTip.setLatLng(at).setContent(tooltip(mac));
      map.openTooltip(hoverTip);
    },
  });
  let canvasMode = false;

  const chooseMode = (count: number) => {
    map.getContainer().classList.toggle('many-devices', count > GLIDE_LIMIT);
    const next = drawOnCanvas(count, canvasMode);
    if (next === canvasMode) return;
    canvasMode = next;
    if (canvasMode) canvas.addTo(map);
    else canvas.remove();
  };

  return {
    get canvasMode() {
      return canvasMode;
    },
    draw(pass: MarkerPass) {
      chooseMode(pass.devices.length);
      if (pass.nameBox) boxes.place(pass.devices, pass.selected, pass.now, pass.full);
      else boxes.off();
      const specs: MarkerSpec[] = [];
      dom.begin();
      for (const d of pass.devices) {
        const onCanvas = canvasMode && d.mac !== pass.selected;
        if (!onCanvas && !pass.full && !pass.nameBox && dom.unchanged(d)) continue;
        const at = boxes.at(d, !onCanvas);
        const look: MarkerLook = {
          selected: d.mac === pass.selected,
          live: isLive(d.lastSeen, pass.now),
          nameBox: pass.nameBox,
          showName: pass.showName,
        };
        if (!onCanvas) {
          dom.draw(d, look, at.lat, at.lng);
          continue;
        }
        const colour = d.customSettings.color ?? DEVICE_DEFAULT_COLOR;
        const { live, nameBox, showName } = look;
        specs.push({ mac: d.mac, name: d.name, colour, live, nameBox, showName, ...at });
      }
      dom.end();
      if (canvasMode) canvas.setMarkers(specs);
      boxes.drawLines();
    },
    dispose() {
      dom.dispose();
      boxes.dispose();
      canvas.dispose();
      map.closeTooltip(hoverTip);
    },
  };
}
