/** Trails for devices whose settings have showTrail: the server's recent track on this map. */
import { useEffect } from 'react';
import L from 'leaflet';
import type { TrackingMap } from '@rtls/contract';
import { fetchTrail } from '../../api/trails.ts';
import { useDevicesStore } from '../../features/devices/devices-store.ts';
import { useLeafletMap } from '../map-context.ts';
import { DEVICE_DEFAULT_COLOR } from '../../constants.ts';

export const TRAIL_MINUTES = 10;
const REFRESH_MS = 5_000;
/** Trails are drawn for at most this many devices at once. */
const MAX_TRAILS = 50;

const trailMacs = () =>
  Object.values(useDevicesStore.getState().entities)
    .filter((d) => d.customSettings.showTrail && d.customSettings.showOnMaps !== false)
    .slice(0, MAX_TRAILS);

export function TrailLayer({ map: tracking }: { map: TrackingMap }) {
  const map = useLeafletMap();
  useEffect(() => {
    if (!map) return;
    const group = L.layerGroup().addTo(map);
    let cancelled = false;
    let running = false;
    const refresh = async () => {
      if (running) return;
      running = true;
      try {
        const devices = trailMacs();
        const trails = await Promise.all(
          devices.map((d) =>
            fetchTrail(d.mac, tracking._id, TRAIL_MINUTES).then(
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
  }, [map, tracking._id]);
  return null;
}
