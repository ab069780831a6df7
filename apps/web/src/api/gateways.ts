/** Gateway calls of spec §7, keyed by MAC. */
import type {
  Gateway,
  GatewayMonitorBody,
  GatewaySettingsBody,
  GatewayUpdateBody,
} from '@rtls/contract';
import { apiRequest } from './http.ts';

type GatewaysBody = { gateways: Gateway[] };
type GatewayBody = { gateway: Gateway };
const key = (id: string) => encodeURIComponent(id);

export const fetchGateways = async () =>
  (await apiRequest<GatewaysBody>('/gateways', { error: 'fetchGateways' })).gateways;

export const fetchMonitoredGateways = async () =>
  (
    await apiRequest<GatewaysBody>('/gateways/monitored', {
      error: 'fetchMonitoredGateways',
    })
  ).gateways;

export const fetchMapGateways = async (mapId: string) =>
  (
    await apiRequest<GatewaysBody>(`/gateways/map/${key(mapId)}`, {
      error: 'fetchMapGateways',
    })
  ).gateways;

export const updateGateway = async (mac: string, body: GatewayUpdateBody) =>
  (
    await apiRequest<GatewayBody>(`/gateways/${key(mac)}`, {
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
    await apiRequest<GatewayBody>(`/gateways/${key(mac)}/settings`, {
      method: 'PATCH',
      body,
      error: 'updateGatewaySettings',
    })
  ).gateway;

export const monitorGateway = async (mac: string, body: GatewayMonitorBody) =>
  (
    await apiRequest<GatewayBody>(`/gateways/monitor/${key(mac)}`, {
      method: 'POST',
      body,
      error: 'monitorGateway',
    })
  ).gateway;

export const unmonitorGateway = async (mac: string) =>
  (
    await apiRequest<GatewayBody>(`/gateways/monitor/${key(mac)}`, {
      method: 'DELETE',
      error: 'unmonitorGateway',
    })
  ).gateway;

/** Edit mode's save: a gateway's position on a map the user may edit. */
export const updateMapGateway = async (mapId: string, mac: string, body: GatewayUpdateBody) =>
  (
    await apiRequest<GatewayBody>(`/gateways/map/${key(mapId)}/${key(mac)}`, {
      method: 'PUT',
      body,
      error: 'updateMapGateway',
    })
  ).gateway;
