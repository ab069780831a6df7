/** Gateway ingest over MQTT as configured: an external broker (MQTT_URL), the embedded one, or off. */
import { startEmbeddedBroker } from './mqtt-broker.ts';
import { MQTT_OFF, type MqttIngest, type MqttIngestDeps } from './mqtt-ingest.ts';
import { startSubscriber } from './mqtt-subscriber.ts';

export function startMqttIngest(deps: MqttIngestDeps): Promise<MqttIngest> {
  if (deps.config.mqttUrl) return startSubscriber(deps);
  if (deps.config.mqttPort === 0) return Promise.resolve(MQTT_OFF);
  return startEmbeddedBroker(deps);
}
