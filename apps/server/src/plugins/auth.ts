/** Bearer-token authentication for every /api route that is not marked public. */
import fp from 'fastify-plugin';
import type { FastifyInstance } from 'fastify';
import { unauthorized } from '../lib/errors.ts';
import type { AuthService } from '../modules/auth/service.ts';

export function bearerToken(header: string | undefined): string | null {
  if (!header) return null;
  const m = /^Bearer\s+(\S+)$/i.exec(header);
  return m ? m[1]! : null;
}

export const authPlugin = fp(async (app: FastifyInstance, opts: { auth: AuthService }) => {
  app.decorateRequest('user', null as never);
  app.decorateRequest('bearerToken', null);
  app.addHook('onRequest', async (req) => {
    if (!req.url.startsWith('/api/') || req.routeOptions.config?.public) return;
    const token = bearerToken(req.headers.authorization);
    if (!token) throw unauthorized();
    const user = await opts.auth.authenticate(token);
    if (!user) throw unauthorized('Your session has ended. Please sign in again.');
    req.user = user;
    req.bearerToken = token;
  });
});
