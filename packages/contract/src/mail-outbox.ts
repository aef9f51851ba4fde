import { z } from 'zod';
import { paginationSchema } from './admin.js';

/** How many mails a page of the admin list shows unless told otherwise. */
export const OUTBOX_PAGE_SIZE = 25;

/**
 * Which mails of the outbox to list: `failed` (given up until staff retry them), `waiting`
 * (queued or being sent) or `sent` (sent or skipped, kept a month).
 */
export const outboxStatusSchema = z.enum(['failed', 'waiting', 'sent']);
export type OutboxStatus = z.infer<typeof outboxStatusSchema>;

export const listOutboxQuerySchema = z.object({
  status: outboxStatusSchema.default('failed'),
  limit: z.coerce.number().int().min(1).max(100).default(OUTBOX_PAGE_SIZE),
  offset: z.coerce.number().int().min(0).max(1_000_000).default(0),
});

export const outboxMailSchema = z.object({
  id: z.string(),
  kind: z
    .string()
    .describe('registration, seat-offer, series-registration, ticket-paid, invoice, receipt, ...'),
  state: z.enum(['pending', 'sending', 'sent', 'skipped', 'failed']),
  recipient: z.string().nullable().describe('As last composed; null if it never was'),
  subject: z.string().nullable(),
  attempts: z.number().int(),
  lastError: z.string().nullable(),
  createdAt: z.string(),
  nextAttemptAt: z.string(),
  sentAt: z.string().nullable(),
});
export type OutboxMail = z.infer<typeof outboxMailSchema>;

/** How many mails wait to be sent and how many failed, whatever page is listed. */
export const outboxCountsSchema = z.object({
  waiting: z.number().int(),
  failed: z.number().int(),
});
export type OutboxCounts = z.infer<typeof outboxCountsSchema>;

export const outboxListSchema = z.object({
  mails: z.array(outboxMailSchema),
  pagination: paginationSchema,
  counts: outboxCountsSchema,
});
export type OutboxList = z.infer<typeof outboxListSchema>;

export const retryMailResponseSchema = z.object({
  message: z.string(),
  mail: outboxMailSchema,
});
export type RetryMailResponse = z.infer<typeof retryMailResponseSchema>;
