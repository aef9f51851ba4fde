import { z } from 'zod';
import { endpoint, errorAnswers, fileAnswer } from '../endpoint.js';
import { mediaKeyParamsSchema, uploadMediaResponseSchema, uploadMediaSchema } from '../media.js';

/** An upload: the file as a data URL; the answer its URL. */
const upload = <const P extends string>(path: P) =>
  endpoint({
    method: 'POST',
    path,
    body: uploadMediaSchema,
    responses: {
      201: uploadMediaResponseSchema,
      ...errorAnswers(400, 401, 403, 404, 413, 415, 429, 503),
    },
  });

/** The media module's endpoints (apps/server/src/modules/media). */
export const mediaEndpoints = {
  uploadAvatar: upload('/medias/upload-avatar'),
  uploadCoverImage: upload('/medias/upload-coverImage'),
  uploadGalleryImage: upload('/medias/upload-gallery-image'),
  uploadEventCover: upload('/medias/upload-event-cover'),
  uploadDownloadFile: upload('/medias/upload-download-file'),
  uploadSponsorLogo: upload('/medias/upload-sponsor-logo'),
  getFile: endpoint({
    method: 'GET',
    path: '/media/:key',
    params: mediaKeyParamsSchema,
    responses: {
      200: fileAnswer('The file', 'image/jpeg', 'image/png', 'application/pdf'),
      304: z.null().describe('Not modified'),
      ...errorAnswers(404),
    },
  }),
};
