/**
 * Rule rules: readers of a map read its rules; owners and editors write them. Timed rules need a
 * duration, enter and exit take none, absence needs a zone, and a zone must be of the same map.
 * Dwell and cool-down take RULE_DEFAULTS when left out; a dwell applies to enter and exit only.
 */
import {
  ALERTING_ERRORS,
  DWELL_EVENT_TYPES,
  RULE_DEFAULTS,
  RULE_LIMITS,
  defaultDwellSeconds,
  TIMED_EVENT_TYPES,
  type Rule,
  type RuleCreateBody,
  type RuleUpdateBody,
} from '@rtls/contract';
import { badRequest, conflict, HttpError } from '../../lib/errors.ts';
import type { MapsRepository } from '../maps/repository.ts';
import type { ZonesRepository } from '../zones/repository.ts';
import { mapFor, mapItemAccess } from '../zones/map-items.ts';
import type { RuleFields, RulesRepository } from './rules-repository.ts';

const timed = (type: Rule['type']) => (TIMED_EVENT_TYPES as readonly string[]).includes(type);
const dwells = (type: Rule['type']) => (DWELL_EVENT_TYPES as readonly string[]).includes(type);
export const ruleNotFound = () => new HttpError(404, ALERTING_ERRORS.ruleNotFound.en);

export function rulesService(
  rules: RulesRepository,
  zones: ZonesRepository,
  maps: MapsRepository,
  onChanged: (mapId: string) => void | Promise<void>,
) {
  async function checked(mapId: string, r: RuleFields): Promise<RuleFields> {
    if (timed(r.type) && r.thresholdSeconds === null)
      throw badRequest(ALERTING_ERRORS.thresholdRequired.en);
    if (!timed(r.type) && r.thresholdSeconds !== null)
      throw badRequest(ALERTING_ERRORS.thresholdNotAllowed.en);
    if (r.type === 'absent' && r.zoneId === null) throw badRequest(ALERTING_ERRORS.zoneRequired.en);
    if (r.zoneId !== null && !(await zones.get(mapId, r.zoneId)))
      throw badRequest(ALERTING_ERRORS.zoneNotOnMap.en);
    // A filter that does not apply to the type is dropped rather than kept to mislead.
    const zoneless =
      r.type === 'device_offline' || r.type === 'gateway_offline' || r.type === 'floor_change';
    return {
      ...r,
      name: r.name.trim(),
      zoneId: zoneless ? null : r.zoneId,
      mac: r.type === 'gateway_offline' ? null : r.mac,
      gateway: r.type === 'gateway_offline' ? r.gateway : null,
      dwellSeconds: dwells(r.type) ? r.dwellSeconds : 0,
    };
  }
  const { change, ...access } = mapItemAccess(maps, rules, ruleNotFound, onChanged);
  return {
    ...access,
    async create(userId: string, mapId: string, body: RuleCreateBody): Promise<Rule> {
      await mapFor(maps, userId, mapId, 'edit');
      const fields = await checked(mapId, {
        name: body.name,
        type: body.type,
        zoneId: body.zoneId ?? null,
        mac: body.mac ?? null,
        gateway: body.gateway ?? null,
        thresholdSeconds: body.thresholdSeconds ?? null,
        dwellSeconds: body.dwellSeconds ?? defaultDwellSeconds(body.type),
        cooldownSeconds: body.cooldownSeconds ?? RULE_DEFAULTS.cooldownSeconds,
        severity: body.severity,
        enabled: body.enabled ?? true,
      });
      if ((await rules.count(mapId)) >= RULE_LIMITS.maxRulesPerMap)
        throw conflict(ALERTING_ERRORS.tooManyRules.en);
      const rule = await rules.insert(mapId, fields);
      await onChanged(mapId);
      return rule;
    },
    update: (userId: string, mapId: string, ruleId: string, body: RuleUpdateBody) =>
      change(userId, mapId, ruleId, async (current) => {
        const merged: RuleFields = {
          name: body.name ?? current.name,
          type: body.type ?? current.type,
          zoneId: body.zoneId === undefined ? current.zoneId : body.zoneId,
          mac: body.mac === undefined ? current.mac : body.mac,
          gateway: body.gateway === undefined ? current.gateway : body.gateway,
          thresholdSeconds:
            body.thresholdSeconds === undefined ? current.thresholdSeconds : body.thresholdSeconds,
          dwellSeconds: body.dwellSeconds ?? current.dwellSeconds,
          cooldownSeconds: body.cooldownSeconds ?? current.cooldownSeconds,
          severity: body.severity ?? current.severity,
          enabled: body.enabled ?? current.enabled,
        };
        // Changing to enter or exit drops a duration that no longer applies.
        if (body.type && !timed(body.type) && body.thresholdSeconds === undefined)
          merged.thresholdSeconds = null;
        // Changing to enter or exit from another type takes the default dwell unless one is given.
        if (
          body.type &&
          dwells(body.type) &&
          !dwells(current.type) &&
          body.dwellSeconds === undefined
        )
          merged.dwellSeconds = defaultDwellSeconds(body.type);
        return rules.update(mapId, ruleId, await checked(mapId, merged));
      }),
  };
}
export type RulesService = ReturnType<typeof rulesService>;
