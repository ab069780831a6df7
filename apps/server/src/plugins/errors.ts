/** One error shape for every failure: a clear sentence, the right status, never a stack trace. */
import type { FastifyError, FastifyInstance } from 'fastify';
import { HttpError } from '../lib/errors.ts';

export function registerErrorHandling(app: FastifyInstance) {
  app.setErrorHandler((err: FastifyError | HttpError, req, reply) => {
    const send = (status: number, message: string) =>
      reply.code(status).send({ success: false, status: 'error', message });
    if (err instanceof HttpError) {
      void reply.headers(err.headers);
      return send(err.statusCode, err.message);
    }
    if ('validation' in err && err.validation) {
      return send(400, `Invalid request: ${err.message}`);
    }
    const status = err.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      return send(status, err.message || 'Bad request');
    }
    req.log.error({ err }, 'request failed');
    return send(500, 'Internal server error');
  });
}

/** Strip secrets that may travel in a URL (image token) before a URL reaches the logs. */
export function redactUrl(url: string): string {
  return url.replace(/([?&](?:token|key)=)[^&]*/gi, '$1[redacted]');
}
