/** Sign-in, current user and sign-out. */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import {
  ErrorBody,
  SignInBody,
  SignInResponse,
  SuccessResponse,
  UserResponse,
} from '@rtls/contract';
import { deviceCookie, deviceTokensOf } from './device-cookie.ts';
import type { AuthService } from './service.ts';

export const authRoutes: FastifyPluginAsyncTypebox<{ auth: AuthService }> = async (
  app,
  { auth },
) => {
  app.post(
    '/api/user/signin',
    {
      config: { public: true },
      schema: {
        tags: ['auth'],
        body: SignInBody,
        response: { 200: SignInResponse, 401: ErrorBody, 429: ErrorBody },
      },
    },
    async (req, reply) => {
      const { token, user, deviceTokens } = await auth.signIn(req.body.email, req.body.password, {
        ip: req.ip,
        deviceTokens: deviceTokensOf(req.headers.cookie),
      });
      reply.header('set-cookie', deviceCookie(deviceTokens, req.protocol === 'https'));
      return {
        status: 'success' as const,
        data: { token, email: user.email, first_name: user.firstName, last_name: user.lastName },
      };
    },
  );

  app.get(
    '/api/user',
    { schema: { tags: ['auth'], response: { 200: UserResponse } } },
    async (req) => ({
      status: 'success' as const,
      data: {
        email: req.user.email,
        first_name: req.user.firstName,
        last_name: req.user.lastName,
        slug: req.user.slug,
      },
    }),
  );

  app.post(
    '/api/user/signout',
    { schema: { tags: ['auth'], response: { 200: SuccessResponse } } },
    async (req) => {
      if (req.bearerToken) await auth.signOut(req.bearerToken);
      return { success: true as const };
    },
  );
};
