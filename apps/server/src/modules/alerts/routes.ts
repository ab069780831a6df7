/**
 * Rules, events and alerts: GET/POST /api/maps/{id}/rules, PUT/DELETE /api/maps/{id}/rules/{ruleId},
 * GET /api/maps/{id}/events, GET /api/alerts, POST /api/alerts/{id}/acknowledge and /resolve,
 * POST /api/alerts/acknowledge (many at once).
 */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import {
  AlertParams,
  AlertResponse,
  AlertsAcknowledgeBody,
  AlertsQuery,
  AlertsResponse,
  ErrorBody,
  EventsQuery,
  EventsResponse,
  IdParams,
  MapRuleParams,
  RuleCreateBody,
  RuleResponse,
  RulesResponse,
  RuleUpdateBody,
} from '@rtls/contract';
import type { RulesService } from './rules-service.ts';
import type { AlertsService } from './service.ts';
import { answer } from '../../lib/answers.ts';
import { errorAnswers, mapItemRoutes } from '../../lib/resource-routes.ts';

const errors = errorAnswers(400, 403, 404);

export const alertRoutes: FastifyPluginAsyncTypebox<{
  rules: RulesService;
  alerts: AlertsService;
}> = async (app, { rules, alerts }) => {
  mapItemRoutes(
    app,
    { noun: 'rule', plural: 'rules', tags: ['rules'] },
    {
      list: RulesResponse,
      one: RuleResponse,
      itemParams: MapRuleParams,
      createBody: RuleCreateBody,
      updateBody: RuleUpdateBody,
    },
    rules,
  );

  app.get(
    '/api/maps/:id/events',
    {
      schema: {
        tags: ['events'],
        summary: "The map's event log, newest first",
        params: IdParams,
        querystring: EventsQuery,
        response: { 200: EventsResponse, 400: ErrorBody, 404: ErrorBody },
      },
    },
    async (req) => answer('events', await alerts.events(req.user.id, req.params.id, req.query)),
  );

  app.get(
    '/api/alerts',
    {
      schema: {
        tags: ['alerts'],
        summary: "Alerts of the caller's maps (or of one readable map), newest first",
        querystring: AlertsQuery,
        response: { 200: AlertsResponse, 400: ErrorBody, 404: ErrorBody },
      },
    },
    async (req) => answer('alerts', await alerts.list(req.user.id, req.query)),
  );

  app.post(
    '/api/alerts/acknowledge',
    {
      schema: {
        tags: ['alerts'],
        summary:
          'Acknowledge many open alerts at once: the ids given, or every one (of mapId) that the caller may acknowledge',
        body: AlertsAcknowledgeBody,
        response: { 200: AlertsResponse, ...errors },
      },
    },
    async (req) => answer('alerts', await alerts.acknowledgeMany(req.user, req.body ?? {})),
  );

  for (const action of ['acknowledge', 'resolve'] as const) {
    app.post(
      `/api/alerts/:id/${action}`,
      {
        schema: {
          tags: ['alerts'],
          summary: `${action === 'acknowledge' ? 'Acknowledge' : 'Resolve'} an alert (owners and editors of its map)`,
          params: AlertParams,
          response: { 200: AlertResponse, ...errors, 409: ErrorBody },
        },
      },
      async (req) => answer('alert', await alerts[action](req.user, req.params.id)),
    );
  }
};
