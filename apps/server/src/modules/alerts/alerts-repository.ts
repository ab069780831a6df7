/**
 * Alerts in SQL: opened once per (rule, occurrence), or counted on the latest alert of the same
 * rule, device and zone while within the rule's cool-down; acknowledged and resolved in place.
 */
import { randomUUID } from 'node:crypto';
import type { Alert, AlertActor, AlertState, Rule, Severity, ZoneEvent } from '@rtls/contract';
import type { Sql } from '../../lib/db.ts';

interface AlertRow {
  id: string;
  rule_id: string;
  rule_name: string;
  map_id: string;
  severity: Severity;
  state: AlertState;
  opened_at: Date | string;
  acknowledged_at: Date | string | null;
  acknowledged_by: AlertActor | string | null;
  resolved_at: Date | string | null;
  resolved_by: AlertActor | string | null;
  event: ZoneEvent | string;
  occurrence: string;
  count: number;
  last_at: Date | string;
}

/** What opening an alert did: a new alert, or a repeat counted on one (reopened if resolved). */
export interface Opened {
  alert: Alert;
  action: 'opened' | 'updated';
}

const json = <T>(v: T | string | null): T | null =>
  typeof v === 'string' ? (JSON.parse(v) as T) : v;
const iso = (d: Date | string | null) => (d === null ? null : new Date(d).toISOString());

const present = (r: AlertRow): Alert => ({
  id: r.id,
  ruleId: r.rule_id,
  ruleName: r.rule_name,
  mapId: r.map_id,
  severity: r.severity,
  state: r.state,
  openedAt: iso(r.opened_at)!,
  acknowledgedAt: iso(r.acknowledged_at),
  acknowledgedBy: json(r.acknowledged_by),
  resolvedAt: iso(r.resolved_at),
  resolvedBy: json(r.resolved_by),
  event: json(r.event)!,
  count: r.count,
  lastAt: iso(r.last_at)!,
});

/** Readable by the user: own and shared maps, and a named public map. */
const READABLE = `join maps m on m.id = a.map_id
  left join map_collaborators c on c.map_id = m.id and c.user_id = $1`;

