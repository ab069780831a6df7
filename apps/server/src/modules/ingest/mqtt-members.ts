/**
 * Who shares the MQTT subscription: each instance says every second that its session is alive,
 * and an instance that stops saying so is dead to the others, one of which then claims its session
 * (the claim removes the member, so only one instance takes it over).
 */
import type { Sql } from '../../lib/db.ts';

export interface MqttMembers {
  /** This client id's session is alive now. */
  alive(clientId: string): Promise<void>;
  /** This client id left the group (its session ended). */
  left(clientId: string): Promise<void>;
  /** Claim the members other than `self` silent for `silentMs` or more: their client ids. */
  claimSilent(self: string, silentMs: number): Promise<string[]>;
}

export function mqttMembers(sql: Sql): MqttMembers {
  return {
    async alive(clientId) {
      await sql.query(
        `insert into mqtt_members (client_id, seen_at) values ($1, now())
         on conflict (client_id) do update set seen_at = now()`,
        [clientId],
      );
    },
    async left(clientId) {
      await sql.query('delete from mqtt_members where client_id = $1', [clientId]);
    },
    async claimSilent(self, silentMs) {
      const rows = await sql.query<{ client_id: string }>(
        `delete from mqtt_members
         where client_id <> $1 and seen_at < now() - make_interval(secs => $2)
         returning client_id`,
        [self, silentMs / 1000],
      );
      return rows.map((r) => r.client_id);
    },
  };
}
