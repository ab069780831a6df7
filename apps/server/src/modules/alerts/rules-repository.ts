/** Rules in SQL, one row per rule of a map. */
import { randomUUID } from 'node:crypto';
import type { EventType, Rule, Severity } from '@rtls/contract';
import type { Sql } from '../../lib/db.ts';
import { mapItemQueries } from '../zones/map-items.ts';

interface RuleRow {
  id: string;
  map_id: string;
  name: string;
  type: EventType;
  zone_id: string | null;
  mac: string | null;
  gateway: string | null;
  threshold_seconds: number | null;
  dwell_seconds: number;
  cooldown_seconds: number;
  severity: Severity;
  enabled: boolean;
  created_at: Date | string;
  updated_at: Date | string;
}

const present = (r: RuleRow): Rule => ({
  id: r.id,
  mapId: r.map_id,
  name: r.name,
  type: r.type,
  zoneId: r.zone_id,
  mac: r.mac,
  gateway: r.gateway,
  thresholdSeconds: r.threshold_seconds,
  dwellSeconds: r.dwell_seconds,
  cooldownSeconds: r.cooldown_seconds,
  severity: r.severity,
  enabled: r.enabled,
  createdAt: new Date(r.created_at).toISOString(),
  updatedAt: new Date(r.updated_at).toISOString(),
});

export type RuleFields = Omit<Rule, 'id' | 'mapId' | 'createdAt' | 'updatedAt'>;

export function rulesRepository(sql: Sql) {
  const values = (r: RuleFields) => [
    r.name,
    r.type,
    r.zoneId,
    r.mac,
    r.gateway,
    r.thresholdSeconds,
    r.severity,
    r.enabled,
    r.dwellSeconds,
    r.cooldownSeconds,
  ];
  return {
    ...mapItemQueries(sql, 'zone_rules', present),
    async all(): Promise<Rule[]> {
      const rows = await sql.query<RuleRow>('select * from zone_rules order by created_at, id');
      return rows.map(present);
    },
    /** Maps with an enabled rule of one of these types. */
    async mapsWithRules(types: readonly EventType[]): Promise<string[]> {
      const rows = await sql.query<{ map_id: string }>(
        'select distinct map_id from zone_rules where enabled and type = any($1::text[])',
        [types],
      );
      return rows.map((r) => r.map_id);
    },
    async insert(mapId: string, r: RuleFields): Promise<Rule> {
      const rows = await sql.query<RuleRow>(
        `insert into zone_rules
           (id, map_id, name, type, zone_id, mac, gateway, threshold_seconds, severity, enabled,
            dwell_seconds, cooldown_seconds)
         values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12) returning *`,
        [randomUUID(), mapId, ...values(r)],
      );
      return present(rows[0]!);
    },
    async update(mapId: string, ruleId: string, r: RuleFields): Promise<Rule | null> {
      const rows = await sql.query<RuleRow>(
        `update zone_rules set name = $3, type = $4, zone_id = $5, mac = $6, gateway = $7,
                threshold_seconds = $8, severity = $9, enabled = $10, dwell_seconds = $11,
                cooldown_seconds = $12, updated_at = now()
          where map_id = $1 and id = $2 returning *`,
        [mapId, ruleId, ...values(r)],
      );
      return rows[0] ? present(rows[0]) : null;
    },
  };
}
export type RulesRepository = ReturnType<typeof rulesRepository>;
