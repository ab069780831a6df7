/**
 * Device markers as DOM elements (a few hundred at most): one Leaflet marker per device, moved and
 * restyled only when its position or look changed. The canvas takes over above that.
 */
import L from 'leaflet';
import type { PlacedDevice } from '../../features/devices/placed-devices.ts';
import { markerHtml, markerSize, type MarkerLook } from './marker-html.ts';
import { TOOLTIP_OPTIONS } from './device-tooltip.ts';

/**
 * A marker placed with a 2D translate. Leaflet's translate3d makes every marker its own compositor
 * layer, and a couple of thousand layers cost far more per frame than painting flat elements.
 */
const FlatMarker = L.Marker.extend({
  _setPos(this: L.Marker, pos: L.Point) {
    (L.Marker.prototype as unknown as { _setPos: (p: L.Point) => void })._setPos.call(this, pos);
    const el = this.getElement();
    if (el) el.style.transform = `translate(${pos.x}px, ${pos.y}px)`;
  },
}) as unknown as new (latlng: L.LatLngExpression, options?: L.MarkerOptions) => L.Marker;

interface Entry {
  marker: L.Marker;
  key: string;
  lat: number;
  lng: number;
  /** The device object last drawn, so unchanged devices are skipped cheaply. */
  device: PlacedDevice;
}

export interface DomMarkerEvents {
  onClick: (mac: string) => void;
  /** Tooltip content for a device, read when the tooltip opens. */
  tooltip: (mac: string) => string;
}

const lookKey = (d: PlacedDevice, look: MarkerLook) =>
  `${d.name}|${d.customSettings.color ?? ''}|${look.selected}|${look.live}|${look.nameBox}|${look.showName}`;

const icon = (d: PlacedDevice, look: MarkerLook) =>
  L.divIcon({
    className: 'device-icon',
    iconSize: markerSize(d.name, look),
    html: markerHtml(d, look),
  });

export function createDomMarkers(map: L.Map, events: DomMarkerEvents) {
  const entries = new Map<string, Entry>();
  let seen = new Set<string>();

  const add = (d: PlacedDevice, look: MarkerLook, lat: number, lng: number) =>
    new FlatMarker([lat, lng], {
      icon: icon(d, look),
      title: d.name,
      alt: d.name,
      keyboard: false,
      zIndexOffset: look.selected ? 1000 : 0,
    })
      .on('click', () => events.onClick(d.mac))
      .bindTooltip(() => events.tooltip(d.mac), TOOLTIP_OPTIONS)
      .addTo(map);

  return {
    /** Start a pass: devices not drawn again before `end()` are removed. */
    begin() {
      seen = new Set();
    },
    /** Whether this device is drawn as it is now (nothing to do unless something global changed). */
    unchanged(d: PlacedDevice) {
      const same = entries.get(d.mac)?.device === d;
      if (same) seen.add(d.mac);
      return same;
    },
    draw(d: PlacedDevice, look: MarkerLook, lat: number, lng: number) {
      seen.add(d.mac);
      const key = lookKey(d, look);
      const entry = entries.get(d.mac);
      if (!entry) {
        entries.set(d.mac, { marker: add(d, look, lat, lng), key, lat, lng, device: d });
        return;
      }
      entry.device = d;
      if (entry.lat !== lat || entry.lng !== lng) {
        entry.marker.setLatLng([lat, lng]);
        entry.lat = lat;
        entry.lng = lng;
      }
      if (entry.key !== key) {
        entry.marker.setIcon(icon(d, look));
        entry.marker.setZIndexOffset(look.selected ? 1000 : 0);
        entry.key = key;
      }
    },
    end() {
      for (const [mac, entry] of entries) {
        if (seen.has(mac)) continue;
        entry.marker.remove();
        entries.delete(mac);
      }
    },
    dispose() {
      for (const e of entries.values()) e.marker.remove();
      entries.clear();
    },
  };
}
export type DomMarkers = ReturnType<typeof createDomMarkers>;
