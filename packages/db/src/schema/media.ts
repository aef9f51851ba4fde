// Owner: modules/media. Uploaded files: photos, logos, covers and gallery images.
import { index, integer, pgEnum, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { mediaKinds } from '@chamber/contract/vocabulary';
import { users } from './auth.js';
import { contacts } from './members.js';

export const mediaKindEnum = pgEnum('media_kind', mediaKinds);

/** An uploaded file. `key` is content-addressed (sha256 + extension) and names the stored object. */
export const media = pgTable(
  'media',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    key: text('key').notNull(),
    kind: mediaKindEnum('kind').notNull(),
    contentType: text('content_type').notNull(),
    size: integer('size').notNull(),
    originalName: text('original_name').notNull().default(''),
    contactId: uuid('contact_id').references(() => contacts.id, { onDelete: 'set null' }),
    uploadedBy: uuid('uploaded_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index().on(t.key), index().on(t.contactId)],
);
