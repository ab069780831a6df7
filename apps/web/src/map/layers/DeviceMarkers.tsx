/**
 * The device markers of one map: the devices the server located on it, kept outside React's
 * render. Store changes are applied in one batch per animation frame (marker-renderer.ts draws
 * them) with the labels the view options ask for. Pointing at a marker (hover, focus) opens its
 * signal popup; a click or tap selects the device and pins the popup open. While live updates are
 * paused, one class on the map dims every marker (DOM and canvas alike, nothing redrawn), and
 * liveness and last-seen texts are read as of the pause. While the map is replayed, the markers are
 * the replay's (features/history), redrawn in every frame while it plays, jumping rather than
 * gliding, with liveness and last-seen texts as of the replayed moment.
 */
import { useEffect } from 'react';
import type { ViewOptions } from '@rtls/contract';
import { useI18n } from '../../i18n/I18nProvider.tsx';
import { useDevicesStore } from '../../features/devices/devices-store.ts';
import { createPlacedSelector, type PlacedDevice } from '../../features/devices/placed-devices.ts';
import { createShownSource } from '../../features/history/shown-source.ts';
import { replayMoment, useReplayStore } from '../../features/history/replay-store.ts';
import { useUiStore } from '../../features/layout/ui-store.ts';
import { useGatewaysStore } from '../../features/gateways/gateways-store.ts';
import { statusClock } from '../../features/live/freshness.ts';
import { useLiveStore } from '../../features/live/live-store.ts';
import { useViewStore } from '../../features/view/view-store.ts';
import { validPoint } from '../crs.ts';
import { useLeafletMap } from '../map-context.ts';
import { REDRAW_MS } from './CanvasMarkerLayer.ts';
import { createFrameScheduler } from './frame-scheduler.ts';
import { glidesWanted } from './glide.ts';
import { labelText, type MarkerOptions } from './marker-label.ts';
import { createMarkerRenderer } from './marker-renderer.ts';
import type { TextBox } from '../../features/floor/text-detector.ts';
import { gatewayMarkerPx } from './GatewayLayer.tsx';
import { useSignalPopupStore } from './signal-popup-store.ts';

/** Liveness changes with time alone, so re-check it now and then. */
const LIVENESS_TICK_MS = 15_000;

export function DeviceMarkers({
  mapId,
  pixelsPerMetre,
  planText,
}: {
  mapId: string;
  pixelsPerMetre: number;
  /** The text printed in the plan image (map pixels), which labels keep off while they can. */
  planText: readonly TextBox[];
}) {
  const map = useLeafletMap();
  const { t, language } = useI18n();

  useEffect(() => {
    if (!map) return;
    const select = createPlacedSelector();
    const shown = createShownSource();
    let playing = false;
    let now = Date.now();
    let staleSince = useLiveStore.getState().staleSince;
    let options = pickOptions(useViewStore.getState().viewOptions);
    const renderer = createMarkerRenderer(
      map,
      {
        onClick: (mac) => {
          useUiStore.getState().selectDevice(mac);
          useSignalPopupStore.getState().open(mac, true);
        },
        onPoint: (mac) => useSignalPopupStore.getState().point(mac),
        text: (d) => labelText(d, options, t, language, now, staleSince),
        ringText: (d, cls) =>
          `${t('map.confidenceBadge', { value: Math.round((d.triangulationInfo?.confidence ?? 0) * 100) })} · ${t(`devices.confidenceClass.${cls}`)}`,
        markerLabel: (d) => t('map.markerHint', { name: d.name }),
      },
      planText,
    );
    // Unchanged devices are skipped unless something global changed (look, view, time).
    let lastLook = '';
    let lastTick = 0;
    let lastDevices: PlacedDevice[] | null = null;
    let lastGateways: unknown = null;
    let viewChanged = true;
    const sync = () => {
      const { source, replay } = shown(mapId);
      const devices = select(source, mapId);
      playing = replay?.playing ?? false;
      const selected = useUiStore.getState().selectedDeviceMac;
      const gatewayEntities = useGatewaysStore.getState().entities;
      options = pickOptions(useViewStore.getState().viewOptions);
      staleSince = replay ? null : useLiveStore.getState().staleSince;
      now = replay?.at ?? statusClock(staleSince, Date.now());
      const look = `${selected}|${staleSince}|${JSON.stringify(options)}|${Math.floor(now / LIVENESS_TICK_MS)}`;
      const full =
        look !== lastLook ||
        viewChanged ||
        gatewayEntities !== lastGateways ||
        Math.abs(now - lastTick) > LIVENESS_TICK_MS;
      if (!full && devices === lastDevices && !renderer.gliding) return;
      lastLook = look;
      lastDevices = devices;
      lastGateways = gatewayEntities;
      viewChanged = false;
      if (full) lastTick = now;
      const gateways = Object.values(gatewayEntities).flatMap((g) => {
        const p = validPoint(g.position);
        return p ? [p] : [];
      });
      const gatewayPx = gatewayMarkerPx(pixelsPerMetre, map.getZoom(), false);
      renderer.draw({
        devices,
        selected,
        options,
        gateways,
        gatewayPx,
        now,
        full,
        glide: !replay && glidesWanted(),
      });
      if (renderer.gliding || playing) frames.soon();
    };
    const frames = createFrameScheduler(sync, () => (renderer.canvasMode ? REDRAW_MS : 0));
    const onView = () => {
      viewChanged = true;
      frames.now();
    };
    // A replay shows the past on purpose: its markers are never dimmed as stale.
    const dim = () =>
      showPaused(
        map.getContainer(),
        !replayMoment(useReplayStore.getState(), mapId, Date.now()) &&
          useLiveStore.getState().staleSince !== null,
      );
    dim();
    frames.sync();
    const unsubs = [
      useLiveStore.subscribe((s, prev) => {
        if (s.staleSince === prev.staleSince) return;
        dim();
        frames.now();
      }),
      useDevicesStore.subscribe(frames.soon),
      useUiStore.subscribe(frames.now),
      useViewStore.subscribe(frames.now),
      useGatewaysStore.subscribe(frames.soon),
      useReplayStore.subscribe((s, prev) => {
        if (s.session !== prev.session) dim();
        frames.now();
      }),
    ];
    map.on('zoomend moveend resize', onView);
    const tick = setInterval(frames.soon, LIVENESS_TICK_MS);
    return () => {
      unsubs.forEach((u) => u());
      map.off('zoomend moveend resize', onView);
      clearInterval(tick);
      frames.dispose();
      renderer.dispose();
      showPaused(map.getContainer(), false);
    };
  }, [map, mapId, pixelsPerMetre, planText, t, language]);
  return null;
}

/** The stale style of every device marker on the map: one class (and a data flag for tests). */
function showPaused(container: HTMLElement, paused: boolean) {
  container.classList.toggle('live-paused', paused);
  container.dataset.live = paused ? 'paused' : 'live';
}

const pickOptions = (o: ViewOptions): MarkerOptions => ({
  showDeviceNames: o.showDeviceNames,
  showDeviceAsNameBox: o.showDeviceAsNameBox,
  showRSSIValues: o.showRSSIValues,
  showLastSeen: o.showLastSeen,
  showConfidence: o.showConfidence,
});
