/** Zone, presence and rule calls of one map. */
import type {
  Rule,
  RuleBody,
  Zone,
  ZoneBody,
  ZoneOccupancy,
  ZonePresence,
} from '../features/zones/zone-types.ts';
import { apiRequest } from './http.ts';

const key = (id: string) => encodeURIComponent(id);
const zonesPath = (mapId: string) => `/maps/${key(mapId)}/zones`;
const rulesPath = (mapId: string) => `/maps/${key(mapId)}/rules`;

export const fetchZones = async (mapId: string) =>
  (await apiRequest<{ zones: Zone[] }>(zonesPath(mapId), { error: 'default' })).zones;

export const createZone = async (mapId: string, body: ZoneBody) =>
  (
    await apiRequest<{ zone: Zone }>(zonesPath(mapId), {
      method: 'POST',
      body,
      error: 'default',
    })
  ).zone;

export const updateZone = async (mapId: string, zoneId: string, body: ZoneBody) =>
  (
    await apiRequest<{ zone: Zone }>(`${zonesPath(mapId)}/${key(zoneId)}`, {
      method: 'PUT',
      body,
      error: 'default',
    })
  ).zone;

export const deleteZone = async (mapId: string, zoneId: string) => {
  await apiRequest(`${zonesPath(mapId)}/${key(zoneId)}`, { method: 'DELETE', error: 'default' });
};

/** Each device's zone on the map and each zone's occupancy, now. */
export const fetchPresence = (mapId: string) =>
  apiRequest<{ presence: ZonePresence[]; occupancy: ZoneOccupancy[] }>(
    `/maps/${key(mapId)}/presence`,
    { error: 'default' },
  );

export const fetchRules = async (mapId: string) =>
  (await apiRequest<{ rules: Rule[] }>(rulesPath(mapId), { error: 'default' })).rules;

export const createRule = async (mapId: string, body: RuleBody) =>
  (
    await apiRequest<{ rule: Rule }>(rulesPath(mapId), {
      method: 'POST',
      body,
      error: 'default',
    })
  ).rule;

export const updateRule = async (mapId: string, ruleId: string, body: RuleBody) =>
  (
    await apiRequest<{ rule: Rule }>(`${rulesPath(mapId)}/${key(ruleId)}`, {
      method: 'PUT',
      body,
      error: 'default',
    })
  ).rule;

export const deleteRule = async (mapId: string, ruleId: string) => {
  await apiRequest(`${rulesPath(mapId)}/${key(ruleId)}`, { method: 'DELETE', error: 'default' });
};
