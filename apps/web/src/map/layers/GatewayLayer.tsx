/**
 * Gateway markers (45 px, 51 selected) with coverage circles when showGatewayCoverage is on. Slider
 * drafts show at once; in edit mode the markers can be dragged (the move is kept until Save). A
 * dot on each marker shows the gateway's health (online, stale, offline).
 */
import { useEffect } from 'react';
import L from 'leaflet';
import {
  GATEWAY_ADD_DEFAULTS,
  MARKER,
  listStatus,
  viewRadiusToPixels,
  type TrackingMap,
} from '@rtls/contract';
import { displayedGateway, useGatewaysStore } from '../../features/gateways/gateways-store.ts';
import { useUiStore } from '../../features/layout/ui-store.ts';
import { useViewStore } from '../../features/view/view-store.ts';
import { imageSize, toLatLng, validPoint } from '../crs.ts';
import { escapeHtml } from '../escape-html.ts';
import { useLeafletMap } from '../map-context.ts';

const ICON_SVG =
  '<svg viewBox="0 0 24 24" aria-hidden="true"><path d="M12 14v7M8.5 10.5a5 5 0 0 1 7 0M5.5 7.5a9 9 0 0 1 13 0" stroke="currentColor" stroke-width="2" fill="none" stroke-linecap="round"/><circle cx="12" cy="13" r="1.8" fill="currentColor"/></svg>';

export function GatewayLayer({ map: tracking }: { map: TrackingMap }) {
  const map = useLeafletMap();
  const gateways = useGatewaysStore((s) => s.entities);
  const drafts = useGatewaysStore((s) => s.drafts);
  const moved = useGatewaysStore((s) => s.moved);
  const selected = useUiStore((s) => s.selectedGatewayMac);
  const editing = useUiStore((s) => s.isEditMode);
  const showCoverage = useViewStore((s) => s.viewOptions.showGatewayCoverage);
  const { width, height } = imageSize(tracking.settings);

  useEffect(() => {
    if (!map) return;
    const group = L.layerGroup().addTo(map);
    for (const saved of Object.values(gateways)) {
      const g = displayedGateway(saved, drafts[saved.mac], moved[saved.mac]);
      const p = validPoint(g.position);
      if (!p) continue; // gateways with a non-numeric position are not drawn
      const px = g.mac === selected ? MARKER.gatewaySelected : MARKER.gateway;
      const colour = g.customSettings.color ?? GATEWAY_ADD_DEFAULTS.color;
      const status = listStatus(g.lastSeen);
      const circle =
        showCoverage && g.customSettings.showCoverage !== false
          ? L.circle(toLatLng(p), {
              radius: viewRadiusToPixels(g.viewRadius, { width, height }),
              color: colour,
              weight: 1,
              fillOpacity: 0.08,
              interactive: false,
              className: 'gateway-coverage',
            }).addTo(group)
          : null;
      const icon = L.divIcon({
        className: `gateway-icon${editing ? ' editable' : ''}`,
        iconSize: [px, px],
        // The health dot: online / stale / offline, as in the Gateways tab.
        html: `<div class="gateway-marker" data-testid="gateway-marker" data-mac="${escapeHtml(g.mac)}" data-status="${status}" style="--c:${escapeHtml(colour)}">${ICON_SVG}<span class="gateway-health ${status}" aria-hidden="true"></span></div>`,
      });
      const marker = L.marker(toLatLng(p), {
        icon,
        keyboard: false,
        title: g.name,
        alt: g.name,
        draggable: editing,
        zIndexOffset: 500,
      }).addTo(group);
      if (editing) {
        marker.on('drag', () => circle?.setLatLng(marker.getLatLng()));
        marker.on('dragend', () => {
          const ll = marker.getLatLng();
          useGatewaysStore.getState().moveGateway(g.mac, { x: ll.lng, y: ll.lat });
        });
      }
    }
    return () => void group.remove();
  }, [map, gateways, drafts, moved, selected, editing, showCoverage, width, height]);
  return null;
}
