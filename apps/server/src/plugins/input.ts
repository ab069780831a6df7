/**
 * Request input the database cannot take is refused with a clear 400 before any handler runs:
 * text containing NUL characters (PostgreSQL text cannot hold them) anywhere in the path, query or
 * JSON body, and query or path numbers that are not safe integers or finite. A JSON content type
 * with an empty body (some clients send it on every call) counts as no body.
 */
import type { FastifyInstance } from 'fastify';
import { badRequest } from '../lib/errors.ts';

const MAX_DEPTH = 64;

/** The path of the first string holding a NUL character, or null. */
export function findNul(value: unknown, path = '', depth = 0): string | null {
  if (typeof value === 'string') return value.includes('\u0000') ? path || 'value' : null;
  if (typeof value !== 'object' || value === null || depth > MAX_DEPTH) return null;
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) {
      const hit = findNul(value[i], `${path}[${i}]`, depth + 1);
      if (hit) return hit;
    }
    return null;
  }
  if (Object.getPrototypeOf(value) !== Object.prototype && Object.getPrototypeOf(value) !== null)
    return null;
  for (const [k, v] of Object.entries(value)) {
    const here = path ? `${path}.${k}` : k;
    if (k.includes('\u0000')) return here;
    const hit = findNul(v, here, depth + 1);
    if (hit) return hit;
  }
  return null;
}

/** The name of the first number that is not finite or beyond ±2^53, or null. */
export function findUnsafeNumber(values: unknown): string | null {
  if (typeof values !== 'object' || values === null) return null;
  for (const [k, v] of Object.entries(values)) {
    const items: unknown[] = Array.isArray(v) ? v : [v];
    for (const n of items)
      if (typeof n === 'number' && !(Number.isFinite(n) && Math.abs(n) <= Number.MAX_SAFE_INTEGER))
        return k;
  }
  return null;
}

export function registerInputChecks(app: FastifyInstance) {
  const json = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (req, body, done) => {
    const text = body.toString();
    if (text.trim() === '') return done(null, undefined);
    json(req, text, done);
  });

  app.addHook('preValidation', async (req) => {
    const where =
      findNul(req.params, 'path') ?? findNul(req.query, 'query') ?? findNul(req.body, 'body');
    if (where) throw badRequest(`Invalid request: ${where} contains a NUL character`);
  });
  // After validation the schemas have turned query and path values into numbers.
  app.addHook('preHandler', async (req) => {
    const name = findUnsafeNumber(req.query) ?? findUnsafeNumber(req.params);
    if (name) throw badRequest(`Invalid request: ${name} is out of range`);
  });
}
