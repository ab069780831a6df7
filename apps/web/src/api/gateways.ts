/** Gateway calls, keyed by MAC. */
import type {
  Gateway,
  GatewayMonitorBody,
  GatewayResponse,
  GatewaySettingsBody,
  GatewaysResponse,
  GatewayUpdateBody,
} from '@rtls/contract';
import { apiRequest } from './http.ts';
import { monitoredCalls } from './monitored.ts';

const key = (id: string) => encodeURIComponent(id);

export const {
  list: fetchGateways,
  monitored: fetchMonitoredGateways,
  update: updateGateway,
  remove: deleteGateway,
  monitor: monitorGateway,
  unmonitor: unmonitorGateway,
} = monitoredCalls<Gateway, GatewayUpdateBody, GatewayMonitorBody>('Gateway');

export const fetchMapGateways = async (mapId: string) =>
  (
    await apiRequest<GatewaysResponse>(`/gateways/map/${key(mapId)}`, {
      error: 'fetchMapGateways',
    })
  ).gateways;

/** The sliders: logicThreshold and/or viewRadius, with the map. */
export const updateGatewaySettings = async (mac: string, body: GatewaySettingsBody) =>
  (
    await apiRequest<GatewayResponse>(`/gateways/${key(mac)}/settings`, {
      method: 'PATCH',
      body,
      error: 'updateGatewaySettings',
    })
  ).gateway;

/** Edit mode's save: a gateway's position on a map the user may edit. */
export const updateMapGateway = async (mapId: string, mac: string, body: GatewayUpdateBody) =>
  (
    await apiRequest<GatewayResponse>(`/gateways/map/${key(mapId)}/${key(mac)}`, {
      method: 'PUT',
      body,
      error: 'updateMapGateway',
    })
  ).gateway;
