/** One error shape for every failure: a clear sentence, the right status, never a stack trace. */
import type { FastifyError, FastifyInstance } from 'fastify';
import { HttpError, unavailable } from '../lib/errors.ts';
import { isRedisUnavailable } from '../lib/redis.ts';

/** SQLSTATE class 22 (data exception): a value the database cannot take, i.e. bad input. */
const isDataException = (err: { code?: unknown }) =>
  typeof err.code === 'string' && /^22[0-9A-Z]{3}$/.test(err.code);

/** Busboy's words for a multipart body that ends early or is malformed (it sets no code). */
const MULTIPART_BROKEN = /multipart|part header|unexpected end of form/i;

/** The client-facing error for a failure, or null when it is the server's own fault (a 500). */
export function classifyError(err: FastifyError | HttpError): HttpError | null {
  if (err instanceof HttpError) return err;
  if ('validation' in err && err.validation)
    return new HttpError(400, `Invalid request: ${err.message}`);
  const status = err.statusCode ?? 500;
  if (status >= 400 && status < 500) return new HttpError(status, err.message || 'Bad request');
  if (status === 503) return unavailable(err.message || 'Service unavailable; retry later');
  if (isDataException(err))
    return new HttpError(400, 'Invalid request: a value is out of range or not valid text');
  if (MULTIPART_BROKEN.test(err.message))
    return new HttpError(400, 'The upload is malformed or ended early; send it again');
  if (isRedisUnavailable(err))
    return unavailable('A shared service (Redis) is unreachable right now; retry later');
  return null;
}

export function registerErrorHandling(app: FastifyInstance) {
  app.setErrorHandler((err: FastifyError | HttpError, req, reply) => {
    const known = classifyError(err);
    const status = known?.statusCode ?? 500;
    if (status === 503) req.log.warn({ err: err.cause ?? err }, 'service unavailable');
    else if (!known) req.log.error({ err }, 'request failed');
    if (known) void reply.headers(known.headers);
    return reply.code(status).send({
      success: false,
      status: 'error',
      message: known?.message ?? 'Internal server error',
    });
  });
}

/** Query parameters whose name says they carry a secret. */
const SECRET_NAME =
  /token|key|secret|pass|pwd|auth|session|signature|sig$|credential|cookie|jwt|bearer/i;
/** Long opaque values (ingest keys, session tokens, API keys) are secrets whatever their name. */
const OPAQUE_VALUE = /^[\w\-.~+/=]{24,}$/;

/** Replace the value of every secret-looking query parameter before a URL reaches the logs. */
export function redactUrl(url: string): string {
  const q = url.indexOf('?');
  if (q < 0) return url;
  const query = url
    .slice(q + 1)
    .split('&')
    .map((pair) => {
      const eq = pair.indexOf('=');
      if (eq < 0) return pair;
      const name = safeDecode(pair.slice(0, eq));
      const value = safeDecode(pair.slice(eq + 1));
      return SECRET_NAME.test(name) || OPAQUE_VALUE.test(value)
        ? `${pair.slice(0, eq)}=[redacted]`
        : pair;
    })
    .join('&');
  return `${url.slice(0, q)}?${query}`;
}

function safeDecode(s: string): string {
  try {
    return decodeURIComponent(s.replace(/\+/g, ' '));
  } catch {
    return s;
  }
}
