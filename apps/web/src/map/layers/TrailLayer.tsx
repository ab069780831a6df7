/**
 * Trails: the server's recent track on this map of the devices the View tab's trails setting
 * names (each device's own setting, all, the selected one or none), over its minutes.
 */
import { useEffect } from 'react';
import L from 'leaflet';
import type { TrackingMap } from '@rtls/contract';
import { fetchTrail } from '../../api/trails.ts';
import { useDevicesStore } from '../../features/devices/devices-store.ts';
import { useUiStore } from '../../features/layout/ui-store.ts';
import { useViewStore } from '../../features/view/view-store.ts';
import { useLeafletMap } from '../map-context.ts';
import { DEVICE_DEFAULT_COLOR } from '../../constants.ts';
import { trailDevices } from './trail-devices.ts';

const REFRESH_MS = 5_000;

export function TrailLayer({ map: tracking }: { map: TrackingMap }) {
  const map = useLeafletMap();
  const { show, minutes } = useViewStore((s) => s.trails);
  const selected = useUiStore((s) => (show === 'selected' ? s.selectedDeviceMac : null));
  useEffect(() => {
    if (!map) return;
    const group = L.layerGroup().addTo(map);
    let cancelled = false;
    let running = false;
    const refresh = async () => {
      if (running) return;
      running = true;
      try {
        const devices = trailDevices(useDevicesStore.getState(), tracking._id, show, selected);
        const trails = await Promise.all(
          devices.map((d) =>
            fetchTrail(d.mac, tracking._id, minutes).then(
              (points) => ({ d, points }),
              () => ({ d, points: [] }),
            ),
          ),
        );
        if (cancelled) return;
        group.clearLayers();
        for (const { d, points } of trails) {
          if (points.length < 2) continue;
          L.polyline(
            points.map((p) => [p.y, p.x] as L.LatLngTuple),
            {
              color: d.customSettings.color ?? DEVICE_DEFAULT_COLOR,
              weight: 3,
              opacity: 0.6,
              interactive: false,
              className: 'device-trail',
            },
          ).addTo(group);
        }
      } finally {
        running = false;
      }
    };
    void refresh();
    const timer = setInterval(() => void refresh(), REFRESH_MS);
    return () => {
      cancelled = true;
      clearInterval(timer);
      group.remove();
    };
  }, [map, tracking._id, show, minutes, selected]);
  return null;
}
