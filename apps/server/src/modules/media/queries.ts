import { and, desc, eq, sql } from 'drizzle-orm';
import { media, type Executor } from '@chamber/db';

export async function insertMedia(db: Executor, values: typeof media.$inferInsert) {
  const [row] = await db.insert(media).values(values).returning({ id: media.id });
  return row!;
}

/** The name the file was uploaded under (latest upload of these bytes), for downloads. */
export async function findOriginalName(db: Executor, key: string): Promise<string | undefined> {
  const [row] = await db
    .select({ name: media.originalName })
    .from(media)
    .where(eq(media.key, key))
    .orderBy(desc(media.createdAt))
    .limit(1);
  return row?.name;
}

/** Whether an uploaded image is stored under this key. */
export async function imageMediaExists(db: Executor, key: string): Promise<boolean> {
  const [row] = await db
    .select({ id: media.id })
    .from(media)
    .where(and(eq(media.key, key), sql`${media.contentType} like 'image/%'`))
    .limit(1);
  return Boolean(row);
}
