/** Walk, calibration and accuracy report calls (see packages/contract/src/api-walks.ts). */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { TSchema } from '@sinclair/typebox';
import {
  CalibrationResponse,
  ErrorBody,
  IdParams,
  MapRadioCalibrationResponse,
  WalkCreateBody,
  WalkPathBody,
  WalkPointBody,
  WalkPointParams,
  WalkReportResponse,
  WalkReportsResponse,
  WalkResponse,
  WalksResponse,
} from '@rtls/contract';
import type { CalibrationsService } from './calibrations.ts';
import type { WalksService } from './service.ts';

const tags = ['walks'];
/** The refusals every call here may answer with. */
const refusals = { 400: ErrorBody, 403: ErrorBody, 404: ErrorBody, 409: ErrorBody, 422: ErrorBody };

/** The schema of a call on one resource by id, answered with `ok` (200, or 201 when created). */
function byId<R extends TSchema, C extends 200 | 201 = 200>(summary: string, ok: R, code?: C) {
  return {
    tags,
    summary,
    params: IdParams,
    response: { [code ?? 200]: ok, ...refusals } as { [K in C]: R } & typeof refusals,
  };
}

export const walkRoutes: FastifyPluginAsyncTypebox<{
  walks: WalksService;
  calibrations: CalibrationsService;
}> = async (app, { walks, calibrations }) => {
  const editors = '(owners and editors)';
  const readers = '(anyone who may read the map)';

  app.get(
    '/api/maps/:id/walks',
    {
      schema: {
        tags,
        summary: `The map's walk tests, newest first ${editors}`,
        params: IdParams,
        response: { 200: WalksResponse, ...refusals },
      },
    },
    async (req) => ({
      success: true as const,
      walks: await walks.list(req.user.id, req.params.id),
    }),
  );
  app.post(
    '/api/maps/:id/walks',
    {
      schema: {
        tags,
        summary: `Start a walk test with one of the map owner's tags ${editors}`,
        params: IdParams,
        body: WalkCreateBody,
        response: { 201: WalkResponse, ...refusals },
      },
    },
    async (req, reply) => {
      const walk = await walks.create(req.user.id, req.params.id, req.body);
      return reply.code(201).send({ success: true as const, walk });
    },
  );
  app.get(
    '/api/walks/:id',
    {
      schema: {
        tags,
        summary: `A walk and its points: read it to resume it ${editors}`,
        params: IdParams,
        response: { 200: WalkResponse, ...refusals },
      },
    },
    async (req) => ({ success: true as const, walk: await walks.get(req.user.id, req.params.id) }),
  );
  app.post(
    '/api/walks/:id/points',
    {
      schema: {
        tags,
        summary: `Add a point: where the tag stood on the plan, from when to when ${editors}`,
        params: IdParams,
        body: WalkPointBody,
        response: { 201: WalkResponse, ...refusals },
      },
    },
    async (req, reply) => {
      const walk = await walks.addPoint(req.user.id, req.params.id, req.body);
      return reply.code(201).send({ success: true as const, walk });
    },
  );
  app.post(
    '/api/walks/:id/path',
    {
      schema: {
        tags,
        summary: `Add a drawn path walked at a steady pace: a point per few seconds of it ${editors}`,
        params: IdParams,
        body: WalkPathBody,
        response: { 201: WalkResponse, ...refusals },
      },
    },
    async (req, reply) => {
      const walk = await walks.addPath(req.user.id, req.params.id, req.body);
      return reply.code(201).send({ success: true as const, walk });
    },
  );
  app.put(
    '/api/walks/:id/points/:pointId',
    {
      schema: {
        tags,
        summary: `Redo a point of an open walk ${editors}`,
        params: WalkPointParams,
        body: WalkPointBody,
        response: { 200: WalkResponse, ...refusals },
      },
    },
    async (req) => {
      const { id, pointId } = req.params;
      return {
        success: true as const,
        walk: await walks.replacePoint(req.user.id, id, pointId, req.body),
      };
    },
  );
  app.delete(
    '/api/walks/:id/points/:pointId',
    {
      schema: {
        tags,
        summary: `Remove a point of an open walk ${editors}`,
        params: WalkPointParams,
        response: { 200: WalkResponse, ...refusals },
      },
    },
    async (req) => {
      const { id, pointId } = req.params;
      return { success: true as const, walk: await walks.removePoint(req.user.id, id, pointId) };
    },
  );

  const u = (req: { user: { id: string } }) => req.user.id;
  app.post(
    '/api/walks/:id/finish',
    { schema: byId(`Finish a walk ${editors}`, WalkResponse) },
    async (req) => ({ success: true as const, walk: await walks.finish(u(req), req.params.id) }),
  );
  app.post(
    '/api/walks/:id/calibrations',
    {
      schema: byId(
        `Fit the map's radio model to a finished walk, with before/after on held-out points ${editors}`,
        CalibrationResponse,
        201,
      ),
    },
    async (req, reply) =>
      reply.code(201).send({
        success: true as const,
        calibration: await calibrations.calibrate(u(req), req.params.id),
      }),
  );
  app.get(
    '/api/calibrations/:id',
    { schema: byId(`A calibration ${editors}`, CalibrationResponse) },
    async (req) => ({
      success: true as const,
      calibration: await calibrations.get(u(req), req.params.id),
    }),
  );
  app.post(
    '/api/calibrations/:id/apply',
    {
      schema: byId(
        `Locate the map with this calibration (only one that improves held-out points) ${editors}`,
        MapRadioCalibrationResponse,
      ),
    },
    async (req) => ({
      success: true as const,
      radioCalibration: await calibrations.apply(u(req), req.params.id),
    }),
  );
  app.get(
    '/api/maps/:id/radio-calibration',
    {
      schema: byId(
        `The calibration the map is located with ${readers}`,
        MapRadioCalibrationResponse,
      ),
    },
    async (req) => ({
      success: true as const,
      radioCalibration: await calibrations.radioCalibration(u(req), req.params.id),
    }),
  );
  app.post(
    '/api/maps/:id/radio-calibration/undo',
    {
      schema: byId(
        `Go back to the calibration applied before the one in force ${editors}`,
        MapRadioCalibrationResponse,
      ),
    },
    async (req) => ({
      success: true as const,
      radioCalibration: await calibrations.undo(u(req), req.params.id),
    }),
  );
  app.post(
    '/api/walks/:id/reports',
    {
      schema: byId(
        `An accuracy report of a finished walk with the map's model in force, kept ${editors}`,
        WalkReportResponse,
        201,
      ),
    },
    async (req, reply) =>
      reply.code(201).send({
        success: true as const,
        report: await calibrations.report(u(req), req.params.id),
      }),
  );
  app.get(
    '/api/walk-reports/:id',
    { schema: byId(`An accuracy report ${readers}`, WalkReportResponse) },
    async (req) => ({
      success: true as const,
      report: await calibrations.getReport(u(req), req.params.id),
    }),
  );
  app.get(
    '/api/maps/:id/walk-reports',
    {
      schema: byId(
        `The map's accuracy reports, oldest first: the trend ${readers}`,
        WalkReportsResponse,
      ),
    },
    async (req) => ({
      success: true as const,
      reports: await calibrations.reports(u(req), req.params.id),
    }),
  );
  app.get(
    '/api/walk-reports/:id/csv',
    {
      schema: {
        tags,
        summary: `An accuracy report as CSV: a row per point, then the walk's and each zone's figures ${readers}`,
        params: IdParams,
        produces: ['text/csv'],
        response: { 200: { type: 'string', description: 'CSV, one header line' }, ...refusals },
      },
    },
    async (req, reply) => {
      const csv = await calibrations.reportCsv(req.user.id, req.params.id);
      return reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="walk-report-${req.params.id}.csv"`)
        .send(csv);
    },
  );
};
