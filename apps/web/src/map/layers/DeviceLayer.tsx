/**
 * Device markers, kept outside React's render: the layer subscribes to the stores and applies all
 * changes in one batch per animation frame, so thousands of live updates do not re-render
 * components. Dots or name boxes (with leader lines from the label placement), live colours,
 * the selected device pulsing and centred, tooltips with the user's fields, the signal popup.
 */
import { useEffect } from 'react';
import L from 'leaflet';
import {
  DEVICE_DEFAULT_COLOR,
  SIGNAL_POPUP_WIDTH_PX,
  isLive,
  type TooltipField,
} from '@rtls/contract';
import { useI18n } from '../../app/I18nProvider.tsx';
import { useDevicesStore, type LiveDevice } from '../../features/devices/devices-store.ts';
import { useGatewaysStore } from '../../features/gateways/gateways-store.ts';
import { useUiStore } from '../../features/layout/ui-store.ts';
import { useViewStore } from '../../features/view/view-store.ts';
import { toLatLng, validPoint } from '../crs.ts';
import { useLeafletMap } from '../map-context.ts';
import { drawOnCanvas } from './canvas-markers.ts';
import { CanvasMarkerLayer, REDRAW_MS, type MarkerSpec } from './CanvasMarkerLayer.ts';
import { createLabelScheduler } from './label-layout.ts';
import {
  markerHtml,
  markerSize,
  signalPopupHtml,
  tooltipHtml,
  tooltipRows,
  type MarkerLook,
} from './marker-html.ts';

interface Entry {
  marker: L.Marker;
  key: string;
  lat: number;
  lng: number;
  /** The device object last drawn, so unchanged devices are skipped cheaply. */
  device: LiveDevice;
}

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

/** Above this many markers, markers jump instead of gliding (transitions cost every frame). */
const GLIDE_LIMIT = 400;
/** Liveness changes with time alone, so re-check it now and then. */
const LIVENESS_TICK_MS = 15_000;

const lookKey = (d: LiveDevice, look: MarkerLook) =>
  `${d.name}|${d.customSettings.color ?? ''}|${look.selected}|${look.live}|${look.nameBox}|${look.showName}`;

const tooltipFields = () =>
  // The view store gains the user's tooltip fields with the settings work; defaults until then.
  (useViewStore.getState() as { tooltipFields?: TooltipField[] }).tooltipFields;

