import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { endpoints, type OutboxMail } from '@chamber/contract';
import { contractRoute } from '../../lib/contract-route.js';
import { AppError } from '../../lib/errors.js';
import { isUuid, notFound } from '../../lib/input.js';
import {
  findMail,
  listMail,
  type OutboxMail as OutboxRow,
  outboxCounts,
  retryFailedMail,
} from '../../lib/mail/outbox.js';
import type { ModuleDeps } from '../deps.js';

const toMail = (row: OutboxRow): OutboxMail => ({
  id: row.id,
  kind: row.kind,
  state: row.state as OutboxMail['state'],
  recipient: row.recipient,
  subject: row.subject,
  attempts: row.attempts,
  lastError: row.lastError,
  createdAt: row.createdAt.toISOString(),
  nextAttemptAt: row.nextAttemptAt.toISOString(),
  sentAt: row.sentAt?.toISOString() ?? null,
});

/**
 * The outbox as staff see it (/admin/mail): the mail that failed (or waits, or went out) and
 * a retry of one failed mail, as `chamber jobs --failed` / `--retry` do on the server.
 */
export const mailRoutes: FastifyPluginAsyncZod<ModuleDeps> = async (app, deps) => {
  const { db, clock, outbox } = deps;

  contractRoute(
    app,
    endpoints.admin.mail,
    {
      config: { access: 'admin' },
      schema: {
        tags: ['admin'],
        summary: 'Outgoing mail of one status (failed by default), newest first',
        description:
          '`status`: `failed` (given up after its last attempt or refused for good, until retried), `waiting` (queued or being sent) or `sent` (sent, or skipped when nothing was left to say; kept 30 days). `counts` gives the waiting and failed totals whatever is listed.',
      },
    },
    async (request) => {
      const { status, limit, offset } = request.query;
      const [{ mails, total }, counts] = await Promise.all([
        listMail(db, { status, limit, offset }),
        outboxCounts(db),
      ]);
      return {
        mails: mails.map(toMail),
        pagination: { total, hasMore: offset + mails.length < total },
        counts,
      };
    },
  );

  contractRoute(
    app,
    endpoints.admin.retryMail,
    {
      config: { access: 'admin' },
      schema: {
        tags: ['admin'],
        summary: 'Put a failed mail back in line, with fresh attempts',
        description:
          'It is composed again from what it is about, as it is now, and sent by the next free worker. Only a failed mail is retried: 409 for one that waits or went out.',
      },
    },
    async (request) => {
      const { id } = request.params;
      const mail = isUuid(id) ? await findMail(db, id) : null;
      if (!mail) throw notFound('Mail');
      const [after] = await retryFailedMail(db, clock.now(), id);
      if (!after) {
        throw new AppError(
          'conflict',
          'Only a mail that failed is retried; this one has not failed.',
        );
      }
      outbox.wake();
      return { message: 'The mail is back in line and goes out shortly.', mail: toMail(after) };
    },
  );
};
