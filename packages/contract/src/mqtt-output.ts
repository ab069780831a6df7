/**
 * MQTT output of positions and zone presence, per account, with Home Assistant discovery.
 * GET/PUT /api/mqtt-output (each account its own). Topics (PREFIX = `rtls/out/<accountId>`):
 * - PREFIX/<mapId>/<mac>/position  {x, y, confidence, at}
 * - PREFIX/<mapId>/<mac>/zone      ZonePresence
 * - PREFIX/<mapId>/zones/<zoneId>  {zoneId, name, count, at}
 * - PREFIX/<mapId>/events          ZoneEvent (one message per event)
 * - PREFIX/ha/<id>/state and PREFIX/ha/<id>/attributes: a device's Home Assistant state (its zone
 *   name, or not_home) and attributes; <discoveryPrefix>/device_tracker/<id>/config: its discovery.
 * On the embedded broker the discovery topic lives under the account's prefix too
 * (PREFIX/homeassistant/...; set Home Assistant's discovery prefix to PREFIX/homeassistant), and a
 * client logged in with an ingest key of the account may subscribe to PREFIX/# and nothing else.
 */
import { Type, type Static } from '@sinclair/typebox';
import { SuccessWith } from './api-common.ts';

export const MQTT_OUTPUT_ROOT = 'rtls/out';
export const HA_DEFAULT_DISCOVERY_PREFIX = 'homeassistant';
/** The Home Assistant state of a device in no zone (or unknown for too long). */
export const HA_NOT_HOME = 'not_home';

export const MqttOutputSettings = Type.Object({
  enabled: Type.Boolean(),
  /** Publish Home Assistant device_tracker discovery for each monitored device. */
  homeAssistant: Type.Boolean(),
  /** Home Assistant's discovery prefix on the external broker. */
  discoveryPrefix: Type.String(),
});
export type MqttOutputSettings = Static<typeof MqttOutputSettings>;

export const MqttOutputBody = Type.Object({
  enabled: Type.Optional(Type.Boolean()),
  homeAssistant: Type.Optional(Type.Boolean()),
  discoveryPrefix: Type.Optional(
    Type.String({ minLength: 1, maxLength: 100, pattern: '^[A-Za-z0-9_\\-/]+$' }),
  ),
});
export type MqttOutputBody = Static<typeof MqttOutputBody>;

export const MqttOutputResponse = SuccessWith({
  settings: MqttOutputSettings,
  /** This account's topic prefix. */
  topicPrefix: Type.String(),
  /** Where messages go: the embedded broker, and the external one when MQTT_URL is set. */
  brokers: Type.Object({ embedded: Type.Boolean(), external: Type.Boolean() }),
});
export type MqttOutputResponse = Static<typeof MqttOutputResponse>;
