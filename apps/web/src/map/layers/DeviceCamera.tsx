/**
 * Selecting a device (in the list or on the map) centres this map on it, when it is drawn here.
 * While Follow is on, the map keeps centring it as it moves; dragging the map turns Follow off.
 * A focus request for this map (an alert's "Show on map") centres the device as soon as it is
 * drawn here, also when this map has only just been opened for it. While the map is replayed, a
 * device is centred where the replay draws it.
 */
import { useEffect } from 'react';
import { useDevicesStore } from '../../features/devices/devices-store.ts';
import { createShownSource } from '../../features/history/shown-source.ts';
import { useFollowStore } from '../../features/devices/follow-store.ts';
import { useUiStore } from '../../features/layout/ui-store.ts';
import { toLatLng } from '../crs.ts';
import { useLeafletMap } from '../map-context.ts';

export function DeviceCamera({ mapId }: { mapId: string }) {
  const map = useLeafletMap();
  useEffect(() => {
    if (!map) return;
    const shown = createShownSource();
    const placementOf = (mac: string) => shown(mapId).source.positions[mapId]?.[mac];
    const centre = (mac: string | null) => {
      const placement = mac ? placementOf(mac) : undefined;
      if (placement) map.panTo(toLatLng(placement.position));
    };
    /** Centre a device asked for on this map once it is placed here; then the request is done. */
    const focus = () => {
      const request = useUiStore.getState().deviceFocus;
      if (request?.mapId !== mapId) return;
      const placement = placementOf(request.mac);
      if (!placement) return;
      map.panTo(toLatLng(placement.position));
      useUiStore.setState({ deviceFocus: null });
    };
    focus();
    const offSelect = useUiStore.subscribe((s, prev) => {
      if (s.deviceFocus !== prev.deviceFocus) focus();
      else if (s.selectedDeviceMac !== prev.selectedDeviceMac) centre(s.selectedDeviceMac);
    });
    const offFollow = useFollowStore.subscribe((s, prev) => {
      if (s.following && !prev.following) centre(useUiStore.getState().selectedDeviceMac);
    });
    const offMove = useDevicesStore.subscribe((s, prev) => {
      if (s.positions !== prev.positions) focus();
      const mac = useUiStore.getState().selectedDeviceMac;
      if (!mac || !useFollowStore.getState().following) return;
      if (s.positions[mapId]?.[mac] !== prev.positions[mapId]?.[mac]) centre(mac);
    });
    const stopFollowing = () => useFollowStore.getState().setFollowing(false);
    map.on('dragstart', stopFollowing);
    return () => {
      offSelect();
      offFollow();
      offMove();
      map.off('dragstart', stopFollowing);
    };
  }, [map, mapId]);
  return null;
}
