import { count, desc, eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { ContactMessage, Nomination, SubmissionList } from '@chamber/contract';
import { submissions, type Database } from '@chamber/db';
import type { Clock } from '../../lib/clock.js';
import { AppError } from '../../lib/errors.js';
import type { MailDelivery } from '../../lib/mail/delivery.js';
import { renderMail } from '../../lib/mail/templates.js';
import type { Throttle } from '../../lib/throttle.js';

/** A person takes longer than this to fill in a form; a script does not. */
export const MIN_FILL_MS = 3_000;
const PER_ADDRESS_PER_HOUR = 5;

const labels = {
  contact: 'Contact form',
  business_of_month: 'Business of the Month nomination',
  customer_service: 'Customer Service Superstar nomination',
} as const;

type Input =
  (ContactMessage & { kind: 'contact' }) | (Nomination & { kind: Nomination['category'] });

/** The native forms' messages: stored, mailed to the chamber's office, listed for staff. */
export class SubmissionsService {
  constructor(
    private readonly db: Database,
    private readonly clock: Clock,
    private readonly throttle: Throttle,
    private readonly mail: MailDelivery,
    private readonly log: FastifyBaseLogger,
  ) {}

  /**
   * Stores a native form's message and mails it to the chamber's office. A filled honeypot is
   * accepted and dropped (the bot learns nothing); a form sent faster than a person could
   * fill it is refused, and each client address may send a few an hour.
   */
  async submit(input: Input, ip: string): Promise<boolean> {
    if (input.website) {
      this.log.info({ kind: input.kind }, 'form submission dropped: honeypot filled');
      return false;
    }
    const elapsed = this.clock.now().getTime() - input.startedAt;
    // Each refusal says what to do next: the answers stay in the form.
    if (elapsed < MIN_FILL_MS) {
      throw new AppError(
        'bad_request',
        'This form was sent within seconds of opening it, as automated senders do. Your answers are kept: check them, wait a few seconds, then send the form again.',
      );
    }
    if (elapsed > 7 * 86_400_000) {
      throw new AppError(
        'bad_request',
        'This form was opened more than a week ago. Reload the page, fill it in again and send it.',
      );
    }
    const attempt = await this.throttle.take([
      { key: `forms:ip:${ip}`, limit: PER_ADDRESS_PER_HOUR, windowMs: 3_600_000 },
    ]);
    if (attempt.blocked) {
      throw new AppError(
        'too_many_requests',
        'Thank you, we have your messages. Please try again later.',
        { 'retry-after': String(attempt.retryAfter) },
      );
    }
    const nomination = input.kind === 'contact' ? undefined : (input as Nomination);
    const [row] = await this.db
      .insert(submissions)
      .values({
        kind: input.kind,
        name: input.name,
        email: input.email,
        phone: input.phone || null,
        nominee: nomination?.nominee ?? null,
        nomineeBusiness: nomination?.nomineeBusiness || null,
        message: input.message,
      })
      .returning({ id: submissions.id });

    // Stored first: a mail server that is down loses nothing; staff see it in the admin list.
    try {
      await this.mail.send((chamber) => {
        if (!chamber.email) throw new Error('the chamber has no email address');
        const details = [
          `From: ${input.name} <${input.email}>${input.phone ? `, ${input.phone}` : ''}`,
          ...(nomination
            ? [
                `Nominee: ${nomination.nominee}${nomination.nomineeBusiness ? ` (${nomination.nomineeBusiness})` : ''}`,
              ]
            : []),
        ];
        const mail = renderMail(chamber, {
          subject: `${labels[input.kind]} from ${input.name}`,
          preview: input.message.slice(0, 120),
          greeting: `A new ${labels[input.kind].toLowerCase()} came in through the website.`,
          paragraphs: [...details, input.message],
          note: 'Reply to this message to answer the sender directly.',
        });
        return { to: chamber.email, replyTo: input.email, ...mail };
      });
      await this.db.update(submissions).set({ mailed: true }).where(eq(submissions.id, row!.id));
    } catch (err) {
      this.log.warn({ err, submission: row!.id }, 'form submission stored but not mailed');
    }
    return true;
  }

  /** GET /admin/submissions: newest first. */
  async list(page: {
    limit: number;
    offset: number;
    kind?: Input['kind'] | undefined;
  }): Promise<SubmissionList> {
    const where = page.kind ? eq(submissions.kind, page.kind) : undefined;
    const [rows, [total]] = await Promise.all([
      this.db
        .select()
        .from(submissions)
        .where(where)
        .orderBy(desc(submissions.createdAt), desc(submissions.id))
        .limit(page.limit)
        .offset(page.offset),
      this.db.select({ n: count() }).from(submissions).where(where),
    ]);
    return {
      submissions: rows.map((r) => ({ ...r, createdAt: r.createdAt.toISOString() })),
      pagination: { total: total?.n ?? 0, hasMore: page.offset + rows.length < (total?.n ?? 0) },
    };
  }
}
