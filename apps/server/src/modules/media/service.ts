import { createHash } from 'node:crypto';
import {
  DOWNLOAD_MAX_BYTES,
  IMAGE_MAX_BYTES,
  type MediaKind,
  type UploadMedia,
  type UploadMediaResponse,
} from '@chamber/contract';
import type { Database } from '@chamber/db';
import { AppError } from '../../lib/errors.js';
import { mediaKeyFromUrl, mediaUrl } from '../../lib/media-url.js';
import type { Storage } from '../../lib/storage.js';
import type { Throttle } from '../../lib/throttle.js';
import type { Session } from '../../plugins/auth.js';
import {
  decodeDataUrl,
  extensionOf,
  INVALID_IMAGE,
  maxSide,
  reencodeImage,
  sniffType,
  type StoredType,
} from './file-data.js';
import * as q from './queries.js';

/**
 * Who may upload what. The module a file is for decides (members for a contact's images,
 * calendar for events' files); they are handed in where the modules are put together
 * (modules/index.ts), so media depends on neither.
 */
export interface UploadRules {
  /**
   * Before a file is stored for a contact: throws unless the contact exists and the uploader
   * may edit it (and, for a cover or gallery image, its tier includes one). A sponsor logo is
   * the sponsorships module's to allow: staff, or the business's primary or billing person.
   */
  forContact(kind: MediaKind, contactId: string, session: Session): Promise<void>;
  /** Before an event's cover or download file is stored: throws unless the uploader may create events. */
  forEvents(session: Session): void;
}

/**
 * The stored form of an image URL a member page or profile is saved with: only images
 * uploaded to this portal are accepted, so a page cannot be made to load a tracker.
 */
export async function uploadedImageUrl(
  db: Database,
  url: string,
  publicUrl: string,
): Promise<string> {
  const key = mediaKeyFromUrl(url, publicUrl);
  if (!key || !(await q.imageMediaExists(db, key))) {
    throw new AppError('bad_request', 'Images must be uploaded to the portal first.');
  }
  return mediaUrl(key);
}

/** Enough for any honest editing session; bounds the disk and CPU one account can take. */
const UPLOADS_PER_HOUR = 60;

const labels: Record<MediaKind, string> = {
  avatar: 'Avatar',
  coverImage: 'Cover image',
  eventCover: 'Event cover image',
  downloadFile: 'Download file',
  galleryImage: 'Gallery image',
  sponsorLogo: 'Sponsor logo',
};

export class MediaService {
  constructor(
    private readonly db: Database,
    private readonly storage: Storage,
    private readonly throttle: Throttle,
    private readonly rules: UploadRules,
  ) {}

  /**
   * Stores an upload (docs/product.md#api-calls Members and media). Avatars and cover images belong to a
   * contact the uploader may edit; download files may name one, and then the same holds.
   * Event covers and download files are for events, so they need the right to create events.
   */
  async upload(
    kind: MediaKind,
    input: UploadMedia,
    session: Session,
  ): Promise<UploadMediaResponse> {
    if (kind === 'eventCover' || kind === 'downloadFile') this.rules.forEvents(session);
    const contactId = await this.checkContact(kind, input.contactId, session);
    await this.takeAllowance(session);

    const maxBytes = kind === 'downloadFile' ? DOWNLOAD_MAX_BYTES : IMAGE_MAX_BYTES;
    const raw = decodeDataUrl(input.fileData, maxBytes);
    const type = sniffType(raw);
    const accepted = type === 'application/pdf' ? kind === 'downloadFile' : type !== null;
    if (!type || !accepted) {
      throw new AppError(
        'unsupported_media_type',
        kind === 'downloadFile' ? 'Please select a PDF, JPEG or PNG file.' : INVALID_IMAGE,
      );
    }
    const bytes = type === 'application/pdf' ? raw : await reencodeImage(raw, type, maxSide[kind]);
    const key = `${createHash('sha256').update(bytes).digest('hex')}.${extensionOf[type]}`;
    await this.storage.put(key, bytes, type);
    const row = await q.insertMedia(this.db, {
      key,
      kind,
      contentType: type satisfies StoredType,
      size: bytes.length,
      originalName: input.fileName,
      contactId,
      uploadedBy: session.user.id,
    });
    return {
      mediaUrl: mediaUrl(key),
      mediaId: row.id,
      message: `${labels[kind]} uploaded successfully.`,
    };
  }

  private async checkContact(
    kind: MediaKind,
    contactId: string | undefined,
    session: Session,
  ): Promise<string | null> {
    const forContact =
      kind === 'avatar' ||
      kind === 'coverImage' ||
      kind === 'galleryImage' ||
      kind === 'sponsorLogo';
    if (!contactId) {
      if (forContact) throw new AppError('bad_request', 'contactId is required for this upload.');
      return null;
    }
    await this.rules.forContact(kind, contactId, session);
    return contactId;
  }

  private async takeAllowance(session: Session) {
    const attempt = await this.throttle.take([
      { key: `upload:user:${session.user.id}`, limit: UPLOADS_PER_HOUR, windowMs: 3_600_000 },
    ]);
    if (attempt.blocked) {
      throw new AppError('too_many_requests', 'Too many uploads. Please try again later.', {
        'retry-after': String(attempt.retryAfter),
      });
    }
  }

  /** A stored file for the download route, with the name it was uploaded under for PDFs. */
  async open(key: string) {
    const object = await this.storage.get(key);
    if (!object) return null;
    const name = key.endsWith('.pdf') ? await q.findOriginalName(this.db, key) : undefined;
    return { ...object, name };
  }
}
