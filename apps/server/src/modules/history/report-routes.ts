/** The history reports: per zone, per device, and a heatmap of positions (readers of the map). */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import {
  DeviceReportQuery,
  DeviceReportResponse,
  ErrorBody,
  HeatmapQuery,
  HeatmapResponse,
  IdParams,
  ZoneReportQuery,
  ZoneReportResponse,
} from '@rtls/contract';
import type { HistoryReports } from './reports.ts';

const schema = <Q, R>(summary: string, querystring: Q, ok: R) => ({
  tags: ['history'],
  summary,
  params: IdParams,
  querystring,
  response: { 200: ok, 400: ErrorBody, 404: ErrorBody },
});

export const historyReportRoutes: FastifyPluginAsyncTypebox<{ reports: HistoryReports }> = async (
  app,
  { reports },
) => {
  app.get(
    '/api/maps/:id/history/zone-report',
    {
      schema: schema(
        'Per zone in [from, to): visits, total and mean dwell, occupancy per bucket and its peak (stays clipped to the range)',
        ZoneReportQuery,
        ZoneReportResponse,
      ),
    },
    (req) => reports.zones(req.user.id, req.params.id, req.query),
  );
  app.get(
    '/api/maps/:id/history/device-report',
    {
      schema: schema(
        'Per device in [from, to): its stays in zones as a timeline, time per zone, path length and time seen',
        DeviceReportQuery,
        DeviceReportResponse,
      ),
    },
    (req) => reports.devices(req.user.id, req.params.id, req.query),
  );
  app.get(
    '/api/maps/:id/history/heatmap',
    {
      schema: schema(
        'Positions kept in [from, to) counted per square cell of `cell` metres',
        HeatmapQuery,
        HeatmapResponse,
      ),
    },
    (req) => reports.heatmap(req.user.id, req.params.id, req.query),
  );
};
