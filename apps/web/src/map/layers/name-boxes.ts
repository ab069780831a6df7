/**
 * Name boxes placed apart on screen (label-layout.ts) and the leader lines from each moved box to
 * its device's spot. Placement runs now and then (capped), then boxes are drawn at their offsets.
 */
import L from 'leaflet';
import type { PlacedDevice } from '../../features/devices/placed-devices.ts';
import { toLatLng } from '../crs.ts';
import { createLabelScheduler, type LabelOffset } from './label-layout.ts';

/** Where a device's marker is drawn, and its own spot when a box was moved away from it. */
export interface DrawnAt {
  lat: number;
  lng: number;
  anchor: L.LatLngTuple | null;
}

export function createNameBoxes(map: L.Map) {
  const labels = createLabelScheduler();
  const leaderLines = L.polyline([], {
    className: 'leader-line',
    weight: 1.5,
    interactive: false,
  }).addTo(map);
  let offsets: Map<string, LabelOffset> | null = null;
  let lines: L.LatLngTuple[][] = [];

  return {
    /** Place the boxes in view (the selected device first); without name boxes, none. */
    place(devices: readonly PlacedDevice[], selected: string | null, now: number, redo: boolean) {
      lines = [];
      offsets = labels.offsets(now, redo, () => {
        const bounds = map.getBounds().pad(0.1);
        return devices
          .filter((d) => bounds.contains(toLatLng(d.position)))
          .sort((a, b) => (a.mac === selected ? -1 : b.mac === selected ? 1 : 0))
          .map((d) => {
            const c = map.latLngToContainerPoint(toLatLng(d.position));
            return { id: d.mac, x: c.x, y: c.y };
          });
      });
    },
    off() {
      offsets = null;
      lines = [];
    },
    /** Where to draw this device; `line` adds a leader line (DOM markers draw their own lines). */
    at(d: PlacedDevice, line: boolean): DrawnAt {
      const p = d.position;
      const offset = offsets?.get(d.mac);
      if (!offset) return { lat: p.y, lng: p.x, anchor: null };
      const c = map.latLngToContainerPoint(toLatLng(p));
      const ll = map.containerPointToLatLng(L.point(c.x + offset.dx, c.y + offset.dy));
      if (line)
        lines.push([
          [p.y, p.x],
          [ll.lat, ll.lng],
        ]);
      return { lat: ll.lat, lng: ll.lng, anchor: [p.y, p.x] };
    },
    /** Draw the leader lines collected since the last placement. */
    drawLines() {
      leaderLines.setLatLngs(lines);
    },
    dispose() {
      leaderLines.remove();
    },
  };
}
export type NameBoxes = ReturnType<typeof createNameBoxes>;
