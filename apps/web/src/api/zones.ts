/** Zone, presence and rule calls of one map. */
import type {
  EventsQuery,
  EventsResponse,
  PresenceResponse,
  RuleCreateBody,
  RuleResponse,
  RulesResponse,
  RuleUpdateBody,
  ZoneCreateBody,
  ZoneResponse,
  ZonesResponse,
  ZoneUpdateBody,
} from '@rtls/contract';
import { apiRequest } from './http.ts';

const key = (id: string) => encodeURIComponent(id);
const zonesPath = (mapId: string) => `/maps/${key(mapId)}/zones`;
const rulesPath = (mapId: string) => `/maps/${key(mapId)}/rules`;

export const fetchZones = async (mapId: string) =>
  (await apiRequest<ZonesResponse>(zonesPath(mapId), { error: 'fetchZones' })).zones;

export const createZone = async (mapId: string, body: ZoneCreateBody) =>
  (
    await apiRequest<ZoneResponse>(zonesPath(mapId), {
      method: 'POST',
      body,
      error: 'createZone',
    })
  ).zone;

export const updateZone = async (mapId: string, zoneId: string, body: ZoneUpdateBody) =>
  (
    await apiRequest<ZoneResponse>(`${zonesPath(mapId)}/${key(zoneId)}`, {
      method: 'PUT',
      body,
      error: 'updateZone',
    })
  ).zone;

export const deleteZone = async (mapId: string, zoneId: string) => {
  await apiRequest(`${zonesPath(mapId)}/${key(zoneId)}`, {
    method: 'DELETE',
    error: 'deleteZone',
  });
};

/** Each device's presence on the map and the occupancy of its zones, now. */
export const fetchPresence = (mapId: string) =>
  apiRequest<PresenceResponse>(`/maps/${key(mapId)}/presence`, { error: 'fetchPresence' });

export const fetchRules = async (mapId: string) =>
  (await apiRequest<RulesResponse>(rulesPath(mapId), { error: 'fetchRules' })).rules;

export const createRule = async (mapId: string, body: RuleCreateBody) =>
  (
    await apiRequest<RuleResponse>(rulesPath(mapId), {
      method: 'POST',
      body,
      error: 'createRule',
    })
  ).rule;

export const updateRule = async (mapId: string, ruleId: string, body: RuleUpdateBody) =>
  (
    await apiRequest<RuleResponse>(`${rulesPath(mapId)}/${key(ruleId)}`, {
      method: 'PUT',
      body,
      error: 'updateRule',
    })
  ).rule;

export const deleteRule = async (mapId: string, ruleId: string) => {
  await apiRequest(`${rulesPath(mapId)}/${key(ruleId)}`, {
    method: 'DELETE',
    error: 'deleteRule',
  });
};

/** The map's event log, newest first; page back with `before` (the oldest `at` of a page). */
export const fetchEvents = async (mapId: string, query: Partial<EventsQuery> = {}) =>
  (
    await apiRequest<EventsResponse>(`/maps/${key(mapId)}/events`, {
      query,
      error: 'fetchEvents',
    })
  ).events;
