/**
 * Everything drawn over the floor plan that is about gateways and devices (markers, coverage, trails,
 * labels, edit mode). MapCanvas mounts this one component; the devices/gateways feature owns what is in it.
 */
import type { TrackingMap } from '@rtls/contract';
import { EditModeBanner } from '../features/gateways/EditModeBanner.tsx';
import { DeviceLayer } from './layers/DeviceLayer.tsx';
import { GatewayLayer } from './layers/GatewayLayer.tsx';
import { TrailLayer } from './layers/TrailLayer.tsx';

export function TrackingOverlays({ map }: { map: TrackingMap }) {
  return (
    <>
      <GatewayLayer map={map} />
      <TrailLayer map={map} />
      <DeviceLayer />
      <EditModeBanner />
    </>
  );
}
