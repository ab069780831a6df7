/**
 * Webhook calls, each account its own: GET/POST /api/webhooks, PUT/DELETE /api/webhooks/{id},
 * GET /api/webhooks/dead-letters, POST /api/webhooks/dead-letters/{id}/retry.
 */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import {
  DeadLettersResponse,
  ErrorBody,
  SuccessResponse,
  WebhookCreateBody,
  WebhookCreatedResponse,
  WebhookParams,
  WebhookResponse,
  WebhooksResponse,
  WebhookUpdateBody,
} from '@rtls/contract';
import type { WebhooksService } from './service.ts';
import { answer, done } from '../../lib/answers.ts';

const tags = ['webhooks'];

export const webhookRoutes: FastifyPluginAsyncTypebox<{ service: WebhooksService }> = async (
  app,
  { service },
) => {
  app.get(
    '/api/webhooks',
    { schema: { tags, summary: "The account's webhooks", response: { 200: WebhooksResponse } } },
    async (req) => answer('webhooks', await service.list(req.user.id)),
  );

  app.post(
    '/api/webhooks',
    {
      schema: {
        tags,
        summary: 'Add a webhook; the answer shows its signing secret this once',
        body: WebhookCreateBody,
        response: { 201: WebhookCreatedResponse, 400: ErrorBody, 409: ErrorBody },
      },
    },
    async (req, reply) =>
      reply
        .code(201)
        .send({ success: true as const, ...(await service.create(req.user.id, req.body)) }),
  );

  app.put(
    '/api/webhooks/:id',
    {
      schema: {
        tags,
        summary: "Change a webhook's URL, topics or enabled state",
        params: WebhookParams,
        body: WebhookUpdateBody,
        response: { 200: WebhookResponse, 400: ErrorBody, 404: ErrorBody },
      },
    },
    async (req) => answer('webhook', await service.update(req.user.id, req.params.id, req.body)),
  );

  app.delete(
    '/api/webhooks/:id',
    {
      schema: {
        tags,
        summary: 'Delete a webhook and its queued deliveries',
        params: WebhookParams,
        response: { 200: SuccessResponse, 404: ErrorBody },
      },
    },
    async (req) => done(service.remove(req.user.id, req.params.id)),
  );

  app.get(
    '/api/webhooks/dead-letters',
    {
      schema: {
        tags,
        summary: 'Deliveries that failed every attempt, newest first',
        response: { 200: DeadLettersResponse },
      },
    },
    async (req) => answer('deadLetters', await service.deadLetters(req.user.id)),
  );

  app.post(
    '/api/webhooks/dead-letters/:id/retry',
    {
      schema: {
        tags,
        summary: 'Queue a dead letter again, in its original place',
        params: WebhookParams,
        response: { 200: SuccessResponse, 404: ErrorBody },
      },
    },
    async (req) => done(service.retry(req.user.id, req.params.id)),
  );
};
