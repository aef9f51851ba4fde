import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  endpoints,
  DOWNLOAD_MAX_BYTES,
  IMAGE_MAX_BYTES,
  MEDIA_KEY_PATTERN,
  type MediaKind,
} from '@chamber/contract';
import { contractRoute } from '../../lib/contract-route.js';
import { AppError } from '../../lib/errors.js';
import { requireSession } from '../../plugins/auth.js';
import type { ModuleDeps } from '../deps.js';
import { MediaService, type UploadRules } from './service.js';
import { UploadQueue } from './upload-queue.js';

/** A data URL is 4/3 of the file, plus the JSON around it. */
const bodyLimitFor = (maxBytes: number) => Math.ceil((maxBytes * 4) / 3) + 64 * 1024;

const forContact =
  'For a contact the uploader may edit (their own; moderators and admins any), pending accounts included.';
const forEvents =
  'For events: needs the right to create them (a signed-in account the chamber has confirmed; 403 for a pending one).';

type UploadName =
  | 'uploadAvatar'
  | 'uploadCoverImage'
  | 'uploadGalleryImage'
  | 'uploadEventCover'
  | 'uploadDownloadFile'
  | 'uploadSponsorLogo';

const uploads: {
  endpoint: (typeof endpoints.media)[UploadName];
  kind: MediaKind;
  summary: string;
  who: string;
}[] = [
  {
    endpoint: endpoints.media.uploadAvatar,
    kind: 'avatar',
    summary: "Upload a member's avatar",
    who: forContact,
  },
  {
    endpoint: endpoints.media.uploadCoverImage,
    kind: 'coverImage',
    summary: "Upload an elite member's cover image",
    who: forContact,
  },
  {
    endpoint: endpoints.media.uploadGalleryImage,
    kind: 'galleryImage',
    summary: "Upload an image for an elite member's gallery",
    who: `${forContact} Elite listings only (403 tier_required). The answer's URL is then saved in the member's \`gallery\` (PUT /members/{id} or /auth/profile).`,
  },
  {
    endpoint: endpoints.media.uploadEventCover,
    kind: 'eventCover',
    summary: "Upload an event's cover image",
    who: forEvents,
  },
  {
    endpoint: endpoints.media.uploadDownloadFile,
    kind: 'downloadFile',
    summary: "Upload an event's download file (PDF, JPEG or PNG, less than 10MB)",
    who: forEvents,
  },
  {
    endpoint: endpoints.media.uploadSponsorLogo,
    kind: 'sponsorLogo',
    summary: "Upload a sponsor's logo",
    who: "For a business with a sponsorship: by staff or the business's primary or billing person (403 for its other people and anyone else; 404 when the business has no sponsorship). The answer's URL is then saved with PUT /sponsors/{id}/creative.",
  },
];

export const mediaRoutes: FastifyPluginAsyncZod<ModuleDeps & { uploadRules: UploadRules }> = async (
  app,
  deps,
) => {
  const media = new MediaService(deps.db, deps.storage, deps.throttle, deps.uploadRules);
  // One queue for every kind of upload: it is the decoding, whatever the kind, that costs.
  const queue = new UploadQueue();
  app.decorateRequest('releaseUploadSlot', null);

  for (const { endpoint, kind, summary, who } of uploads) {
    contractRoute(
      app,
      endpoint,
      {
        config: { access: 'signed-in' },
        ...queue.hooks,
        bodyLimit: bodyLimitFor(kind === 'downloadFile' ? DOWNLOAD_MAX_BYTES : IMAGE_MAX_BYTES),
        schema: {
          tags: ['media'],
          summary,
          description: `${who} The type is read from the bytes (JPEG or PNG; PDF too for download files). Images are re-encoded, which drops their metadata. Less than 5MB for images, and at most 50 megapixels (interlaced PNGs and progressive JPEGs less: 413). Uploads are handled one at a time; one that cannot start within a minute answers 503 with Retry-After.`,
        },
      },
      async (request, reply) => {
        const result = await media.upload(kind, request.body, requireSession(request));
        return reply.status(201).send(result);
      },
    );
  }

  contractRoute(
    app,
    endpoints.media.getFile,
    {
      // Named by the hash of its bytes: the same file for everyone, cached for good.
      config: { publicCache: true },
      schema: {
        tags: ['media'],
        summary: 'An uploaded file; its name is the hash of its bytes, so it is cached for good',
      },
    },
    async (request, reply) => {
      const { key } = request.params;
      const notFound = new AppError('not_found', 'File not found');
      if (!MEDIA_KEY_PATTERN.test(key)) throw notFound;
      const etag = `"${key}"`;
      const immutable = 'public, max-age=31536000, immutable';
      if (request.headers['if-none-match'] === etag) {
        return reply.status(304).header('etag', etag).header('cache-control', immutable).send(null);
      }
      const file = await media.open(key);
      if (!file) throw notFound;
      reply
        .header('content-type', file.contentType)
        .header('content-length', file.size)
        .header('cache-control', immutable)
        .header('etag', etag)
        // Served files never run as a page, whatever is inside them.
        .header('content-security-policy', "default-src 'none'; sandbox");
      if (file.contentType === 'application/pdf') {
        const name = (file.name || key).replace(/[^\w.\- ]/g, '_');
        reply.header('content-disposition', `attachment; filename="${name}"`);
      }
      return reply.send(file.body);
    },
  );
};
