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

const tags = ['history'];
const errors = { 400: ErrorBody, 404: ErrorBody };

export const historyReportRoutes: FastifyPluginAsyncTypebox<{ reports: HistoryReports }> = async (
  app,
  { reports },
) => {
  app.get(
    '/api/maps/:id/history/zone-report',
    {
      schema: {
        tags,
        summary:
          'Per zone in [from, to): visits, total and mean dwell, occupancy per bucket and its peak (stays clipped to the range)',
        params: IdParams,
        querystring: ZoneReportQuery,
        response: { 200: ZoneReportResponse, ...errors },
      },
    },
    (req) => reports.zones(req.user.id, req.params.id, req.query),
  );

  app.get(
    '/api/maps/:id/history/device-report',
    {
      schema: {
        tags,
        summary:
          'Per device in [from, to): its stays in zones as a timeline, time per zone, path length and time seen',
        params: IdParams,
        querystring: DeviceReportQuery,
        response: { 200: DeviceReportResponse, ...errors },
      },
    },
    (req) => reports.devices(req.user.id, req.params.id, req.query),
  );

  app.get(
    '/api/maps/:id/history/heatmap',
    {
      schema: {
        tags,
        summary: 'Positions kept in [from, to) counted per square cell of `cell` metres',
        params: IdParams,
        querystring: HeatmapQuery,
        response: { 200: HeatmapResponse, ...errors },
      },
    },
    (req) => reports.heatmap(req.user.id, req.params.id, req.query),
  );
};
