/**
 * Zones of the map: each polygon in its colour with a label of its name and how many devices are in
 * it now. Drawn for everyone who can read the map while the View tab's toggle is on; the zone being
 * edited is left to the drawing layer. Owners and editors get the drawing layer too.
 */
import { useEffect } from 'react';
import L from 'leaflet';
import type { TrackingMap, Zone } from '@rtls/contract';
import { useI18n } from '../../i18n/I18nProvider.tsx';
import { canEdit } from '../../features/maps/access.ts';
import { labelAnchor } from '../../features/zones/zone-geometry.ts';
import { useZonesStore } from '../../features/zones/zones-store.ts';
import { toLatLng } from '../crs.ts';
import { escapeHtml } from '../escape-html.ts';
import { useLeafletMap } from '../map-context.ts';
import { ZoneDrawLayer } from './ZoneDrawLayer.tsx';

/** Labels sit above the zones and below device markers (Leaflet's marker pane is 600). */
const LABEL_PANE = 'zoneLabels';

/** The zones drawn here: all but the one being edited (the drawing layer draws that one). */
const shown = (zones: Record<string, Zone>, editedId: string | null) =>
  Object.values(zones).filter((z) => z.id !== editedId && z.polygon.length >= 3);

export function ZoneLayer({ map: tracking }: { map: TrackingMap }) {
  const map = useLeafletMap();
  const { t } = useI18n();
  const zones = useZonesStore((s) => s.entities);
  const occupancy = useZonesStore((s) => s.occupancy);
  const visible = useZonesStore((s) => s.visible);
  const editedId = useZonesStore((s) => s.draft?.zoneId ?? null);

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
    for (const zone of shown(zones, editedId)) {
      const count = occupancy[zone.id] ?? 0;
      const label = t('zones.occupancy', { count });
      L.marker(toLatLng(labelAnchor(zone.polygon)), {
        pane: LABEL_PANE,
        interactive: false,
        keyboard: false,
        icon: L.divIcon({
          className: 'zone-label-icon',
          iconSize: [0, 0],
          html: `<div class="zone-label" data-testid="zone-label" data-zone-id="${escapeHtml(zone.id)}" style="--c:${escapeHtml(zone.color)}"><span class="zone-label-name" dir="auto">${escapeHtml(zone.name)}</span><span class="zone-label-count" data-testid="zone-count" title="${escapeHtml(label)}" aria-label="${escapeHtml(label)}">${count}</span></div>`,
        }),
      }).addTo(group);
    }
    return () => void group.remove();
  }, [map, zones, occupancy, visible, editedId, t]);

  return canEdit(tracking) ? <ZoneDrawLayer map={tracking} /> : null;
}
