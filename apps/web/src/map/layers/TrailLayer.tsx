/**
 * Trails: the server's recent track on this map of the devices the View tab's trails setting
 * names (each device's own setting, all, the selected one or none), over its minutes. While the
 * map is replayed, the tracks the replay loaded, up to the replayed moment, of every replayed
 * device unless the setting names the selected one or none.
 */
import { useEffect } from 'react';
import L from 'leaflet';
import type { TrackingMap } from '@rtls/contract';
import { fetchTrail } from '../../api/trails.ts';
import { createShownSource } from '../../features/history/shown-source.ts';
import { useReplayStore } from '../../features/history/replay-store.ts';
import { trailAt } from '../../features/history/replay-tracks.ts';
import { useUiStore } from '../../features/layout/ui-store.ts';
import { useViewStore } from '../../features/view/view-store.ts';
import { useLeafletMap } from '../map-context.ts';
import { DEVICE_DEFAULT_COLOR } from '../../constants.ts';
import { trailDevices } from './trail-devices.ts';

const REFRESH_MS = 5_000;
/** A replayed trail follows its marker: redrawn a few times a second while the replay plays. */
const REPLAY_REFRESH_MS = 250;

export function TrailLayer({ map: tracking }: { map: TrackingMap }) {
  const map = useLeafletMap();
  const { show, minutes } = useViewStore((s) => s.trails);
  const selected = useUiStore((s) => (show === 'selected' ? s.selectedDeviceMac : null));
  const replaying = useReplayStore((s) => s.session?.mapId === tracking._id);
  useEffect(() => {
    if (!map) return;
    const group = L.layerGroup().addTo(map);
    const shown = createShownSource();
    let cancelled = false;
    let running = false;
    /** The replayed moment and tracks last drawn: a paused replay is not drawn again. */
    let drawn: { at: number; tracks: object } | null = null;
    const refresh = async () => {
      if (running) return;
      running = true;
      try {
        const { source, replay } = shown(tracking._id);
        const tracks = useReplayStore.getState().tracks;
        if (replay && replay.at === drawn?.at && tracks === drawn.tracks) return;
        drawn = replay ? { at: replay.at, tracks } : null;
        // A replay shows every tag with its trail unless the setting asks for one or none.
        const whose = replay && show === 'device' ? 'all' : show;
        const devices = trailDevices(source, tracking._id, whose, selected);
        const trails = replay
          ? devices.map((d) => {
              const track = tracks[d.mac];
              return { d, points: track ? trailAt(track, replay.at, minutes * 60_000) : [] };
            })
          : await Promise.all(
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
    const timer = setInterval(() => void refresh(), replaying ? REPLAY_REFRESH_MS : REFRESH_MS);
    const unsubscribe = replaying ? useReplayStore.subscribe(() => void refresh()) : null;
    return () => {
      cancelled = true;
      clearInterval(timer);
      unsubscribe?.();
      group.remove();
    };
  }, [map, tracking._id, show, minutes, selected, replaying]);
  return null;
}
