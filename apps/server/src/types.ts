/** Fastify type augmentation: what plugins decorate the app and requests with. */
import type { AuthUser } from './modules/auth/service.ts';

declare module 'fastify' {
  interface FastifyRequest {
    /** The signed-in user; set by the auth plugin on every non-public /api route. */
    user: AuthUser;
    /** The bearer token as sent, for sign-out. */
    bearerToken: string | null;
  }
  interface FastifyContextConfig {
    /** Routes that need no bearer token (sign-in, ingest with its own key, health). */
    public?: boolean;
  }
}
