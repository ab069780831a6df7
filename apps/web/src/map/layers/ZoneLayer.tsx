/**
 * Zones of the map: each polygon in its colour with a label of its name and how many devices are in
 * it now (at the replayed moment while the map is replayed). Drawn for everyone who can read the
 * map while the View tab's toggle is on; the zone being edited is left to the drawing layer.
 * Owners and editors get the drawing layer too. Labels are placed inside their zones, off gateway
 * icons, the map's controls and each other, and inside the visible map, again whenever the view
 * changes (tag labels then keep off them).
 */
import { useEffect } from 'react';
import L from 'leaflet';
import type { TrackingMap, Zone } from '@rtls/contract';
import { framePixelsPerMetre } from '@rtls/positioning';
import { useGatewaysStore } from '../../features/gateways/gateways-store.ts';
import { useI18n } from '../../i18n/I18nProvider.tsx';
import { canEdit } from '../../features/maps/access.ts';
import { labelAnchor } from '../../features/zones/zone-geometry.ts';
import { useZonesStore } from '../../features/zones/zones-store.ts';
import { useShownOccupancy } from '../../features/history/use-shown-occupancy.ts';
import { toLatLng, validPoint } from '../crs.ts';
import { escapeHtml } from '../escape-html.ts';
import { useLeafletMap } from '../map-context.ts';
import { ZoneDrawLayer } from './ZoneDrawLayer.tsx';
import { gatewayMarkerPx } from './GatewayLayer.tsx';
import { controlBoxes } from './overlay-boxes.ts';
import { placeZoneLabels } from './zone-labels.ts';

/** Labels sit above the zones and below device markers (Leaflet's marker pane is 600). */
const LABEL_PANE = 'zoneLabels';

/** The zones drawn here: all but the one being edited (the drawing layer draws that one). */
const shown = (zones: Record<string, Zone>, editedId: string | null) =>
  Object.values(zones).filter((z) => z.id !== editedId && z.polygon.length >= 3);

export function ZoneLayer({ map: tracking }: { map: TrackingMap }) {
  const map = useLeafletMap();
  const { t } = useI18n();
  const zones = useZonesStore((s) => s.entities);
  const occupancy = useShownOccupancy(tracking._id);
  const visible = useZonesStore((s) => s.visible);
  const editedId = useZonesStore((s) => s.draft?.zoneId ?? null);
  const gateways = useGatewaysStore((s) => s.entities);
  const pixelsPerMetre = framePixelsPerMetre(tracking);

  // Outlines change with the zones; labels also with the occupancy (about once a second).
  useEffect(() => {
    if (!map || !visible) return;
    const group = L.layerGroup().addTo(map);
    for (const zone of shown(zones, editedId))
      L.polygon(zone.polygon.map(toLatLng), {
        color: zone.color,
        weight: 2,
        fillColor: zone.color,
        fillOpacity: 0.15,
        interactive: false,
        className: 'zone-shape',
      }).addTo(group);
    return () => void group.remove();
  }, [map, zones, visible, editedId]);

  useEffect(() => {
    if (!map || !visible) return;
    if (!map.getPane(LABEL_PANE)) map.createPane(LABEL_PANE).style.zIndex = '450';
    const group = L.layerGroup().addTo(map);
    const labels: { zone: Zone; marker: L.Marker }[] = [];
    for (const zone of shown(zones, editedId)) {
      const count = occupancy[zone.id] ?? 0;
      const label = t('zones.occupancy', { count });
      const marker = L.marker(toLatLng(labelAnchor(zone.polygon)), {
        pane: LABEL_PANE,
        interactive: false,
        keyboard: false,
        icon: L.divIcon({
          className: 'zone-label-icon',
          iconSize: [0, 0],
          html: `<div class="zone-label" data-testid="zone-label" data-zone-id="${escapeHtml(zone.id)}" title="${escapeHtml(zone.name)}" style="--c:${escapeHtml(zone.color)}"><span class="zone-label-name" dir="auto">${escapeHtml(zone.name)}</span><span class="zone-label-count" data-testid="zone-count" title="${escapeHtml(label)}" aria-label="${escapeHtml(label)}">${count}</span></div>`,
        }),
      }).addTo(group);
      labels.push({ zone, marker });
    }
    const place = () => {
      const point = (p: { x: number; y: number }) => map.latLngToContainerPoint(toLatLng(p));
      const items = labels.flatMap(({ zone, marker }) => {
        const el = marker.getElement()?.querySelector<HTMLElement>('.zone-label');
        if (!el) return [];
        const home = point(labelAnchor(zone.polygon));
        const outline = zone.polygon.map(point);
        el.classList.remove('compact');
        const w = el.offsetWidth;
        const h = el.offsetHeight;
        el.classList.add('compact');
        const compact = { w: el.offsetWidth, h: el.offsetHeight };
        return [{ id: zone.id, outline, home, w, h, compact }];
      });
      const gatewayPx = gatewayMarkerPx(pixelsPerMetre, map.getZoom(), false);
      const obstacles = Object.values(gateways).flatMap((g) => {
        const p = validPoint(g.position);
        if (!p) return [];
        const c = point(p);
        return [{ x: c.x, y: c.y, w: gatewayPx, h: gatewayPx }];
      });
      obstacles.push(...controlBoxes(map));
      const size = map.getSize();
      const spots = placeZoneLabels(items, obstacles, { w: size.x, h: size.y });
      for (const { zone, marker } of labels) {
        const at = spots.get(zone.id);
        if (!at) continue;
        marker.setLatLng(map.containerPointToLatLng([at.x, at.y]));
        const el = marker.getElement()?.querySelector<HTMLElement>('.zone-label');
        el?.classList.toggle('compact', at.compact);
      }
    };
    place();
    map.on('zoomend moveend resize', place);
    return () => {
      map.off('zoomend moveend resize', place);
      group.remove();
    };
  }, [map, zones, occupancy, visible, editedId, t, gateways, pixelsPerMetre]);

  return canEdit(tracking) ? <ZoneDrawLayer map={tracking} /> : null;
}
