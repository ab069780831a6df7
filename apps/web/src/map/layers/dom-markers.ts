/**
 * Device markers as DOM elements (a few hundred at most): one Leaflet marker per device, moved
 * only when its position changed and rebuilt only when what it shows changed; a label that only
 * moved is restyled in place. The canvas takes over above that.
 */
import L from 'leaflet';
import type { PlacedDevice } from '../../features/devices/placed-devices.ts';
import {
  labelPosition,
  leaderGeometry,
  markerHtml,
  markerSize,
  sameContent,
  sameSpot,
  type MarkerLook,
} from './marker-html.ts';

const base = L.Marker.prototype as unknown as { _setPos: (p: L.Point) => void };

/**
 * A marker placed with a 2D translate. Leaflet's translate3d makes every marker its own compositor
 * layer, and a couple of thousand layers cost far more per frame than painting flat elements.
 * Gliding is the renderer's: it draws a moving marker at its glide's spot in every frame.
 */
const FlatMarker = L.Marker.extend({
  _setPos(this: L.Marker, pos: L.Point) {
    base._setPos.call(this, pos);
    const el = this.getElement();
    if (el) el.style.transform = `translate(${pos.x}px, ${pos.y}px)`;
  },
}) as unknown as new (latlng: L.LatLngExpression, options?: L.MarkerOptions) => L.Marker;

interface Entry {
  marker: L.Marker;
  size: number;
  lat: number;
  lng: number;
  /** What the marker shows now: the device's name and colour, and its look. */
  name: string;
  colour: string | undefined;
  look: MarkerLook;
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
    draw(d: PlacedDevice, look: MarkerLook, lat: number, lng: number) {
      seen.add(d.mac);
      const entry = entries.get(d.mac);
      if (!entry) {
        const { marker, size } = add(d, look, markerHtml(d, look), lat, lng);
        entries.set(d.mac, { marker, size, lat, lng, ...shows(d, look) });
        return;
      }
      if (entry.lat !== lat || entry.lng !== lng) {
        entry.marker.setLatLng([lat, lng]);
        entry.lat = lat;
        entry.lng = lng;
      }
      const before = entry.look;
      const renamed = entry.name !== d.name;
      const same = !renamed && entry.colour === d.customSettings.color && sameContent(before, look);
      Object.assign(entry, shows(d, look));
      if (same) {
        if (!sameSpot(before, look)) moveLabel(entry.marker.getElement(), look);
        return;
      }
      const html = markerHtml(d, look);
      const size = markerSize(look)[0];
      const el = entry.marker.getElement();
      // Same size: new content in the same element (keeps keyboard focus and hover).
      if (el && size === entry.size) {
        el.innerHTML = html;
        if (renamed) el.setAttribute('title', events.label(d));
      } else {
        entry.marker.setIcon(icon(html, size));
        entry.size = size;
        entry.marker.getElement()?.setAttribute('title', events.label(d));
        watchFocus(entry.marker, d.mac, events);
      }
      if (before.selected !== look.selected) entry.marker.setZIndexOffset(look.selected ? 1000 : 0);
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

const shows = (d: PlacedDevice, look: MarkerLook) => ({
  name: d.name,
  colour: d.customSettings.color,
  look,
});

/** Moves a drawn label (and its leader line) to the look's spot without rebuilding the marker. */
function moveLabel(el: HTMLElement | undefined, look: MarkerLook) {
  const spot = look.label?.spot;
  if (!el || !spot) return;
  const label = el.querySelector<HTMLElement>('[data-testid="device-label"]');
  if (label) Object.assign(label.style, labelPosition(spot));
  const leader = el.querySelector<HTMLElement>('[data-testid="leader-line"]');
  if (leader) Object.assign(leader.style, leaderGeometry(spot));
}

/** Keyboard focus on a marker's element opens its popup, leaving it closes it. */
function watchFocus(marker: L.Marker, mac: string, events: DomMarkerEvents) {
  const el = marker.getElement();
  if (!el || el.dataset.focusWatch) return;
  el.dataset.focusWatch = '1';
  el.addEventListener('focus', () => events.onPoint(mac, 'focus'));
  el.addEventListener('blur', () => events.onPoint(null, 'focus'));
}
