/** The account's MQTT output of positions and presence, with Home Assistant discovery. */
import type { MqttOutputBody, MqttOutputResponse } from '@rtls/contract';
import { apiRequest } from './http.ts';

export const fetchMqttOutput = () =>
  apiRequest<MqttOutputResponse>('/mqtt-output', { error: 'fetchMqttOutput' });

export const updateMqttOutput = (body: MqttOutputBody) =>
  apiRequest<MqttOutputResponse>('/mqtt-output', {
    method: 'PUT',
    body,
    error: 'updateMqttOutput',
  });
