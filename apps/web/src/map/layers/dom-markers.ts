/**
 * Device markers as DOM elements (a few hundred at most): one Leaflet marker per device, moved and
 * restyled only when its position or look changed. The canvas takes over above that.
 */
import L from 'leaflet';
import type { PlacedDevice } from '../../features/devices/placed-devices.ts';
import { markerHtml, markerSize, type MarkerLook } from './marker-html.ts';

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
  html: string;
  size: number;
  lat: number;
  lng: number;
  /** The device object last drawn, so unchanged devices are skipped cheaply. */
  device: PlacedDevice;
}

export interface DomMarkerEvents {
  onClick: (mac: string) => void;
  /** The pointer or the keyboard focus came to a marker (mac) or left it (null). */
  onPoint: (mac: string | null, how: 'hover' | 'focus') => void;
  /** A marker's name for screen readers and its title. */
  label: (d: PlacedDevice) => string;
}

const icon = (html: string, size: number) =>
  L.divIcon({ className: 'device-icon', iconSize: [size, size], html });

export function createDomMarkers(map: L.Map, events: DomMarkerEvents) {
  const entries = new Map<string, Entry>();
  let seen = new Set<string>();

  const add = (d: PlacedDevice, look: MarkerLook, html: string, lat: number, lng: number) => {
    const size = markerSize(look)[0];
    const marker = new FlatMarker([lat, lng], {
      icon: icon(html, size),
      title: events.label(d),
      keyboard: true,
      zIndexOffset: look.selected ? 1000 : 0,
    })
      .on('click', () => events.onClick(d.mac))
      .on('mouseover', () => events.onPoint(d.mac, 'hover'))
      .on('mouseout', () => events.onPoint(null, 'hover'))
      .addTo(map);
    watchFocus(marker, d.mac, events);
    return { marker, size };
  };

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
      const html = markerHtml(d, look);
      const entry = entries.get(d.mac);
      if (!entry) {
        const { marker, size } = add(d, look, html, lat, lng);
        entries.set(d.mac, { marker, html, size, lat, lng, device: d });
        return;
      }
      entry.device = d;
      if (entry.lat !== lat || entry.lng !== lng) {
        entry.marker.setLatLng([lat, lng]);
        entry.lat = lat;
        entry.lng = lng;
      }
      if (entry.html === html) return;
      entry.html = html;
      const size = markerSize(look)[0];
      const el = entry.marker.getElement();
      // Same size: new content in the same element (keeps keyboard focus and hover).
      if (el && size === entry.size) el.innerHTML = html;
      else {
        entry.marker.setIcon(icon(html, size));
        entry.size = size;
        watchFocus(entry.marker, d.mac, events);
      }
      entry.marker.setZIndexOffset(look.selected ? 1000 : 0);
      el?.setAttribute('title', events.label(d));
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

/** Keyboard focus on a marker's element opens its popup, leaving it closes it. */
function watchFocus(marker: L.Marker, mac: string, events: DomMarkerEvents) {
  const el = marker.getElement();
  if (!el || el.dataset.focusWatch) return;
  el.dataset.focusWatch = '1';
  el.addEventListener('focus', () => events.onPoint(mac, 'focus'));
  el.addEventListener('blur', () => events.onPoint(null, 'focus'));
}
