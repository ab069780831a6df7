/**
 * Device markers, kept outside React's render: the layer subscribes to the device store and moves
 * existing markers, so thousands of live updates do not re-render components.
 */
import { useEffect } from 'react';
import L from 'leaflet';
import { DEVICE_DEFAULT_COLOR, MARKER, isLive } from '@rtls/contract';
import { useDevicesStore, type LiveDevice } from '../../features/devices/devices-store.ts';
import { useUiStore } from '../../features/layout/ui-store.ts';
import { useViewStore } from '../../features/view/view-store.ts';
import { toLatLng, validPoint } from '../crs.ts';
import { escapeHtml } from '../escape-html.ts';
import { useLeafletMap } from '../map-context.ts';

interface Entry {
  marker: L.Marker;
  key: string;
}

function iconKey(d: LiveDevice, selected: boolean, live: boolean, names: boolean) {
  return `${d.name}|${d.customSettings.color ?? ''}|${selected}|${live}|${names}`;
}

function deviceIcon(d: LiveDevice, selected: boolean, live: boolean, names: boolean): L.DivIcon {
  const size = selected ? MARKER.dotSelected : MARKER.dot;
  const colour = escapeHtml(d.customSettings.color ?? DEVICE_DEFAULT_COLOR);
  const label = names ? `<span class="device-label">${escapeHtml(d.name)}</span>` : '';
  return L.divIcon({
    className: 'device-icon',
    iconSize: [size, size],
    html: `<div class="device-marker${selected ? ' selected' : ''}" data-testid="device-marker" data-mac="${escapeHtml(d.mac)}" style="--c:${colour}"><span class="device-dot"></span><span class="live-dot ${live ? 'live' : 'stale'}"></span>${label}</div>`,
  });
}

export function DeviceLayer() {
  const map = useLeafletMap();

  useEffect(() => {
    if (!map) return;
    const pane = map.getPane('markerPane');
    const entries = new Map<string, Entry>();

    const sync = () => {
      const { entities } = useDevicesStore.getState();
      const selected = useUiStore.getState().selectedDeviceMac;
      const names = useViewStore.getState().viewOptions.showDeviceNames;
      const now = Date.now();
      const seen = new Set<string>();
      for (const d of Object.values(entities)) {
        const p = validPoint(d.position);
        if (!p || d.customSettings.showOnMaps === false) continue;
        seen.add(d.mac);
        const live = isLive(d.lastSeen, now);
        const isSel = d.mac === selected;
        const key = iconKey(d, isSel, live, names);
        const entry = entries.get(d.mac);
        if (!entry) {
          const marker = L.marker(toLatLng(p), {
            icon: deviceIcon(d, isSel, live, names),
            title: d.name,
            alt: d.name,
            zIndexOffset: isSel ? 1000 : 0,
          })
            .on('click', () => useUiStore.getState().selectDevice(d.mac))
            .addTo(map);
          entries.set(d.mac, { marker, key });
          continue;
        }
        entry.marker.setLatLng(toLatLng(p));
        if (entry.key !== key) {
          entry.marker.setIcon(deviceIcon(d, isSel, live, names));
          entry.marker.setZIndexOffset(isSel ? 1000 : 0);
          entry.key = key;
        }
      }
      for (const [mac, entry] of entries) {
        if (!seen.has(mac)) {
          entry.marker.remove();
          entries.delete(mac);
        }
      }
    };

    sync();
    const unsubs = [
      useDevicesStore.subscribe(sync),
      useUiStore.subscribe(sync),
      useViewStore.subscribe(sync),
    ];
    // Liveness changes with time alone, so re-check it now and then.
    const tick = setInterval(sync, 15_000);
    pane?.classList.add('devices-pane');
    return () => {
      unsubs.forEach((u) => u());
      clearInterval(tick);
      for (const e of entries.values()) e.marker.remove();
    };
  }, [map]);
  return null;
}
