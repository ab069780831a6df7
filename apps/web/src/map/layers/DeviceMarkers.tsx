/**
 * The device markers of one map: the devices the server located on it, kept outside React's
 * render. Store changes are applied in one batch per animation frame (marker-renderer.ts draws
 * them). A click selects the device and opens its signal popup.
 */
import { useEffect } from 'react';
import { useI18n } from '../../app/I18nProvider.tsx';
import { useDevicesStore } from '../../features/devices/devices-store.ts';
import { createPlacedSelector, type PlacedDevice } from '../../features/devices/placed-devices.ts';
import { useUiStore } from '../../features/layout/ui-store.ts';
import { useViewStore } from '../../features/view/view-store.ts';
import { useLeafletMap } from '../map-context.ts';
import { REDRAW_MS } from './CanvasMarkerLayer.ts';
import { deviceTooltipHtml } from './device-tooltip.ts';
import { createFrameScheduler } from './frame-scheduler.ts';
import { createMarkerRenderer } from './marker-renderer.ts';
import { useSignalPopupStore } from './signal-popup-store.ts';

/** Liveness changes with time alone, so re-check it now and then. */
const LIVENESS_TICK_MS = 15_000;

export function DeviceMarkers({ mapId }: { mapId: string }) {
  const map = useLeafletMap();
  const { t, language } = useI18n();

  useEffect(() => {
    if (!map) return;
    const select = createPlacedSelector();
    const renderer = createMarkerRenderer(map, {
      onClick: (mac) => {
        useUiStore.getState().selectDevice(mac);
        useSignalPopupStore.getState().open(mac);
      },
      tooltip: (mac) => {
        const d = select(useDevicesStore.getState(), mapId).find((x) => x.mac === mac);
        return d ? deviceTooltipHtml(d, t, language) : '';
      },
    });
    // Unchanged devices are skipped unless something global changed (look, view, time).
    let lastLook = '';
    let lastTick = 0;
    let lastDevices: PlacedDevice[] | null = null;
    let viewChanged = true;
    const sync = () => {
      const devices = select(useDevicesStore.getState(), mapId);
      const selected = useUiStore.getState().selectedDeviceMac;
      const { showDeviceNames: showName, showDeviceAsNameBox: nameBox } =
        useViewStore.getState().viewOptions;
      const now = Date.now();
      const look = `${selected}|${showName}|${nameBox}|${Math.floor(now / LIVENESS_TICK_MS)}`;
      const full = look !== lastLook || viewChanged || now - lastTick > LIVENESS_TICK_MS;
      if (!full && devices === lastDevices) return;
      lastLook = look;
      lastDevices = devices;
      viewChanged = false;
      if (full) lastTick = now;
      renderer.draw({ devices, selected, showName, nameBox, now, full });
    };
    const frames = createFrameScheduler(sync, () => (renderer.canvasMode ? REDRAW_MS : 0));
    const onView = () => {
      viewChanged = true;
      frames.now();
    };
    frames.sync();
    const unsubs = [
      useDevicesStore.subscribe(frames.soon),
      useUiStore.subscribe(frames.now),
      useViewStore.subscribe(frames.now),
    ];
    map.on('zoomend moveend', onView);
    const tick = setInterval(frames.soon, LIVENESS_TICK_MS);
    return () => {
      unsubs.forEach((u) => u());
      map.off('zoomend moveend', onView);
      clearInterval(tick);
      frames.dispose();
      renderer.dispose();
    };
  }, [map, mapId, t, language]);
  return null;
}
