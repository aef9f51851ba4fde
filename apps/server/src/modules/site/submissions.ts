import { count, desc, eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { ContactMessage, Nomination, SubmissionList } from '@chamber/contract';
import { submissions, type Database } from '@chamber/db';
import type { Clock } from '../../lib/clock.js';
import { AppError } from '../../lib/errors.js';
import type { Compose } from '../../lib/mail/delivery.js';
import type { MailOutbox } from '../../lib/mail/outbox.js';
import { renderMail } from '../../lib/mail/templates.js';
import type { Throttle } from '../../lib/throttle.js';

/** A person takes longer than this to fill in a form; a script does not. */
export const MIN_FILL_MS = 3_000;
const PER_ADDRESS_PER_HOUR = 5;

/** The outbox's kind of mail of a form's message, to the chamber's office. */
export const SUBMISSION_MAIL = 'site-submission';

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
    private readonly outbox: MailOutbox,
    private readonly log: FastifyBaseLogger,
  ) {}

  /** Registers the office's mail of a message with the outbox; the message is marked mailed. */
  register(): void {
    this.outbox.register(
      SUBMISSION_MAIL,
      (p) => this.compose(String(p.submissionId)),
      async (p) => {
        await this.db
          .update(submissions)
          .set({ mailed: true })
          .where(eq(submissions.id, String(p.submissionId)));
      },
    );
  }

  /** The message to the chamber's office, replying to the sender; null when it is gone. */
  private async compose(id: string): Promise<Compose | null> {
    const [row] = await this.db.select().from(submissions).where(eq(submissions.id, id));
    if (!row) return null;
    return (chamber) => {
      // Failed, for staff to see, until the chamber has an address (then retried).
      if (!chamber.email) throw new Error('the chamber has no email address');
      const label = labels[row.kind];
      const details = [
        `From: ${row.name} <${row.email}>${row.phone ? `, ${row.phone}` : ''}`,
        ...(row.nominee
          ? [`Nominee: ${row.nominee}${row.nomineeBusiness ? ` (${row.nomineeBusiness})` : ''}`]
          : []),
      ];
      const mail = renderMail(chamber, {
        subject: `${label} from ${row.name}`,
        preview: row.message.slice(0, 120),
        greeting: `A new ${label.toLowerCase()} came in through the website.`,
        paragraphs: [...details, row.message],
        note: 'Reply to this message to answer the sender directly.',
      });
      return { to: chamber.email, replyTo: row.email, ...mail };
    };
  }

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
    // Stored with its mail in one transaction: a mail server that is down, or a crash, loses
    // nothing; the outbox sends it when it can, and staff see it in the admin list meanwhile.
    await this.db.transaction(async (tx) => {
      const [row] = await tx
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
      await this.outbox.queue(tx, SUBMISSION_MAIL, { submissionId: row!.id });
    });
    this.outbox.wake();
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
