/**
 * The signal popup of the device clicked on the map: it stays on the device's spot on this map and
 * follows its live signals; it closes when the device leaves the map.
 */
import { useEffect } from 'react';
import L from 'leaflet';
import { SIGNAL_POPUP_WIDTH_PX } from '@rtls/contract';
import { useI18n } from '../../app/I18nProvider.tsx';
import { useDevicesStore } from '../../features/devices/devices-store.ts';
import { createPlacedSelector } from '../../features/devices/placed-devices.ts';
import { gatewayName } from '../../features/gateways/gateways-store.ts';
import { toLatLng } from '../crs.ts';
import { useLeafletMap } from '../map-context.ts';
import { signalPopupHtml } from './marker-html.ts';
import { useSignalPopupStore } from './signal-popup-store.ts';

export function SignalPopup({ mapId }: { mapId: string }) {
  const map = useLeafletMap();
  const { t } = useI18n();

  useEffect(() => {
    if (!map) return;
    const select = createPlacedSelector();
    const popup = L.popup({
      maxWidth: SIGNAL_POPUP_WIDTH_PX,
      minWidth: SIGNAL_POPUP_WIDTH_PX,
      className: 'signal-popup',
      autoPan: false,
    });
    let frame = 0;
    const show = () => {
      frame = 0;
      const mac = useSignalPopupStore.getState().mac;
      const d = mac ? select(useDevicesStore.getState(), mapId).find((x) => x.mac === mac) : null;
      if (!d) {
        if (map.hasLayer(popup)) map.closePopup(popup);
        return;
      }
      popup.setLatLng(toLatLng(d.position)).setContent(signalPopupHtml(d, t, gatewayName));
      if (!map.hasLayer(popup)) popup.openOn(map);
    };
    const soon = () => {
      if (frame === 0) frame = requestAnimationFrame(show);
    };
    // Closed by the user (its button, a map click): forget it, so updates do not reopen it.
    popup.on('remove', () => {
      if (useSignalPopupStore.getState().mac) useSignalPopupStore.getState().close();
    });
    const unsubs = [
      useSignalPopupStore.subscribe(show),
      useDevicesStore.subscribe(() => {
        if (useSignalPopupStore.getState().mac) soon();
      }),
    ];
    return () => {
      unsubs.forEach((u) => u());
      if (frame) cancelAnimationFrame(frame);
      popup.off();
      popup.remove();
      useSignalPopupStore.getState().close();
    };
  }, [map, mapId, t]);
  return null;
}
