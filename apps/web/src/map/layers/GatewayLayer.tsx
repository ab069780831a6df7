/**
 * Gateway markers with coverage circles when showGatewayCoverage is on. A marker stands for
 * GATEWAY_ICON_M of the floor at the current zoom, from a small dot (a zoomed-out plan, a phone)
 * up to 45 px (51 selected), so icons never bury the plan and the tags. Slider
 * drafts show at once; in edit mode the markers can be dragged (the move is kept until Save). A
 * dot on each marker shows the gateway's health (online, stale, offline) as the Gateways tab
 * does; it follows live signals and the passing time on the markers in place, without redrawing
 * them (a drag in progress is kept).
 */
import { useEffect, useMemo, useRef, useState } from 'react';
import L from 'leaflet';
import { GATEWAY_ADD_DEFAULTS, type ListStatus, type TrackingMap } from '@rtls/contract';
import { framePixelsPerMetre } from '@rtls/positioning';
import { useGatewayStatuses } from '../../features/gateways/gateway-health.ts';
import { displayedGateway, useGatewaysStore } from '../../features/gateways/gateways-store.ts';
import { useUiStore } from '../../features/layout/ui-store.ts';
import { useViewStore } from '../../features/view/view-store.ts';
import { imageSize, toLatLng, validPoint } from '../crs.ts';
import { escapeHtml } from '../escape-html.ts';
import { useLeafletMap } from '../map-context.ts';
import { MARKER, viewRadiusToPixels } from '../../constants.ts';

/** Show a health status on a marker's element (its data-status and the dot's class). */
function showStatus(marker: L.Marker, status: ListStatus): void {
  const el = marker.getElement()?.querySelector<HTMLElement>('.gateway-marker');
  if (!el || el.dataset.status === status) return;
  el.dataset.status = status;
  el.querySelector('.gateway-health')?.setAttribute('class', `gateway-health ${status}`);
}

const ICON_SVG =
  '<svg viewBox="0 0 24 24" aria-hidden="true"><path d="M12 14v7M8.5 10.5a5 5 0 0 1 7 0M5.5 7.5a9 9 0 0 1 13 0" stroke="currentColor" stroke-width="2" fill="none" stroke-linecap="round"/><circle cx="12" cy="13" r="1.8" fill="currentColor"/></svg>';

/** Between the overlays (coverage, 400) and the devices (canvas 590, markers 600). */
const GATEWAY_PANE = 'gatewayPane';

/** How much of the floor a gateway icon covers (m): about a ceiling unit with room to read it. */
export const GATEWAY_ICON_M = 2.5;
/** Smallest marker (px): a dot in the gateway's colour with its health. */
const GATEWAY_MIN_PX = 12;
/** Below this size (px) a marker is a dot: the antenna drawing would not read. */
export const GATEWAY_DOT_BELOW_PX = 26;

/**
 * A gateway marker's size on screen (px) at this zoom: GATEWAY_ICON_M of the floor, between
 * GATEWAY_MIN_PX and the full icon (MARKER.gateway, or MARKER.gatewaySelected when selected).
 */
export function gatewayMarkerPx(pixelsPerMetre: number, zoom: number, selected: boolean): number {
  const full = selected ? MARKER.gatewaySelected : MARKER.gateway;
  const onScreen = GATEWAY_ICON_M * pixelsPerMetre * 2 ** zoom;
  const px = Math.round(Math.min(MARKER.gateway, Math.max(GATEWAY_MIN_PX, onScreen)));
  return selected ? px + (full - MARKER.gateway) : px;
}

/** The map's zoom, followed as it changes. */
function useZoom(map: L.Map | null): number {
  const [zoom, setZoom] = useState(() => map?.getZoom() ?? 0);
  useEffect(() => {
    if (!map) return;
    const follow = () => setZoom(map.getZoom());
    follow();
    map.on('zoomend', follow);
    return () => {
      map.off('zoomend', follow);
    };
  }, [map]);
  return zoom;
}

export function GatewayLayer({ map: tracking }: { map: TrackingMap }) {
  const map = useLeafletMap();
  const gateways = useGatewaysStore((s) => s.entities);
  const drafts = useGatewaysStore((s) => s.drafts);
  const moved = useGatewaysStore((s) => s.moved);
  const selected = useUiStore((s) => s.selectedGatewayMac);
  const editing = useUiStore((s) => s.isEditMode);
  const showCoverage = useViewStore((s) => s.viewOptions.showGatewayCoverage);
  const { width, height } = imageSize(tracking.settings);
  const listed = useMemo(() => Object.values(gateways), [gateways]);
  const statuses = useGatewayStatuses(listed);
  // While gateways are edited, a tag standing on one lets the drag through to it (devices.css).
  useEffect(() => {
    if (!map || !editing) return;
    const container = map.getContainer();
    container.classList.add('editing-gateways');
    return () => container.classList.remove('editing-gateways');
  }, [map, editing]);
  // Markers are built with the statuses of the moment and then updated in place.
  const statusesNow = useRef(statuses);
  statusesNow.current = statuses;
  const markers = useRef(new Map<string, L.Marker>());
  const zoom = useZoom(map);
  const pixelsPerMetre = framePixelsPerMetre(tracking);

  useEffect(() => {
    if (!map) return;
    // Gateway icons lie under every tag (DOM markers and the devices canvas): never hiding one.
    if (!map.getPane(GATEWAY_PANE)) map.createPane(GATEWAY_PANE).style.zIndex = '550';
    const group = L.layerGroup().addTo(map);
    const built = markers.current;
    for (const saved of Object.values(gateways)) {
      const g = displayedGateway(saved, drafts[saved.mac], moved[saved.mac]);
      const p = validPoint(g.position);
      if (!p) continue; // gateways with a non-numeric position are not drawn
      const px = gatewayMarkerPx(pixelsPerMetre, zoom, g.mac === selected);
      const dot = px < GATEWAY_DOT_BELOW_PX;
      const colour = g.customSettings.color ?? GATEWAY_ADD_DEFAULTS.color;
      const status = statusesNow.current[g.mac] ?? 'offline';
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
        className: `gateway-icon${editing ? ' editable' : ''}${dot ? ' dot' : ''}`,
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
        pane: GATEWAY_PANE,
      }).addTo(group);
      built.set(g.mac, marker);
      if (editing) {
        marker.on('drag', () => {
          const ll = marker.getLatLng();
          circle?.setLatLng(ll);
          useGatewaysStore
            .getState()
            .dragGateway({ mac: g.mac, position: { x: ll.lng, y: ll.lat } });
        });
        marker.on('dragend', () => {
          const ll = marker.getLatLng();
          useGatewaysStore.getState().moveGateway(g.mac, { x: ll.lng, y: ll.lat });
        });
      }
    }
    return () => {
      group.remove();
      built.clear();
    };
  }, [
    map,
    gateways,
    drafts,
    moved,
    selected,
    editing,
    showCoverage,
    width,
    height,
    zoom,
    pixelsPerMetre,
  ]);

  useEffect(() => {
    for (const [mac, marker] of markers.current) showStatus(marker, statuses[mac] ?? 'offline');
  }, [statuses]);
  return null;
}
