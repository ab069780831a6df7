/** Gateway calls, keyed by MAC. */
import type {
  GatewayMonitorBody,
  GatewayResponse,
  GatewaySettingsBody,
  GatewaysResponse,
  GatewayUpdateBody,
} from '@rtls/contract';
import { apiRequest } from './http.ts';

const key = (id: string) => encodeURIComponent(id);

export const fetchGateways = async () =>
  (await apiRequest<GatewaysResponse>('/gateways', { error: 'fetchGateways' })).gateways;

export const fetchMonitoredGateways = async () =>
  (
    await apiRequest<GatewaysResponse>('/gateways/monitored', {
      error: 'fetchMonitoredGateways',
    })
  ).gateways;

export const fetchMapGateways = async (mapId: string) =>
  (
    await apiRequest<GatewaysResponse>(`/gateways/map/${key(mapId)}`, {
      error: 'fetchMapGateways',
    })
  ).gateways;

export const updateGateway = async (mac: string, body: GatewayUpdateBody) =>
  (
    await apiRequest<GatewayResponse>(`/gateways/${key(mac)}`, {
      method: 'PUT',
      body,
      error: 'updateGateway',
    })
  ).gateway;

export const deleteGateway = async (mac: string) => {
  await apiRequest(`/gateways/${key(mac)}`, { method: 'DELETE', error: 'deleteGateway' });
};

/** The sliders: logicThreshold and/or viewRadius, with the map. */
export const updateGatewaySettings = async (mac: string, body: GatewaySettingsBody) =>
  (
    await apiRequest<GatewayResponse>(`/gateways/${key(mac)}/settings`, {
      method: 'PATCH',
      body,
      error: 'updateGatewaySettings',
    })
  ).gateway;

export const monitorGateway = async (mac: string, body: GatewayMonitorBody) =>
  (
    await apiRequest<GatewayResponse>(`/gateways/monitor/${key(mac)}`, {
      method: 'POST',
      body,
      error: 'monitorGateway',
    })
  ).gateway;

export const unmonitorGateway = async (mac: string) =>
  (
    await apiRequest<GatewayResponse>(`/gateways/monitor/${key(mac)}`, {
      method: 'DELETE',
      error: 'unmonitorGateway',
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
