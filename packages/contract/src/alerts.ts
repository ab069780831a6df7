/**
 * Rules and alerts. A rule of a map turns one kind of event into an alert, once per occurrence
 * (one device entering once, one stay passing the dwell time, one outage of a gateway).
 * Rules: GET/POST /api/maps/{id}/rules, PUT/DELETE /api/maps/{id}/rules/{ruleId}; owners and
 * editors write them, readers of the map read them.
 * Alerts: GET /api/alerts?state&mapId, POST /api/alerts/{id}/acknowledge, POST /api/alerts/{id}/resolve,
 * POST /api/alerts/acknowledge (many at once).
 * Readers of a map see its alerts; owners and editors acknowledge and resolve them. Alerts of
 * lasting conditions (dwell, absent, offline) resolve by themselves when the condition ends.
 */
import { Type, type Static } from '@sinclair/typebox';
import { SuccessWith } from './api-common.ts';
import { EventType, ZoneEvent } from './events.ts';
import { Nullable, StringEnum } from './schema-helpers.ts';

export const RULE_LIMITS = {
  nameMaxChars: 100,
  /** thresholdSeconds bounds: one second to seven days. */
  minThresholdS: 1,
  maxThresholdS: 7 * 24 * 3600,
  maxRulesPerMap: 200,
  /** dwellSeconds bounds: zero (counts at once) to one hour. */
  maxDwellS: 3600,
  /** cooldownSeconds bounds: zero (no cool-down) to one day. */
  maxCooldownS: 24 * 3600,
} as const;

/**
 * What a rule takes when its dwell or cool-down is left out. A tag standing in a doorway flaps
 * in and out of the zone (presence enters after 5 s inside and exits after 10 s outside, see
 * PRESENCE_DEFAULTS): the dwell of 10 s drops the short visits, and the cool-down of 5 min, which
 * starts again with every repeat, turns what is left into one alert with a count. The dwell applies
 * to enter and exit rules only (the other kinds have their own duration); 0 for the others.
 */
export const RULE_DEFAULTS = { dwellSeconds: 10, cooldownSeconds: 300 } as const;
/** Event types a rule's dwellSeconds applies to. */
export const DWELL_EVENT_TYPES = ['enter', 'exit'] as const;
/** The dwell a rule of this type takes when none is given. */
export const defaultDwellSeconds = (type: string): number =>
  (DWELL_EVENT_TYPES as readonly string[]).includes(type) ? RULE_DEFAULTS.dwellSeconds : 0;
export const ALERTS_DEFAULT_LIMIT = 200;
export const ALERTS_MAX_LIMIT = 1000;

export const SEVERITIES = ['info', 'warning', 'critical'] as const;
export const Severity = StringEnum(SEVERITIES);
export type Severity = Static<typeof Severity>;

export const Rule = Type.Object({
  id: Type.String(),
  mapId: Type.String(),
  name: Type.String(),
  type: EventType,
  /** The zone it watches; null: any zone (enter, exit, dwell). absent needs a zone. */
  zoneId: Nullable(Type.String()),
  /** Only this device (device events); null: any device on the map. */
  mac: Nullable(Type.String()),
  /** Only this gateway (gateway_offline); null: any gateway placed on the map. */
  gateway: Nullable(Type.String()),
  /** Required for dwell, absent, device_offline and gateway_offline; null for enter and exit. */
  thresholdSeconds: Nullable(Type.Integer()),
  /**
   * enter and exit: how long the device must stay in (enter) or out (exit) after the transition
   * before the rule counts it; a visit shorter than this raises nothing. 0 for the other types.
   */
  dwellSeconds: Type.Integer(),
  /**
   * After the rule raised an alert for a device in a zone (for a gateway, or an empty zone), a
   * repeat of the same rule, device and zone within this many seconds of the previous one opens
   * no new alert: it is counted on that alert (`count`, `lastAt`), and the quiet time starts again.
   * 0: every occurrence opens its own alert.
   */
  cooldownSeconds: Type.Integer(),
  severity: Severity,
  enabled: Type.Boolean(),
  createdAt: Type.String(),
  updatedAt: Type.String(),
});
export type Rule = Static<typeof Rule>;

const Threshold = Type.Integer({
  minimum: RULE_LIMITS.minThresholdS,
  maximum: RULE_LIMITS.maxThresholdS,
});
const Id = Type.String({ minLength: 1, maxLength: 64 });
const DwellSeconds = Type.Integer({ minimum: 0, maximum: RULE_LIMITS.maxDwellS });
const CooldownSeconds = Type.Integer({ minimum: 0, maximum: RULE_LIMITS.maxCooldownS });

