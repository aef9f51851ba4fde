import { type MailPreferencesInput, mailTopics } from '@chamber/contract';
import { type Database, mailPreferences, newsletterSubscribers } from '@chamber/db';
import { eq, sql } from 'drizzle-orm';
import type { Clock } from '../../lib/clock.js';
import { randomToken, sha256Hex } from '../../lib/crypto.js';
import { AppError } from '../../lib/errors.js';
import type { MailOutbox } from '../../lib/mail/outbox.js';
import { renderMail } from '../../lib/mail/templates.js';
import type { Throttle } from '../../lib/throttle.js';
import { optOutColumn } from './audience.js';
import type { UnsubscribeTokens } from './tokens.js';

const SUBSCRIBE_PER_ADDRESS_PER_HOUR = 10;
export const NEWSLETTER_CONFIRM_MAIL = 'newsletter-confirm';
export const PREFERENCE_LINK_MAIL = 'mail-preference-link';

const MINUTE = 60_000;
/** As the password reset's: a few links per address, more per client address. */
const preferenceLinkThrottles = (email: string, ip: string) => [
  { key: `preferences:request:email:${email}`, limit: 3, windowMs: 15 * MINUTE },
  { key: `preferences:request:ip:${ip}`, limit: 20, windowMs: 60 * MINUTE },
];

/**
 * The recipients' side of bulk mail: one-click unsubscribe and the preference page (by a
 * signed token), a fresh preference link, and the newsletter's double opt-in, with the two
 * mails those send through the outbox.
 */
export class MailSubscriptions {
  constructor(
    private readonly db: Database,
    private readonly clock: Clock,
    private readonly outbox: MailOutbox,
    private readonly throttle: Throttle,
    private readonly tokens: UnsubscribeTokens,
    private readonly publicUrl: string,
  ) {}

  /** The preference state a token names, or `{ valid: false }`. */
  async unsubscribeState(token: string) {
    const claim = await this.tokens.read(token).catch(() => null);
    if (!claim) return { valid: false as const };
    const [prefs] = await this.db
      .select()
      .from(mailPreferences)
      .where(eq(mailPreferences.email, claim.email));
    return {
      valid: true as const,
      email: claim.email,
      topic: claim.topic,
      optedOut: {
        newsletter: prefs?.newsletterOptOut ?? false,
        announcements: prefs?.announcementsOptOut ?? false,
        'event-news': prefs?.eventNewsOptOut ?? false,
      },
    };
  }

  /** One click: the token's address leaves the token's topic, for every later send. */
  async unsubscribe(token: string) {
    const claim = await this.tokens.read(token).catch(() => null);
    if (!claim) return { valid: false as const };
    const now = this.clock.now();
    const column = optOutColumn[claim.topic];
    await this.db.execute(sql`
      insert into mail_preferences (email, ${column}, created_at, updated_at)
      values (${claim.email}, true, ${now.toISOString()}::timestamptz, ${now.toISOString()}::timestamptz)
      on conflict (email) do update set ${column} = true, updated_at = excluded.updated_at`);
    // Queued mail of that topic to the address is not sent any more.
    await this.db.execute(sql`
      update campaign_recipients r set state = 'unsubscribed'
      from campaigns c
      where c.id = r.campaign_id and c.topic = ${claim.topic}
        and r.email = ${claim.email} and r.state = 'queued'`);
    return this.unsubscribeState(token);
  }

  /**
   * The preference page's choices for the token's address: a topic set to false leaves it (as
   * the one click does), one set to true again removes that unsubscribe. Topics not named are
   * left as they are. A forged token changes nothing and answers `{ valid: false }`.
   */
  async setPreferences(token: string, topics: MailPreferencesInput['topics']) {
    const claim = await this.tokens.read(token).catch(() => null);
    if (!claim) return { valid: false as const };
    const named = mailTopics.filter((t) => topics[t] !== undefined);
    if (named.length > 0) {
      const now = this.clock.now().toISOString();
      const columns = named.map((t) => optOutColumn[t]);
      const values = named.map((t) => sql`${!topics[t]}`);
      await this.db.execute(sql`
        insert into mail_preferences (email, ${sql.join(columns, sql`, `)}, created_at, updated_at)
        values (${claim.email}, ${sql.join(values, sql`, `)}, ${now}::timestamptz, ${now}::timestamptz)
        on conflict (email) do update set ${sql.join(
          columns.map((c) => sql`${c} = excluded.${c}`),
          sql`, `,
        )}, updated_at = excluded.updated_at`);
      const left = named.filter((t) => topics[t] === false);
      if (left.length > 0) {
        await this.db.execute(sql`
          update campaign_recipients r set state = 'unsubscribed'
          from campaigns c
          where c.id = r.campaign_id and c.topic in (${sql.join(
            left.map((t) => sql`${t}`),
            sql`, `,
          )})
            and r.email = ${claim.email} and r.state = 'queued'`);
      }
    }
    return this.unsubscribeState(token);
  }

