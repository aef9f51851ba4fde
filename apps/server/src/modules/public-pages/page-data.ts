import { z } from 'zod';
import {
  appConfigSchema,
  chamberSchema,
  jobPostListSchema,
  jobPostSchema,
  listJobPostsQuerySchema,
  listMembersQuerySchema,
  memberDetailSchema,
  memberListSchema,
  type PageDataSource,
} from '@chamber/contract';
import type { Database } from '@chamber/db';
import type { Config } from '../../config.js';
import type { Clock } from '../../lib/clock.js';
import { AppError } from '../../lib/errors.js';
import { ChamberService } from '../chamber/index.js';
import { JobBoard } from '../jobs/index.js';
import { MembersService } from '../members/index.js';

/**
 * The value as the API sends it: through the route's response schema, then JSON (typed as the
 * web app types the API's answers).
 */
const asSent = <S extends z.ZodType>(schema: S, value: z.output<S>): z.output<S> =>
  JSON.parse(JSON.stringify(z.encode(schema, value))) as z.output<S>;

/** A member or job post an anonymous visitor cannot open (404, 410) is no page to render. */
async function orNull<T>(read: Promise<T>): Promise<T | null> {
  try {
    return await read;
  } catch (error) {
    if (error instanceof AppError && (error.code === 'not_found' || error.code === 'gone')) {
      return null;
    }
    throw error;
  }
}

/**
 * What the server renderer reads, in-process: the answers an anonymous visitor gets from
 * GET /config, /locations/{id}, /members, /members/{id}, /job-posts and /job-posts/{id}, from
 * the same services and through the same schemas.
 */
export function servicePageData(db: Database, clock: Clock, config: Config): PageDataSource {
  const chamber = new ChamberService(db, clock, config);
  const members = new MembersService(db, clock, config.publicUrl);
  const jobs = new JobBoard(db, clock);
  return {
    config: async () => asSent(appConfigSchema, await chamber.startUp()),
    location: async (id) => {
      const found = await orNull(chamber.get(id));
      return found && asSent(chamberSchema, found);
    },
    member: async (id) => {
      const found = await orNull(members.get(id, null));
      return found && asSent(memberDetailSchema, found);
    },
    members: async (query) => {
      const parsed = listMembersQuerySchema.parse({ ...query, source: 'MembersPage' });
      return asSent(memberListSchema, await members.list(parsed, null));
    },
    jobPosts: async () =>
      asSent(jobPostListSchema, await jobs.board(listJobPostsQuerySchema.parse({}))),
    jobPost: async (id) => {
      const found = await orNull(jobs.get(id, null));
      return found && asSent(jobPostSchema, found);
    },
  };
}
