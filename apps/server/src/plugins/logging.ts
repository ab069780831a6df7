/**
 * The server log: one line per request at info (method, URL with every secret-looking query value
 * redacted, status, milliseconds), instead of Fastify's two. Request headers are never logged, so
 * no header can leak a secret, whatever its name.
 */
import type { FastifyInstance } from 'fastify';
import { redactUrl } from './errors.ts';

/** Pino options for Fastify; `extra` (tests: a destination stream) wins. */
export function loggerOptions(level: string, extra: object = {}) {
  return {
    level,
    serializers: {
      req: (req: { method: string; url: string; ip?: string }) => ({
        method: req.method,
        url: redactUrl(req.url),
        ip: req.ip,
      }),
    },
    ...extra,
  };
}

export function registerRequestLog(app: FastifyInstance) {
  app.addHook('onResponse', async (req, reply) => {
    req.log.info(
      {
        method: req.method,
        url: redactUrl(req.url),
        status: reply.statusCode,
        ms: Math.round(reply.elapsedTime * 10) / 10,
      },
      'request',
    );
  });
}
