/** Background image upload (multipart field `image`, at most 10 MB, checked by its bytes) and removal. */
import { IdParams, MapResponse } from '@rtls/contract';
import { HttpError, badRequest } from '../../lib/errors.ts';
import type { MapsService } from './service.ts';
import type { ServiceRoutes } from '../../lib/resource-routes.ts';

export const IMAGE_TOO_LARGE = 'Image file is too large (max 10MB)';

export const mapImageRoutes: ServiceRoutes<MapsService> = async (app, { service }) => {
  app.post(
    '/api/maps/:id/upload-image',
    {
      schema: {
        tags: ['maps'],
        params: IdParams,
        consumes: ['multipart/form-data'],
        response: { 200: MapResponse },
      },
    },
    async (req) => {
      if (!req.isMultipart())
        throw badRequest("Send the image as multipart/form-data in the field 'image'");
      const part = await req.file();
      if (!part || part.fieldname !== 'image')
        throw badRequest("Send the image in the multipart field 'image'");
      let data: Buffer;
      try {
        // The size limit is enforced while streaming: nothing past 10 MB is buffered.
        data = await part.toBuffer();
      } catch (err) {
        if ((err as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE')
          throw new HttpError(413, IMAGE_TOO_LARGE);
        throw err;
      }
      return {
        success: true as const,
        map: await service.setImage(req.user.id, req.params.id, data),
      };
    },
  );

  app.delete(
    '/api/maps/:id/image',
    { schema: { tags: ['maps'], params: IdParams, response: { 200: MapResponse } } },
    async (req) => ({
      success: true as const,
      map: await service.removeImage(req.user.id, req.params.id),
    }),
  );
};
