/** GET/PUT /api/mqtt-output: the account's own MQTT output settings and topic prefix. */
import { ErrorBody, MqttOutputBody, MqttOutputResponse } from '@rtls/contract';
import type { MqttOutputService } from './service.ts';
import type { ServiceRoutes } from '../../lib/resource-routes.ts';

const tags = ['mqtt-output'];

export const mqttOutputRoutes: ServiceRoutes<MqttOutputService> = async (app, { service }) => {
  const answer = async (
    userId: string,
    settings?: Awaited<ReturnType<typeof service.settings>>,
  ) => ({
    success: true as const,
    settings: settings ?? (await service.settings(userId)),
    topicPrefix: service.prefixOf(userId),
    brokers: service.brokers(),
  });
  app.get(
    '/api/mqtt-output',
    {
      schema: {
        tags,
        summary: "The account's MQTT output (positions, presence, Home Assistant discovery)",
        response: { 200: MqttOutputResponse },
      },
    },
    async (req) => answer(req.user.id),
  );
  app.put(
    '/api/mqtt-output',
    {
      schema: {
        tags,
        summary: "Turn the account's MQTT output and Home Assistant discovery on or off",
        body: MqttOutputBody,
        response: { 200: MqttOutputResponse, 400: ErrorBody },
      },
    },
    async (req) => answer(req.user.id, await service.update(req.user.id, req.body)),
  );
};
