import { z } from 'zod';

/** One signed-in device of the account, as /profile lists it. */
export const sessionSchema = z.object({
  id: z.string(),
  browser: z.string().describe("Name and major version from the user agent, or 'Unknown browser'"),
  os: z.string().describe("Operating system from the user agent, or 'Unknown system'"),
  device: z.enum(['desktop', 'mobile', 'tablet', 'unknown']),
  signedInAt: z.string(),
  lastUsedAt: z.string(),
  expiresAt: z.string(),
  current: z.boolean().describe('The session this request came with'),
});
export type AccountSession = z.infer<typeof sessionSchema>;

export const sessionListSchema = z.object({ sessions: z.array(sessionSchema) });
export type SessionList = z.infer<typeof sessionListSchema>;

export const endedSessionsSchema = z.object({ ended: z.number().int() });
export type EndedSessions = z.infer<typeof endedSessionsSchema>;
