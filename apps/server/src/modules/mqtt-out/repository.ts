/** MQTT output settings per account, and the monitored devices' names for discovery. */
import { HA_DEFAULT_DISCOVERY_PREFIX, type MqttOutputSettings } from '@rtls/contract';
import type { Sql } from '../../lib/db.ts';

interface Row {
  owner_id: string;
  enabled: boolean;
  home_assistant: boolean;
  discovery_prefix: string;
}
const present = (r: Row): MqttOutputSettings => ({
  enabled: r.enabled,
  homeAssistant: r.home_assistant,
  discoveryPrefix: r.discovery_prefix,
});
export const MQTT_OUTPUT_DEFAULTS: MqttOutputSettings = {
  enabled: false,
  homeAssistant: true,
  discoveryPrefix: HA_DEFAULT_DISCOVERY_PREFIX,
};

export function mqttOutputRepository(sql: Sql) {
  return {
    async get(ownerId: string): Promise<MqttOutputSettings> {
      const rows = await sql.query<Row>('select * from mqtt_output where owner_id = $1', [ownerId]);
      return rows[0] ? present(rows[0]) : { ...MQTT_OUTPUT_DEFAULTS };
    },
    async put(ownerId: string, s: MqttOutputSettings): Promise<void> {
      await sql.query(
        `insert into mqtt_output (owner_id, enabled, home_assistant, discovery_prefix)
         values ($1, $2, $3, $4)
         on conflict (owner_id) do update set enabled = $2, home_assistant = $3,
           discovery_prefix = $4, updated_at = now()`,
        [ownerId, s.enabled, s.homeAssistant, s.discoveryPrefix],
      );
    },
    async enabled(): Promise<Map<string, MqttOutputSettings>> {
      const rows = await sql.query<Row>('select * from mqtt_output where enabled');
      return new Map(rows.map((r) => [r.owner_id, present(r)]));
    },
    /** The account's monitored devices and their display names. */
    async monitored(ownerId: string): Promise<{ mac: string; name: string }[]> {
      const rows = await sql.query<{ mac: string; name: string; custom_settings: unknown }>(
        'select mac, name, custom_settings from devices where owner_id = $1 and is_monitored',
        [ownerId],
      );
      return rows.map((r) => {
        const cs = (
          typeof r.custom_settings === 'string' ? JSON.parse(r.custom_settings) : r.custom_settings
        ) as { displayName?: string } | null;
        return { mac: r.mac, name: cs?.displayName || r.name || r.mac };
      });
    },
  };
}
export type MqttOutputRepository = ReturnType<typeof mqttOutputRepository>;
