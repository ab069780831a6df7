/**
 * Webhook calls, each account its own: GET/POST /api/webhooks, PUT/DELETE /api/webhooks/{id},
 * GET /api/webhooks/dead-letters, POST /api/webhooks/dead-letters/{id}/retry.
 */
import {
  DeadLettersResponse,
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
import { editRoutes, errorAnswers, type ServiceRoutes } from '../../lib/resource-routes.ts';

const tags = ['webhooks'];

export const webhookRoutes: ServiceRoutes<WebhooksService> = async (app, { service }) => {
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
        response: { 201: WebhookCreatedResponse, ...errorAnswers(400, 409) },
      },
    },
    async (req, reply) =>
      reply
        .code(201)
        .send({ success: true as const, ...(await service.create(req.user.id, req.body)) }),
  );

  editRoutes(
    app,
    'webhook',
    {
      tags,
      url: '/api/webhooks',
      itemUrl: '/api/webhooks/:id',
      itemParams: WebhookParams,
      updateBody: WebhookUpdateBody,
      one: WebhookResponse,
      summaries: {
        update: "Change a webhook's URL, topics or enabled state",
        remove: 'Delete a webhook and its queued deliveries',
      },
      errors: { update: errorAnswers(400, 404), remove: errorAnswers(404) },
    },
    {
      update: (userId, { id }, body) => service.update(userId, id, body),
      remove: (userId, { id }) => service.remove(userId, id),
    },
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
        response: { 200: SuccessResponse, ...errorAnswers(404) },
      },
    },
    async (req) => done(service.retry(req.user.id, req.params.id)),
  );
};