  /**
   * A fresh preference link for an address, asked for from the page a forged or expired link
   * opened. Answers the same at once for any address: the outbox row is written alike, and
   * whether the address ever had bulk mail from the portal is looked at only when it is sent
   * (an unknown address is skipped).
   */
  async requestPreferenceLink(rawEmail: string, ip: string) {
    const email = rawEmail.trim().toLowerCase();
    const attempt = await this.throttle.take(preferenceLinkThrottles(email, ip));
    if (attempt.blocked) {
      throw new AppError(
        'too_many_requests',
        'Too many preference links were asked for. Please try again later.',
        { 'retry-after': String(attempt.retryAfter) },
      );
    }
    await this.outbox.queue(this.db, PREFERENCE_LINK_MAIL, { email });
    this.outbox.wake();
    return { ok: true as const };
  }

  /** Whether bulk mail could have reached the address: a recipient, subscriber, person or registrant. */
  private async known(email: string): Promise<boolean> {
    const { rows } = await this.db.execute<{ known: boolean }>(sql`
      select exists (select 1 from mail_preferences where email = ${email})
        or exists (select 1 from newsletter_subscribers where email = ${email})
        or exists (select 1 from campaign_recipients where email = ${email})
        or exists (select 1 from business_people where lower(trim(email)) = ${email})
        or exists (select 1 from event_registrations where lower(trim(email)) = ${email})
        as known`);
    return rows[0]?.known === true;
  }

  /**
   * The public sign-up: a confirmation link is mailed (through the outbox) unless the address
   * is confirmed already; the answer is the same either way, so nobody learns who subscribed.
   */
  async subscribe(rawEmail: string, ip: string) {
    const email = rawEmail.trim().toLowerCase();
    const attempt = await this.throttle.take([
      { key: `newsletter:ip:${ip}`, limit: SUBSCRIBE_PER_ADDRESS_PER_HOUR, windowMs: 3_600_000 },
    ]);
    if (attempt.blocked) {
      throw new AppError(
        'too_many_requests',
        'Too many sign-ups from here. Please try again later.',
        {
          'retry-after': String(attempt.retryAfter),
        },
      );
    }
    const token = randomToken();
    const now = this.clock.now();
    await this.db.transaction(async (tx) => {
      const [row] = await tx
        .insert(newsletterSubscribers)
        .values({ email, confirmTokenHash: sha256Hex(token), createdAt: now })
        .onConflictDoUpdate({
          target: newsletterSubscribers.email,
          set: { confirmTokenHash: sha256Hex(token) },
          setWhere: sql`${newsletterSubscribers.confirmedAt} is null`,
        })
        .returning({ id: newsletterSubscribers.id });
      if (row) await this.outbox.queue(tx, NEWSLETTER_CONFIRM_MAIL, { email, token });
    });
    this.outbox.wake();
    return { ok: true as const };
  }

  async confirm(token: string) {
    const [row] = await this.db
      .update(newsletterSubscribers)
      .set({ confirmedAt: this.clock.now(), confirmTokenHash: null })
      .where(eq(newsletterSubscribers.confirmTokenHash, sha256Hex(token)))
      .returning({ id: newsletterSubscribers.id });
    return { confirmed: row !== undefined };
  }

  /** The confirmation mail's and the preference link's composers, for the outbox. */
  registerMail(): void {
    this.outbox.register(PREFERENCE_LINK_MAIL, async (params) => {
      const email = String(params.email);
      if (!(await this.known(email))) return null;
      const token = await this.tokens.issue({ email, topic: 'newsletter' });
      const url = `${this.publicUrl}/unsubscribe/${token}`;
      return (chamber) => ({
        to: email,
        ...renderMail(chamber, {
          subject: `Your mail preferences at ${chamber.name}`,
          preview: 'Choose which of our mail you receive.',
          greeting: 'Hello,',
          paragraphs: [
            `Someone, hopefully you, asked for a link to choose which of the ${chamber.name}'s newsletters, announcements and event news reach this address.`,
          ],
          action: { label: 'Choose my mail', url },
          note: 'If you did not ask for it, ignore this message: nothing changes.',
        }),
      });
    });
    this.outbox.register(NEWSLETTER_CONFIRM_MAIL, async (params) => {
      const email = String(params.email);
      const url = `${this.publicUrl}/newsletter/confirm?token=${encodeURIComponent(String(params.token))}`;
      return (chamber) => ({
        to: email,
        ...renderMail(chamber, {
          subject: `Confirm your subscription to the ${chamber.name} newsletter`,
          preview: 'One click and you are on the list.',
          greeting: 'Hello,',
          paragraphs: [
            `Someone, hopefully you, asked to receive the ${chamber.name} newsletter at this address. Confirm to start receiving it.`,
          ],
          action: { label: 'Confirm my subscription', url },
          note: 'If you did not ask for it, ignore this message: you will not be subscribed.',
        }),
      });
    });
  }
}
