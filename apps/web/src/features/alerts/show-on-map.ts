/**
 * An alert's "Show on map": its map becomes the one on screen, and its device is selected (listed
 * in the Devices tab, highlighted on the map) and centred as soon as it is drawn there.
 */
import type { Alert } from '@rtls/contract';
import { useUiStore } from '../layout/ui-store.ts';
import { useMapsStore } from '../maps/maps-store.ts';

export function showOnMap(a: Alert) {
  const maps = useMapsStore.getState();
  maps.setViewMode('tabs');
  maps.select(a.mapId);
  const mac = a.event.mac;
  if (!mac) return;
  const ui = useUiStore.getState();
  ui.focusDevice(mac, a.mapId);
  ui.setToolsTab('devices');
}
