/** The rule form's values as typed, and the rule body they make (or the first problem with them). */
import type { TranslationKey } from '../../i18n/i18n.ts';
import { TIMED_EVENTS, ZONE_EVENTS, ZONE_REQUIRED } from './rules-store.ts';
import type { EventType, Rule, RuleCreateBody, Severity } from '@rtls/contract';

export interface RuleFormValues {
  name: string;
  eventType: EventType;
  /** '' for any zone. */
  zoneId: string;
  /** Seconds as typed. */
  threshold: string;
  severity: Severity;
  enabled: boolean;
}

export const emptyRule = (): RuleFormValues => ({
  name: '',
  eventType: 'enter',
  zoneId: '',
  threshold: '60',
  severity: 'warning',
  enabled: true,
});

export const ruleValues = (r: Rule): RuleFormValues => ({
  name: r.name,
  eventType: r.type,
  zoneId: r.zoneId ?? '',
  threshold: r.thresholdSeconds === null ? '60' : String(r.thresholdSeconds),
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
  return {
    body: {
      name,
      type: v.eventType,
      zoneId: zoned && v.zoneId ? v.zoneId : null,
      thresholdSeconds,
      severity: v.severity,
      enabled: v.enabled,
    },
  };
}