export function DeviceLayer() {
  const map = useLeafletMap();
  const { t, language } = useI18n();

  useEffect(() => {
    if (!map) return;
    const entries = new Map<string, Entry>();
    const leaderLines = L.polyline([], {
      className: 'leader-line',
      weight: 1.5,
      interactive: false,
    }).addTo(map);
    const popup = L.popup({
      maxWidth: SIGNAL_POPUP_WIDTH_PX,
      minWidth: SIGNAL_POPUP_WIDTH_PX,
      className: 'signal-popup',
      autoPan: false,
    });
    let popupMac: string | null = null;
    let frame = 0;

    const device = (mac: string) => useDevicesStore.getState().entities[mac];
    const gatewayName = (mac: string) => useGatewaysStore.getState().entities[mac]?.name ?? mac;
    const openPopup = (mac: string) => {
      const d = device(mac);
      const p = validPoint(d?.position);
      if (!d || !p) return;
      popupMac = mac;
      popup
        .setLatLng(toLatLng(p))
        .setContent(signalPopupHtml(d, t, gatewayName))
        .openOn(map);
    };

    const addMarker = (d: LiveDevice, look: MarkerLook, lat: number, lng: number) => {
      const mac = d.mac;
      const marker = new FlatMarker([lat, lng], {
        icon: L.divIcon({
          className: 'device-icon',
          iconSize: markerSize(d.name, look),
          html: markerHtml(d, look),
        }),
        title: d.name,
        alt: d.name,
        keyboard: false,
        zIndexOffset: look.selected ? 1000 : 0,
      })
        .on('click', () => {
          useUiStore.getState().selectDevice(mac);
          openPopup(mac);
        })
        .bindTooltip(
          () => {
            const cur = device(mac);
            return cur ? tooltipHtml(tooltipRows(cur, tooltipFields(), t, language)) : '';
          },
          { direction: 'top', offset: [0, -14], className: 'device-tooltip' },
        )
        .addTo(map);
      return marker;
    };

    // Many markers are drawn on one canvas; the selected device keeps its DOM marker (it pulses).
    let canvasMode = false;
    const hoverTip = L.tooltip({ direction: 'top', offset: [0, -14], className: 'device-tooltip' });
    const canvasLayer = new CanvasMarkerLayer({
      onClick: (mac) => {
        useUiStore.getState().selectDevice(mac);
        openPopup(mac);
      },
      onHover: (mac, at) => {
        const d = mac ? device(mac) : undefined;
        if (!d || !at) {
          map.closeTooltip(hoverTip);
          return;
        }
        hoverTip
          .setLatLng(at)
          .setContent(tooltipHtml(tooltipRows(d, tooltipFields(), t, language)));
        map.openTooltip(hoverTip);
      },
    });
    const labels = createLabelScheduler();

    let lastLook = '';
    let lastTick = 0;
    let lastEntities: Record<string, LiveDevice> | null = null;
    let viewChanged = true;
    const sync = () => {
      frame = 0;
      lastSync = performance.now();
      const { entities } = useDevicesStore.getState();
      const selected = useUiStore.getState().selectedDeviceMac;
      const { showDeviceNames, showDeviceAsNameBox } = useViewStore.getState().viewOptions;
      const now = Date.now();
      // Unchanged devices can be skipped unless something global changed (look, view, time).
      const globalLook = `${selected}|${showDeviceNames}|${showDeviceAsNameBox}|${Math.floor(now / LIVENESS_TICK_MS)}`;
      const fullPass = globalLook !== lastLook || viewChanged || now - lastTick > LIVENESS_TICK_MS;
      if (!fullPass && entities === lastEntities) return;
      lastLook = globalLook;
      lastEntities = entities;
      viewChanged = false;
      if (fullPass) lastTick = now;
      const shown: LiveDevice[] = [];
      for (const d of Object.values(entities)) {
        if (validPoint(d.position) && d.customSettings.showOnMaps !== false) shown.push(d);
      }
      map.getContainer().classList.toggle('many-devices', shown.length > GLIDE_LIMIT);
      const nextMode = drawOnCanvas(shown.length, canvasMode);
      if (nextMode !== canvasMode) {
        canvasMode = nextMode;
        if (canvasMode) canvasLayer.addTo(map);
        else canvasLayer.remove();
      }

      // Name boxes: placed on screen now and then (capped), then drawn there with leader lines.
      const placements = showDeviceAsNameBox
        ? labels.offsets(now, fullPass, () => {
            const bounds = map.getBounds().pad(0.1);
            return shown
              .filter((d) => bounds.contains(toLatLng(d.position!)))
              .sort((a, b) => (a.mac === selected ? -1 : b.mac === selected ? 1 : 0))
              .map((d) => {
                const c = map.latLngToContainerPoint(toLatLng(d.position!));
                return { id: d.mac, x: c.x, y: c.y };
              });
          })
        : null;
      const lines: L.LatLngExpression[][] = [];
      const specs: MarkerSpec[] = [];
      const seen = new Set<string>();
      for (const d of shown) {
        const p = d.position!;
        let lat = p.y;
        let lng = p.x;
        const offset = placements?.get(d.mac);
        const onCanvas = canvasMode && d.mac !== selected;
        if (offset) {
          const c = map.latLngToContainerPoint(toLatLng(p));
          const ll = map.containerPointToLatLng(L.point(c.x + offset.dx, c.y + offset.dy));
          lat = ll.lat;
          lng = ll.lng;
          if (!onCanvas) lines.push([toLatLng(p), ll]);
        }
        if (onCanvas) {
          specs.push({
            mac: d.mac,
            name: d.name,
            colour: d.customSettings.color ?? DEVICE_DEFAULT_COLOR,
            live: isLive(d.lastSeen, now),
            nameBox: showDeviceAsNameBox,
            showName: showDeviceNames,
            lat,
            lng,
            anchor: offset ? [p.y, p.x] : null,
          });
          continue;
        }
        seen.add(d.mac);
        const entry = entries.get(d.mac);
        if (entry && !fullPass && !showDeviceAsNameBox && entry.device === d) continue;
        const look: MarkerLook = {
          selected: d.mac === selected,
          live: isLive(d.lastSeen, now),
          nameBox: showDeviceAsNameBox,
          showName: showDeviceNames,
        };
        const key = lookKey(d, look);
        if (!entry) {
          entries.set(d.mac, { marker: addMarker(d, look, lat, lng), key, lat, lng, device: d });
          continue;
        }
        entry.device = d;
        if (entry.lat !== lat || entry.lng !== lng) {
          entry.marker.setLatLng([lat, lng]);
          entry.lat = lat;
          entry.lng = lng;
        }
        if (entry.key !== key) {
          entry.marker.setIcon(
            L.divIcon({
              className: 'device-icon',
              iconSize: markerSize(d.name, look),
              html: markerHtml(d, look),
            }),
          );
          entry.marker.setZIndexOffset(look.selected ? 1000 : 0);
          entry.key = key;
        }
      }
      for (const [mac, entry] of entries) {
        if (!seen.has(mac)) {
          entry.marker.remove();
          entries.delete(mac);
        }
      }
      if (canvasMode) canvasLayer.setMarkers(specs);
      leaderLines.setLatLngs(lines);
      if (popupMac && map.hasLayer(popup)) {
        const d = device(popupMac);
        const p = validPoint(d?.position);
        if (d && p) popup.setLatLng(toLatLng(p)).setContent(signalPopupHtml(d, t, gatewayName));
      }
    };
    // On the canvas, live changes are applied at most every REDRAW_MS (the rest of the time the
    // page does no marker work); the view and the selection are applied in the next frame.
    let lastSync = 0;
    let wait: ReturnType<typeof setTimeout> | null = null;
    const schedule = () => {
      if (frame !== 0 || wait !== null) return;
      const rest = canvasMode ? lastSync + REDRAW_MS - performance.now() : 0;
      if (rest <= 0) frame = requestAnimationFrame(sync);
      else
        wait = setTimeout(() => {
          wait = null;
          frame = requestAnimationFrame(sync);
        }, rest);
    };
    const scheduleNow = () => {
      if (wait !== null) clearTimeout(wait);
      wait = null;
      schedule();
    };

    // Selecting a device (from the list or the map) centres the map on it.
    let lastSelected = useUiStore.getState().selectedDeviceMac;
    const onUi = () => {
      const sel = useUiStore.getState().selectedDeviceMac;
      if (sel !== lastSelected) {
        lastSelected = sel;
        const p = sel ? validPoint(device(sel)?.position) : null;
        if (p) map.panTo(toLatLng(p));
      }
      scheduleNow();
    };

    sync();
    const unsubs = [
      useDevicesStore.subscribe(schedule),
      useUiStore.subscribe(onUi),
      useViewStore.subscribe(scheduleNow),
    ];
    const onView = () => {
      viewChanged = true;
      scheduleNow();
    };
    map.on('zoomend moveend', onView);
    popup.on('remove', () => (popupMac = null));
    const tick = setInterval(schedule, LIVENESS_TICK_MS);
    return () => {
      unsubs.forEach((u) => u());
      map.off('zoomend moveend', onView);
      clearInterval(tick);
      if (frame) cancelAnimationFrame(frame);
      if (wait !== null) clearTimeout(wait);
      for (const e of entries.values()) e.marker.remove();
      leaderLines.remove();
      canvasLayer.dispose();
      map.closeTooltip(hoverTip);
      popup.remove();
    };
  }, [map, t, language]);
  return null;
}
