/** Zone, presence and rule calls of one map. */
import type {
  EventsQuery,
  EventsResponse,
  PresenceResponse,
  Rule,
  RuleCreateBody,
  RuleUpdateBody,
  Zone,
  ZoneCreateBody,
  ZoneUpdateBody,
} from '@rtls/contract';
import { apiRequest } from './http.ts';

const key = (id: string) => encodeURIComponent(id);

/**
 * The calls on one kind of a map's items, under /maps/{mapId}/<kind>s: list, create, change and
 * delete, each failing with its own API_ERRORS text (fetchZones, createZone, …).
 */
function mapItemCalls<T, C, U>(kind: 'Zone' | 'Rule') {
  const one = kind === 'Zone' ? 'zone' : 'rule';
  const many = `${one}s`;
  const path = (mapId: string, id?: string) =>
    `/maps/${key(mapId)}/${many}${id === undefined ? '' : `/${key(id)}`}`;
  return {
    list: async (mapId: string) =>
      (await apiRequest<Record<string, T[]>>(path(mapId), { error: `fetch${kind}s` }))[many]!,
    create: async (mapId: string, body: C) =>
      (
        await apiRequest<Record<string, T>>(path(mapId), {
          method: 'POST',
          body,
          error: `create${kind}`,
        })
      )[one]!,
    update: async (mapId: string, id: string, body: U) =>
      (
        await apiRequest<Record<string, T>>(path(mapId, id), {
          method: 'PUT',
          body,
          error: `update${kind}`,
        })
      )[one]!,
    remove: async (mapId: string, id: string) => {
      await apiRequest(path(mapId, id), { method: 'DELETE', error: `delete${kind}` });
    },
  };
}

export const {
  list: fetchZones,
  create: createZone,
  update: updateZone,
  remove: deleteZone,
} = mapItemCalls<Zone, ZoneCreateBody, ZoneUpdateBody>('Zone');

/** Each device's presence on the map and the occupancy of its zones, now. */
export const fetchPresence = (mapId: string) =>
  apiRequest<PresenceResponse>(`/maps/${key(mapId)}/presence`, { error: 'fetchPresence' });

export const {
  list: fetchRules,
  create: createRule,
  update: updateRule,
  remove: deleteRule,
} = mapItemCalls<Rule, RuleCreateBody, RuleUpdateBody>('Rule');

/** The map's event log, newest first; page back with `before` (the oldest `at` of a page). */
export const fetchEvents = async (mapId: string, query: Partial<EventsQuery> = {}) =>
  (
    await apiRequest<EventsResponse>(`/maps/${key(mapId)}/events`, {
      query,
      error: 'fetchEvents',
    })
  ).events;
