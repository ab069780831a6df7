/** The history calls: positions, the state at a moment, zone visits, CSV export and retention. */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import {
  ErrorBody,
  HistoryExportQuery,
  HistoryPositionsResponse,
  HistoryRangeQuery,
  HistoryRetention,
  HistoryRetentionResponse,
  HistoryStateQuery,
  HistoryStateResponse,
  HistoryVisitsQuery,
  HistoryVisitsResponse,
  IdParams,
} from '@rtls/contract';
import type { Sql } from '../../lib/db.ts';
import { exportCsv } from './export.ts';
import type { HistoryRepository } from './repository.ts';
import { deviceKeys, parseRange } from './request.ts';
import type { HistoryService } from './service.ts';

const tags = ['history'];
const errors = { 400: ErrorBody, 404: ErrorBody };

export const historyRoutes: FastifyPluginAsyncTypebox<{
  service: HistoryService;
  repo: HistoryRepository;
  sql: Sql;
  batchRows: number;
  now?: () => number;
}> = async (app, { service, repo, sql, batchRows, now = Date.now }) => {
  app.get(
    '/api/maps/:id/history/positions',
    {
      schema: {
        tags,
        summary:
          "Positions kept of the map owner's devices in [from, to): per device, oldest first, in pages (anyone who may read the map)",
        params: IdParams,
        querystring: HistoryRangeQuery,
        response: { 200: HistoryPositionsResponse, ...errors },
      },
    },
    (req) => service.positions(req.user.id, req.params.id, req.query),
  );

  app.get(
    '/api/maps/:id/history/state',
    {
      schema: {
        tags,
        summary:
          'Every device on the map at a moment: its last position at or before `at` (at most two heartbeats old)',
        params: IdParams,
        querystring: HistoryStateQuery,
        response: { 200: HistoryStateResponse, ...errors },
      },
    },
    (req) => service.state(req.user.id, req.params.id, req.query),
  );

  app.get(
    '/api/maps/:id/history/visits',
    {
      schema: {
        tags,
        summary:
          'Zone visits overlapping [from, to): ended ones in pages, stays not ended on the first page',
        params: IdParams,
        querystring: HistoryVisitsQuery,
        response: { 200: HistoryVisitsResponse, ...errors },
      },
    },
    (req) => service.visits(req.user.id, req.params.id, req.query),
  );

  app.get(
    '/api/maps/:id/history/export',
    {
      schema: {
        tags,
        summary:
          'CSV of positions, zone visits, events or alerts in [from, to), for some devices or zones, streamed',
        params: IdParams,
        querystring: HistoryExportQuery,
        produces: ['text/csv'],
        response: { 200: { type: 'string', description: 'CSV, one header line' }, ...errors },
      },
    },
    async (req, reply) => {
      const q = req.query;
      const history = await service.open(req.user.id, req.params.id, q.devices);
      const zones = await service.zonesOf(req.params.id, q.zones);
      const days =
        q.kind === 'positions' ? history.retention.positionsDays : history.retention.visitsDays;
      const what =
        q.kind === 'visits' ? 'zone visits' : q.kind === 'positions' ? 'positions' : q.kind;
      const { from, to } = parseRange(q, days, what, now());
      const stream = await exportCsv(
        { sql, repo, batchRows },
        { kind: q.kind, history, from, to, devices: deviceKeys(q.devices), zones },
      );
      const stamp = new Date(from).toISOString().slice(0, 10);
      return reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="${q.kind}-${stamp}.csv"`)
        .header('cache-control', 'no-store')
        .send(stream);
    },
  );

  app.get(
    '/api/history/retention',
    {
      schema: {
        tags,
        summary: "How long the caller's account keeps positions and zone visits (days)",
        response: { 200: HistoryRetentionResponse },
      },
    },
    (req) => service.retention(req.user.id),
  );

  app.put(
    '/api/history/retention',
    {
      schema: {
        tags,
        summary: "Keep the caller's history for less than the server's ceilings (days)",
        body: HistoryRetention,
        response: { 200: HistoryRetentionResponse, 400: ErrorBody },
      },
    },
    (req) => service.setRetention(req.user.id, req.body),
  );
};