export function alertsRepository(sql: Sql) {
  return {
    /**
     * Open an alert for this occurrence; null when the rule already fired for it. Within the rule's
     * cool-down of the latest alert of the same `repeatKey` (device, zone, gateway), that alert
     * counts the occurrence instead; a resolved one opens again (its condition came back).
     */
    async open(
      rule: Rule,
      event: ZoneEvent,
      occurrence: string,
      repeatKey: string,
    ): Promise<Opened | null> {
      const seen = await sql.query('select 1 from alerts where rule_id = $1 and occurrence = $2', [
        rule.id,
        occurrence,
      ]);
      if (seen.length > 0) return null;
      if (rule.cooldownSeconds > 0) {
        const since = new Date(Date.parse(event.at) - rule.cooldownSeconds * 1000).toISOString();
        const rows = await sql.query<AlertRow & { was: AlertState }>(
          `with prev as (
             select id, state from alerts
              where rule_id = $1 and repeat_key = $2 and last_at > $3
              order by last_at desc limit 1)
           update alerts a set count = a.count + 1, last_at = greatest(a.last_at, $4),
                  occurrence = $5,
                  state = case when a.state = 'resolved' then 'open' else a.state end,
                  resolved_at = case when a.state = 'resolved' then null else a.resolved_at end,
                  resolved_by = case when a.state = 'resolved' then null else a.resolved_by end,
                  acknowledged_at = case when a.state = 'resolved' then null else a.acknowledged_at end,
                  acknowledged_by = case when a.state = 'resolved' then null else a.acknowledged_by end
             from prev where a.id = prev.id
           returning a.*, prev.state as was`,
          [rule.id, repeatKey, since, event.at, occurrence],
        );
        const row = rows[0];
        if (row)
          return { alert: present(row), action: row.was === 'resolved' ? 'opened' : 'updated' };
      }
      const rows = await sql.query<AlertRow>(
        `insert into alerts (id, rule_id, rule_name, map_id, severity, state, opened_at, event,
                             occurrence, repeat_key, count, last_at)
         values ($1, $2, $3, $4, $5, 'open', $6, $7::jsonb, $8, $9, 1, $6)
         on conflict (rule_id, occurrence) do nothing returning *`,
        [
          randomUUID(),
          rule.id,
          rule.name,
          rule.mapId,
          rule.severity,
          event.at,
          JSON.stringify(event),
          occurrence,
          repeatKey,
        ],
      );
      return rows[0] ? { alert: present(rows[0]), action: 'opened' } : null;
    },
    async list(
      userId: string,
      f: { state?: AlertState; mapId?: string; limit: number },
    ): Promise<Alert[]> {
      const params: unknown[] = [userId];
      const where = f.mapId
        ? ['(m.owner_id = $1 or c.user_id is not null or m.is_public)']
        : ['(m.owner_id = $1 or c.user_id is not null)'];
      if (f.mapId) where.push(`a.map_id = $${params.push(f.mapId)}`);
      if (f.state) where.push(`a.state = $${params.push(f.state)}`);
      const rows = await sql.query<AlertRow>(
        `select a.* from alerts a ${READABLE} where ${where.join(' and ')}
          order by a.opened_at desc, a.id desc limit $${params.push(f.limit)}`,
        params,
      );
      return rows.map(present);
    },
    async get(alertId: string): Promise<Alert | null> {
      const rows = await sql.query<AlertRow>('select * from alerts where id = $1', [alertId]);
      return rows[0] ? present(rows[0]) : null;
    },
    /** Acknowledge an open alert; null when it is not open (already acknowledged or resolved). */
    async acknowledge(alertId: string, by: AlertActor): Promise<Alert | null> {
      const rows = await sql.query<AlertRow>(
        `update alerts set state = 'acknowledged', acknowledged_at = now(), acknowledged_by = $2::jsonb
          where id = $1 and state = 'open' returning *`,
        [alertId, JSON.stringify(by)],
      );
      return rows[0] ? present(rows[0]) : null;
    },
    /**
     * Open alerts of the maps the user owns or shares (edit rights are the caller's to check), of
     * these ids or of one map, newest first.
     */
    async openOf(
      userId: string,
      f: { ids?: readonly string[]; mapId?: string; limit: number },
    ): Promise<{ id: string; mapId: string }[]> {
      const params: unknown[] = [userId];
      const where = ["a.state = 'open'", '(m.owner_id = $1 or c.user_id is not null)'];
      if (f.ids) where.push(`a.id = any($${params.push(f.ids)}::text[])`);
      if (f.mapId) where.push(`a.map_id = $${params.push(f.mapId)}`);
      const rows = await sql.query<{ id: string; map_id: string }>(
        `select a.id, a.map_id from alerts a ${READABLE} where ${where.join(' and ')}
          order by a.opened_at desc, a.id desc limit $${params.push(f.limit)}`,
        params,
      );
      return rows.map((r) => ({ id: r.id, mapId: r.map_id }));
    },
    /** Acknowledge those of these alerts that are open (the others are left as they are). */
    async acknowledgeMany(alertIds: readonly string[], by: AlertActor): Promise<Alert[]> {
      if (alertIds.length === 0) return [];
      const rows = await sql.query<AlertRow>(
        `update alerts set state = 'acknowledged', acknowledged_at = now(), acknowledged_by = $2::jsonb
          where id = any($1::text[]) and state = 'open' returning *`,
        [alertIds, JSON.stringify(by)],
      );
      return rows.map(present);
    },
    /** Resolve an alert not yet resolved; null when it already was. */
    async resolve(alertId: string, by: AlertActor | null): Promise<Alert | null> {
      const rows = await sql.query<AlertRow>(
        `update alerts set state = 'resolved', resolved_at = now(), resolved_by = $2::jsonb
          where id = $1 and state <> 'resolved' returning *`,
        [alertId, by === null ? null : JSON.stringify(by)],
      );
      return rows[0] ? present(rows[0]) : null;
    },
    /** Resolve by themselves the alerts of conditions that ended (occurrences by prefix). */
    async resolveConditions(mapId: string, prefixes: readonly string[]): Promise<Alert[]> {
      if (prefixes.length === 0) return [];
      const rows = await sql.query<AlertRow>(
        `update alerts set state = 'resolved', resolved_at = now()
          where map_id = $1 and state <> 'resolved'
            and exists (select 1 from unnest($2::text[]) p where starts_with(occurrence, p))
          returning *`,
        [mapId, prefixes],
      );
      return rows.map(present);
    },
    /** Occurrences of unresolved alerts, per map (conditions that may still end). */
    async unresolvedOccurrences(): Promise<{ ruleId: string; occurrence: string }[]> {
      const rows = await sql.query<{ rule_id: string; occurrence: string }>(
        "select rule_id, occurrence from alerts where state <> 'resolved'",
      );
      return rows.map((r) => ({ ruleId: r.rule_id, occurrence: r.occurrence }));
    },
  };
}
export type AlertsRepository = ReturnType<typeof alertsRepository>;
