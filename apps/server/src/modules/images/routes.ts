/**
 * Serving uploaded images: /uploads/<id>.<ext> without a token (the id is unguessable) and
 * /images/<id>.<ext>?token=… for clients that send the login token. The stored type is
 * sent with nosniff and a sandboxing CSP, so even an SVG cannot run anything.
 */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyReply } from 'fastify';
import { Type } from '@sinclair/typebox';
import { notFound, unauthorized } from '../../lib/errors.ts';
import type { AuthService } from '../auth/service.ts';
import type { ImagesRepository } from './repository.ts';

const FileParams = Type.Object({
  file: Type.String({ pattern: '^[0-9a-f-]{36}\\.(png|jpg|gif|webp|svg)$' }),
});

export const imageRoutes: FastifyPluginAsyncTypebox<{
  images: ImagesRepository;
  auth: AuthService;
}> = async (app, { images, auth }) => {
  const send = async (file: string, reply: FastifyReply) => {
    const img = await images.get(file.split('.')[0]!);
    if (!img) throw notFound('Image');
    return reply
      .header('content-type', img.mime)
      .header('x-content-type-options', 'nosniff')
      .header('content-security-policy', "default-src 'none'; style-src 'unsafe-inline'; sandbox")
      .header('cache-control', 'private, max-age=31536000, immutable')
      .send(img.data);
  };

  app.get(
    '/uploads/:file',
    { config: { public: true }, schema: { hide: true, params: FileParams } },
    (req, reply) => send(req.params.file, reply),
  );

  app.get(
    '/images/:file',
    {
      config: { public: true },
      schema: {
        hide: true,
        params: FileParams,
        querystring: Type.Object({ token: Type.Optional(Type.String()) }),
      },
    },
    async (req, reply) => {
      const user = req.query.token ? await auth.authenticate(req.query.token) : null;
      if (!user) throw unauthorized();
      return send(req.params.file, reply);
    },
  );
};
