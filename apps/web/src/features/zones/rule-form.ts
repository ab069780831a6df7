/** The rule form's values as typed, and the rule body they make (or the first problem with them). */
import type { TranslationKey } from '../../i18n/i18n.ts';
import { entityName } from '../devices/map-positions.ts';
import { TIMED_EVENTS, ZONE_EVENTS, ZONE_REQUIRED } from './rules-store.ts';
import {
  DWELL_EVENT_TYPES,
  RULE_DEFAULTS,
  RULE_LIMITS,
  type Device,
  type EventType,
  type Rule,
  type RuleCreateBody,
  type Severity,
} from '@rtls/contract';

/** Event types whose rule takes a dwell before the transition counts. */
export const DWELL_EVENTS: readonly EventType[] = DWELL_EVENT_TYPES;

export interface RuleFormValues {
  name: string;
  eventType: EventType;
  /** '' for any zone. */
  zoneId: string;
  /** '' for any device. */
  mac: string;
  /** Seconds as typed. */
  threshold: string;
  /** Seconds as typed (enter and exit). */
  dwell: string;
  /** Seconds as typed. */
  cooldown: string;
  severity: Severity;
  enabled: boolean;
}

export const emptyRule = (): RuleFormValues => ({
  name: '',
  eventType: 'enter',
  zoneId: '',
  mac: '',
  threshold: '60',
  dwell: String(RULE_DEFAULTS.dwellSeconds),
  cooldown: String(RULE_DEFAULTS.cooldownSeconds),
  severity: 'warning',
  enabled: true,
});

export const ruleValues = (r: Rule): RuleFormValues => ({
  name: r.name,
  eventType: r.type,
  zoneId: r.zoneId ?? '',
  mac: r.mac ?? '',
  threshold: r.thresholdSeconds === null ? '60' : String(r.thresholdSeconds),
  // A rule of another type shows the dwell it would take as enter or exit.
  dwell: String(DWELL_EVENTS.includes(r.type) ? r.dwellSeconds : RULE_DEFAULTS.dwellSeconds),
  cooldown: String(r.cooldownSeconds),
  severity: r.severity,
  enabled: r.enabled,
});

/** The body to send, or the translation key of what is wrong. */
export function ruleBody(v: RuleFormValues): { body: RuleCreateBody } | { error: TranslationKey } {
  const name = v.name.trim();
  if (!name) return { error: 'rules.nameRequired' };
  const zoned = ZONE_EVENTS.includes(v.eventType);
  if (ZONE_REQUIRED.includes(v.eventType) && !v.zoneId) return { error: 'rules.zoneRequired' };
  let thresholdSeconds: number | null = null;
  if (TIMED_EVENTS.includes(v.eventType)) {
    const seconds = Number(v.threshold);
    if (v.threshold.trim() === '' || !Number.isFinite(seconds) || seconds <= 0)
      return { error: 'rules.thresholdRequired' };
    thresholdSeconds = seconds;
  }
  const dwells = DWELL_EVENTS.includes(v.eventType);
  const dwellSeconds = dwells ? wholeSeconds(v.dwell, RULE_LIMITS.maxDwellS) : 0;
  if (dwellSeconds === null) return { error: 'rules.dwellInvalid' };
  const cooldownSeconds = wholeSeconds(v.cooldown, RULE_LIMITS.maxCooldownS);
  if (cooldownSeconds === null) return { error: 'rules.cooldownInvalid' };
  return {
    body: {
      name,
      type: v.eventType,
      zoneId: zoned && v.zoneId ? v.zoneId : null,
      mac: deviceEvent(v.eventType) && v.mac ? v.mac : null,
      thresholdSeconds,
      dwellSeconds,
      cooldownSeconds,
      severity: v.severity,
      enabled: v.enabled,
    },
  };
}

/** Whether a rule of this type may watch one device (a gateway outage is about no device). */
export const deviceEvent = (type: EventType) => type !== 'gateway_offline';

/**
 * The devices a rule may watch, by name: the account's known devices, and the rule's own when it
 * is none of them (a device since deleted) so that editing keeps it.
 */
export function deviceChoices(
  known: Record<string, Pick<Device, 'mac' | 'name' | 'customSettings'>>,
  current: string,
): { value: string; label: string }[] {
  const choices = Object.values(known).map((d) => {
    const name = entityName(d);
    return { value: d.mac, label: name === d.mac ? d.mac : `${name} (${d.mac})` };
  });
  if (current && !known[current]) choices.push({ value: current, label: current });
  return choices.sort((a, b) => a.label.localeCompare(b.label));
}

/** Whole seconds from 0 to `max` as typed, or null. */
function wholeSeconds(typed: string, max: number): number | null {
  const n = Number(typed);
  return typed.trim() !== '' && Number.isInteger(n) && n >= 0 && n <= max ? n : null;
}
