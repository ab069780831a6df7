/**
 * Everything drawn over the floor plan that is about gateways and devices (markers, coverage, trails,
 * labels, edit mode, the replay's time bar). MapCanvas mounts this one component; each layer has
 * one job.
 */
import type { TrackingMap } from '@rtls/contract';
import { framePixelsPerMetre } from '@rtls/positioning';
import { EditModeBanner } from '../features/gateways/EditModeBanner.tsx';
import { ReplayBar } from '../features/history/ReplayBar.tsx';
import { LivePausedBanner } from '../features/live/LivePaused.tsx';
import { WalkLayer } from '../features/walks/WalkLayer.tsx';
import { usePlanText } from './plan-text.ts';
import { AutoZoom } from './layers/AutoZoom.tsx';
import { DeviceCamera } from './layers/DeviceCamera.tsx';
import { DeviceMarkers } from './layers/DeviceMarkers.tsx';
import { GatewayLayer } from './layers/GatewayLayer.tsx';
import { HeatmapLayer } from './layers/HeatmapLayer.tsx';
import { PlanAccuracyLayer } from './layers/PlanAccuracyLayer.tsx';
import { SignalPopup } from './layers/SignalPopup.tsx';
import { TrailLayer } from './layers/TrailLayer.tsx';
import { ZoneLayer } from './layers/ZoneLayer.tsx';

/** `defaultImage`: the plan image of a map without its own (the settings' default). */
export function TrackingOverlays({
  map,
  defaultImage,
}: {
  map: TrackingMap;
  defaultImage: string;
}) {
  const planText = usePlanText(map, defaultImage);
  return (
    <>
      <ZoneLayer map={map} />
      <HeatmapLayer mapId={map._id} />
      <PlanAccuracyLayer map={map} />
      <GatewayLayer map={map} />
      <TrailLayer map={map} />
      <WalkLayer map={map} />
      <DeviceMarkers
        mapId={map._id}
        pixelsPerMetre={framePixelsPerMetre(map)}
        planText={planText}
      />
      <SignalPopup mapId={map._id} />
      <DeviceCamera mapId={map._id} />
      <AutoZoom map={map} />
      <EditModeBanner />
      <LivePausedBanner />
      <ReplayBar mapId={map._id} />
    </>
  );
}
