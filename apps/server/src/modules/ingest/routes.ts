/** HTTP ingest (POST /api/ingest with an ingest key) and ingest-key management. */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { ErrorBody, INGEST_MAX_BATCH, IngestResponse } from '@rtls/contract';
import { Type } from '@sinclair/typebox';
import { HttpError, notFound, unauthorized, unavailable } from '../../lib/errors.ts';
import type { IngestKeys } from './keys.ts';
import { PipelineClosedError, type Pipeline } from './pipeline.ts';

const KeyInfo = Type.Object({
  id: Type.String(),
  name: Type.String(),
  createdAt: Type.String(),
  revokedAt: Type.Union([Type.String(), Type.Null()]),
});

const INGEST_BODY_LIMIT = 2 * 1024 * 1024;

/** The ingest body as received, parsed only once the ingest key is known to be good. */
class RawJson {
  constructor(readonly text: string) {}
}

/** The parsed body; invalid JSON is counted and answered 400. */
function parseBody(body: unknown, pipeline: Pipeline): unknown {
  if (!(body instanceof RawJson)) return body;
  try {
    return JSON.parse(body.text) as unknown;
  } catch {
    pipeline.reject('invalid_json');
    throw new HttpError(400, 'The body is not valid JSON');
  }
}

function ingestKeyFrom(headers: Record<string, string | string[] | undefined>): string | null {
  const x = headers['x-ingest-key'];
  if (typeof x === 'string') return x;
  const m = /^Bearer\s+(\S+)$/i.exec(String(headers.authorization ?? ''));
  return m ? m[1]! : null;
}

export const ingestRoutes: FastifyPluginAsyncTypebox<{
  pipeline: Pipeline;
  keys: IngestKeys;
}> = async (app, { pipeline, keys }) => {
  // The ingest body is parsed after the key is checked, so that only an authenticated gateway's
  // unparseable JSON is counted as rejected (invalid_json) rather than any stranger's.
  await app.register(async (scope) => {
    scope.removeContentTypeParser('application/json');
    scope.addContentTypeParser(
      'application/json',
      { parseAs: 'string', bodyLimit: INGEST_BODY_LIMIT },
      (_req, raw, done) => done(null, new RawJson(String(raw))),
    );
    scope.post(
      '/api/ingest',
      {
        config: { public: true },
        bodyLimit: INGEST_BODY_LIMIT,
        schema: {
          tags: ['ingest'],
          summary: 'A batch of gateway RSSI reports (an array, or an object with a reports array)',
          // Every header the handler reads is listed: validation strips the ones that are not.
          headers: Type.Object({
            'x-ingest-key': Type.Optional(Type.String()),
            authorization: Type.Optional(Type.String({ description: 'Bearer ik_... (instead)' })),
          }),
          body: Type.Unknown(),
          response: {
            200: IngestResponse,
            400: ErrorBody,
            401: ErrorBody,
            413: ErrorBody,
            503: ErrorBody,
          },
        },
      },
      async (req) => {
        const key = ingestKeyFrom(req.headers);
        const ownerId = key ? await keys.ownerOf(key) : null;
        if (!ownerId) throw unauthorized('A valid ingest key is required');
        const body = parseBody(req.body, pipeline);
        const reports = Array.isArray(body)
          ? body
          : body &&
              typeof body === 'object' &&
              Array.isArray((body as { reports?: unknown }).reports)
            ? (body as { reports: unknown[] }).reports
            : body && typeof body === 'object'
              ? [body]
              : null;
        if (!reports) {
          pipeline.reject('not_an_object');
          throw new HttpError(
            400,
            'The body must be a report, an array of reports, or {"reports": [...]}',
          );
        }
        if (reports.length > INGEST_MAX_BATCH) {
          pipeline.reject('batch_too_large', reports.length);
          throw new HttpError(413, `A batch may hold at most ${INGEST_MAX_BATCH} reports`);
        }
        try {
          const { accepted, duplicates, rejected, reasons } = await pipeline.submit(
            ownerId,
            reports,
          );
          return {
            accepted: accepted + duplicates,
            rejected,
            reasons: reasons as Record<string, number>,
          };
        } catch (err) {
          if (err instanceof PipelineClosedError) throw unavailable(err.message);
          req.log.error({ err }, 'ingest store failed');
          throw unavailable('Reports could not be stored right now; retry later');
        }
      },
    );
  });

  app.get(
    '/api/ingest-keys',
    { schema: { tags: ['ingest'], response: { 200: Type.Object({ keys: Type.Array(KeyInfo) }) } } },
    async (req) => ({
      keys: await keys.list(req.user.id),
    }),
  );

  app.post(
    '/api/ingest-keys',
    {
      schema: {
        tags: ['ingest'],
        body: Type.Object({ name: Type.String({ maxLength: 100, default: '' }) }),
        response: { 201: Type.Object({ key: Type.String(), info: KeyInfo }) },
      },
    },
    async (req, reply) => {
      const { key, ...info } = await keys.create(req.user.id, req.body.name);
      return reply.code(201).send({ key, info });
    },
  );

  app.delete(
    '/api/ingest-keys/:id',
    { schema: { tags: ['ingest'], params: Type.Object({ id: Type.String({ maxLength: 64 }) }) } },
    async (req) => {
      if (!(await keys.revoke(req.user.id, req.params.id))) throw notFound('Ingest key');
      return { success: true };
    },
  );
};
