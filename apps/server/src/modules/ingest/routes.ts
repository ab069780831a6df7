/** HTTP ingest (POST /api/ingest with an ingest key) and ingest-key management. */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import {
  ErrorBody,
  IdParams,
  INGEST_MAX_BATCH,
  IngestKeyCreateBody,
  IngestKeyCreated,
  IngestKeysResponse,
  IngestResponse,
  INGEST_MAX_BODY_BYTES,
  SuccessResponse,
} from '@rtls/contract';
import { Type } from '@sinclair/typebox';
import { HttpError, notFound, unauthorized, unavailable } from '../../lib/errors.ts';
import type { IngestKeys } from './keys.ts';
import { parseHttpBody } from './formats/index.ts';
import { PipelineBusyError, PipelineClosedError, type Pipeline } from './pipeline.ts';

/** The ingest body as received, read only once the ingest key is known to be good. */
class RawBody {
  constructor(readonly bytes: Buffer) {}
}

/** The reports in a body (any supported format); a clear 4xx, counted, for anything else. */
function reportsFrom(body: unknown, pipeline: Pipeline): unknown[] {
  const bytes = body instanceof RawBody ? body.bytes : Buffer.alloc(0);
  const parsed = parseHttpBody(bytes);
  if (!parsed.ok) {
    pipeline.reject(parsed.reason);
    throw new HttpError(parsed.reason === 'batch_too_large' ? 413 : 400, parsed.message);
  }
  if (parsed.reports.length === 0 && parsed.format === 'generic')
    throw new HttpError(400, 'The body holds no reports');
  return parsed.reports;
}

/** "3 rejected (bad_rssi: 2, bad_device_mac: 1)" */
const describeRejects = (rejected: number, reasons: Record<string, number>) =>
  `${rejected} rejected (${Object.entries(reasons)
    .map(([r, n]) => `${r}: ${n}`)
    .join(', ')})`;

/**
 * The ingest key: x-ingest-key, Bearer, or the password of Basic authentication (gateways whose
 * HTTP settings offer only a user name and password, such as Ruuvi's and Ingics' basic auth).
 */
function ingestKeyFrom(headers: Record<string, string | string[] | undefined>): string | null {
  const x = headers['x-ingest-key'];
  if (typeof x === 'string') return x;
  const auth = String(headers.authorization ?? '');
  const bearer = /^Bearer\s+(\S+)$/i.exec(auth);
  if (bearer) return bearer[1]!;
  const basic = /^Basic\s+([A-Za-z0-9+/=]+)$/i.exec(auth);
  if (!basic) return null;
  const decoded = Buffer.from(basic[1]!, 'base64').toString('utf8');
  return decoded.includes(':') ? decoded.slice(decoded.indexOf(':') + 1) : null;
}

export const ingestRoutes: FastifyPluginAsyncTypebox<{
  pipeline: Pipeline;
  keys: IngestKeys;
}> = async (app, { pipeline, keys }) => {
  // The ingest body is parsed after the key is checked, so that only an authenticated gateway's
  // unparseable JSON is counted as rejected (invalid_json) rather than any stranger's.
  await app.register(async (scope) => {
    // Gateways send JSON, text (Ingics) or MessagePack (April Brother), often with no or a
    // wrong Content-Type: the body is told by its content.
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser(
      '*',
      { parseAs: 'buffer', bodyLimit: INGEST_MAX_BODY_BYTES },
      (_req, raw, done) => done(null, new RawBody(raw as Buffer)),
    );
    scope.post(
      '/api/ingest',
      {
        config: { public: true },
        bodyLimit: INGEST_MAX_BODY_BYTES,
        schema: {
          tags: ['ingest'],
          summary:
            'Gateway RSSI reports: a report, an array, {"reports": [...]}, or a supported gateway format',
          // Every header the handler reads is listed: validation strips the ones that are not.
          headers: Type.Object({
            'x-ingest-key': Type.Optional(Type.String()),
            authorization: Type.Optional(
              Type.String({ description: 'Bearer ik_…, or Basic with the key as the password' }),
            ),
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
        const reports = reportsFrom(req.body, pipeline);
        if (reports.length > INGEST_MAX_BATCH) {
          pipeline.reject('batch_too_large', reports.length);
          throw new HttpError(413, `A batch may hold at most ${INGEST_MAX_BATCH} reports`);
        }
        try {
          const { accepted, duplicates, rejected, reasons } = await pipeline.submit(
            ownerId,
            reports,
            'refuse',
          );
          const stored = accepted + duplicates;
          // Nothing stored from a non-empty body is an error the gateway must see, not a 200.
          if (stored === 0 && rejected > 0)
            throw new HttpError(
              400,
              `No report was stored: ${describeRejects(rejected, reasons as Record<string, number>)}`,
            );
          return { accepted: stored, rejected, reasons: reasons as Record<string, number> };
        } catch (err) {
          if (err instanceof HttpError) throw err;
          if (err instanceof PipelineClosedError) throw unavailable(err.message);
          if (err instanceof PipelineBusyError) throw unavailable(err.message, err.retryAfterS);
          req.log.error({ err }, 'ingest store failed');
          throw unavailable('Reports could not be stored right now; retry later');
        }
      },
    );
  });

  app.get(
    '/api/ingest-keys',
    {
      schema: {
        tags: ['ingest'],
        response: { 200: IngestKeysResponse },
      },
    },
    async (req) => ({
      keys: await keys.list(req.user.id),
    }),
  );

  app.post(
    '/api/ingest-keys',
    {
      schema: {
        tags: ['ingest'],
        body: IngestKeyCreateBody,
        response: { 201: IngestKeyCreated },
      },
    },
    async (req, reply) => {
      const { key, ...info } = await keys.create(req.user.id, req.body.name);
      return reply.code(201).send({ key, info });
    },
  );

  app.delete(
    '/api/ingest-keys/:id',
    {
      schema: {
        tags: ['ingest'],
        params: IdParams,
        response: { 200: SuccessResponse },
      },
    },
    async (req) => {
      if (!(await keys.revoke(req.user.id, req.params.id))) throw notFound('Ingest key');
      return { success: true as const };
    },
  );
};