export const RuleCreateBody = Type.Object({
  name: Type.String({ minLength: 1, maxLength: RULE_LIMITS.nameMaxChars, pattern: '\\S' }),
  type: EventType,
  zoneId: Type.Optional(Nullable(Id)),
  mac: Type.Optional(Nullable(Id)),
  gateway: Type.Optional(Nullable(Id)),
  thresholdSeconds: Type.Optional(Nullable(Threshold)),
  /** Default RULE_DEFAULTS.dwellSeconds for enter and exit; dropped (0) for the other types. */
  dwellSeconds: Type.Optional(DwellSeconds),
  /** Default RULE_DEFAULTS.cooldownSeconds. */
  cooldownSeconds: Type.Optional(CooldownSeconds),
  severity: Severity,
  /** Default true. */
  enabled: Type.Optional(Type.Boolean()),
});
export type RuleCreateBody = Static<typeof RuleCreateBody>;
/** PUT: any of the fields; those left out keep their value (the result is checked as a whole). */
export const RuleUpdateBody = Type.Partial(RuleCreateBody);
export type RuleUpdateBody = Static<typeof RuleUpdateBody>;

export const MapRuleParams = Type.Object({ id: Id, ruleId: Id });
export type MapRuleParams = Static<typeof MapRuleParams>;

export const RulesResponse = SuccessWith({ rules: Type.Array(Rule) });
export type RulesResponse = Static<typeof RulesResponse>;
export const RuleResponse = SuccessWith({ rule: Rule });
export type RuleResponse = Static<typeof RuleResponse>;

export const ALERT_STATES = ['open', 'acknowledged', 'resolved'] as const;
export const AlertState = StringEnum(ALERT_STATES);
export type AlertState = Static<typeof AlertState>;

/** Who acknowledged or resolved an alert (null resolvedBy: it resolved by itself). */
export const AlertActor = Type.Object({ userId: Type.String(), name: Type.String() });
export type AlertActor = Static<typeof AlertActor>;

export const Alert = Type.Object({
  id: Type.String(),
  ruleId: Type.String(),
  /** The rule's name when the alert opened. */
  ruleName: Type.String(),
  mapId: Type.String(),
  severity: Severity,
  state: AlertState,
  openedAt: Type.String(),
  acknowledgedAt: Nullable(Type.String()),
  acknowledgedBy: Nullable(AlertActor),
  resolvedAt: Nullable(Type.String()),
  resolvedBy: Nullable(AlertActor),
  /** The event that opened it. */
  event: ZoneEvent,
  /** How many occurrences it stands for: 1, and one more per repeat within the rule's cool-down. */
  count: Type.Integer({ minimum: 1 }),
  /** When the latest of them happened (openedAt when there was no repeat). */
  lastAt: Type.String(),
});
export type Alert = Static<typeof Alert>;

export const AlertsQuery = Type.Object({
  state: Type.Optional(AlertState),
  mapId: Type.Optional(Id),
  limit: Type.Integer({ minimum: 1, maximum: ALERTS_MAX_LIMIT, default: ALERTS_DEFAULT_LIMIT }),
});
export type AlertsQuery = Static<typeof AlertsQuery>;
export const AlertParams = Type.Object({ id: Id });

/** Newest first. */
export const AlertsResponse = SuccessWith({ alerts: Type.Array(Alert) });
export type AlertsResponse = Static<typeof AlertsResponse>;
export const AlertResponse = SuccessWith({ alert: Alert });
export type AlertResponse = Static<typeof AlertResponse>;

/**
 * POST /api/alerts/acknowledge: acknowledge many open alerts in one call. With `ids`, those of them
 * that are open on maps the caller owns or edits; without, every such open alert (of `mapId` when
 * given). Other alerts (already acknowledged, resolved, of maps the caller only views or cannot
 * see) are left as they are. Answers with the alerts this call acknowledged (AlertsResponse).
 */
export const AlertsAcknowledgeBody = Type.Object({
  ids: Type.Optional(Type.Array(Id, { minItems: 1, maxItems: ALERTS_MAX_LIMIT })),
  mapId: Type.Optional(Id),
});
export type AlertsAcknowledgeBody = Static<typeof AlertsAcknowledgeBody>;
