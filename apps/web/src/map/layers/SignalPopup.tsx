/**
 * The signal popup: opens when a marker is pointed at (hover, keyboard focus) or
 * tapped, lists the device's gateways with the headline value and the user's tooltip fields, and
 * follows its live signals. It is placed inside the map: above its device when there is room,
 * else below, and moved in from the sides; it closes on its button, Escape, or when the device
 * leaves the map. On a replayed map it follows the replayed tag, which has no signals to list.
 */
import { useEffect } from 'react';
import L from 'leaflet';
import { useI18n } from '../../i18n/I18nProvider.tsx';
import { useDevicesStore } from '../../features/devices/devices-store.ts';
import { createPlacedSelector } from '../../features/devices/placed-devices.ts';
import { createShownSource } from '../../features/history/shown-source.ts';
import { useReplayStore } from '../../features/history/replay-store.ts';
import { gatewayName } from '../../features/gateways/gateways-store.ts';
import { toLatLng } from '../crs.ts';
import { escapeHtml } from '../escape-html.ts';
import { useLeafletMap } from '../map-context.ts';
import { deviceTooltipHtml } from './device-tooltip.ts';
import { signalPopupHtml } from './marker-html.ts';
import { useSignalPopupStore } from './signal-popup-store.ts';

/** Space kept between the popup and the map's edges, and between it and its device (px). */
const EDGE = 8;
const GAP = 18;

/** Top-left of a w × h popup for a device at (x, y) in a W × H map: above, else below; inside. */
export function popupPlacement(
  at: { x: number; y: number },
  popup: { w: number; h: number },
  view: { w: number; h: number },
): { left: number; top: number; below: boolean } {
  const clamp = (v: number, lo: number, hi: number) => Math.max(lo, Math.min(v, Math.max(lo, hi)));
  const above = at.y - GAP - popup.h;
  const below = above < EDGE && at.y + GAP + popup.h <= view.h - EDGE;
  const top = clamp(below ? at.y + GAP : above, EDGE, view.h - EDGE - popup.h);
  const left = clamp(at.x - popup.w / 2, EDGE, view.w - EDGE - popup.w);
  return { left, top, below };
}

export function SignalPopup({ mapId }: { mapId: string }) {
  const map = useLeafletMap();
  const { t, language } = useI18n();

  useEffect(() => {
    if (!map) return;
    const select = createPlacedSelector();
    const source = createShownSource();
    const el = L.DomUtil.create('div', 'signal-popup', map.getContainer());
    el.hidden = true;
    el.setAttribute('role', 'dialog');
    el.dataset.testid = 'signal-popup-frame';
    L.DomEvent.disableClickPropagation(el);
    L.DomEvent.disableScrollPropagation(el);
    const store = useSignalPopupStore;
    el.addEventListener('mouseenter', () => store.getState().point(store.getState().mac));
    el.addEventListener('mouseleave', () => store.getState().point(null));
    el.addEventListener('click', (e) => {
      if ((e.target as Element).closest('.signal-popup-close')) store.getState().close();
      else store.getState().open(store.getState().mac ?? '', true);
    });
    let shown: string | null = null;
    let html = '';
    /** The popup's size, measured when its content changes (reading it forces a layout). */
    let size = { w: 0, h: 0 };
    let frame = 0;
    const show = () => {
      frame = 0;
      const mac = store.getState().mac;
      const { source: devices, replay } = source(mapId);
      const d = mac ? select(devices, mapId).find((x) => x.mac === mac) : null;
      // A replayed tag moves with no store change: the popup follows it in every frame.
      if (d && replay?.playing) soon();
      if (!d) {
        el.hidden = true;
        shown = null;
        html = '';
        return;
      }
      const close = `<button type="button" class="signal-popup-close icon-button small" aria-label="${escapeHtml(t('map.closePopup'))}">✕</button>`;
      const next = `${close}${signalPopupHtml(d, t, gatewayName)}${deviceTooltipHtml(d, t, language)}`;
      if (next !== html || shown !== d.mac) {
        el.innerHTML = next;
        el.setAttribute('aria-label', t('map.popup', { name: d.name }));
        el.hidden = false;
        html = next;
        shown = d.mac;
        size = { w: el.offsetWidth, h: el.offsetHeight };
      }
      place(d.position);
    };
    const place = (position: { x: number; y: number }) => {
      const view = map.getSize();
      const at = map.latLngToContainerPoint(toLatLng(position));
      const p = popupPlacement(at, size, { w: view.x, h: view.y });
      el.style.left = `${p.left}px`;
      el.style.top = `${p.top}px`;
      el.classList.toggle('below', p.below);
    };
    const soon = () => {
      if (frame === 0) frame = requestAnimationFrame(show);
    };
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape' && store.getState().mac) store.getState().close();
    };
    // A click on the plan closes it, unless that click just opened it (a canvas marker's click).
    let pinnedAt = -Infinity;
    const onMapClick = () => {
      if (performance.now() - pinnedAt > 100) store.getState().close();
    };
    const unsubs = [
      store.subscribe((s, prev) => {
        if (s.pinned && (!prev.pinned || s.mac !== prev.mac)) pinnedAt = performance.now();
        // Markers gliding under a resting pointer change the hovered tag often: once a frame.
        soon();
      }),
      ...[useDevicesStore, useReplayStore].map((s) =>
        s.subscribe(() => {
          if (store.getState().mac) soon();
        }),
      ),
    ];
    // Pointing away from every marker closes a popup opened by hover (robust even when the
    // element under the pointer was redrawn and no mouseout came).
    const onPointer = (e: PointerEvent) => {
      const s = store.getState();
      if (!s.mac || s.pinned || e.pointerType === 'touch') return;
      const over = e.target instanceof Element ? e.target : null;
      if (over?.closest('.device-icon, .signal-popup')) return;
      if (map.getContainer().classList.contains('device-hover')) return;
      if (document.activeElement?.closest('.device-icon')) return;
      s.point(null);
    };
    document.addEventListener('pointermove', onPointer);
    // A new map size may change the popup's (it is kept inside the map): measured again.
    const onResize = () => {
      html = '';
      soon();
    };
    map.on('move zoom', soon);
    map.on('resize', onResize);
    map.on('click', onMapClick);
    document.addEventListener('keydown', onKey);
    show();
    return () => {
      unsubs.forEach((u) => u());
      if (frame) cancelAnimationFrame(frame);
      map.off('move zoom', soon);
      map.off('resize', onResize);
      map.off('click', onMapClick);
      document.removeEventListener('keydown', onKey);
      document.removeEventListener('pointermove', onPointer);
      el.remove();
      if (shown) store.getState().close();
    };
  }, [map, mapId, t, language]);
  return null;
}
