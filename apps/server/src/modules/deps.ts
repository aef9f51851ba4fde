import type { Database } from '@chamber/db';
import type { Config } from '../config.js';
import type { Clock } from '../lib/clock.js';
import type { ListingCounter } from '../lib/listing-counter.js';
import type { MailDelivery } from '../lib/mail/delivery.js';
import type { MailOutbox } from '../lib/mail/outbox.js';
import type { Storage } from '../lib/storage.js';
import type { Throttle } from '../lib/throttle.js';

/** What the app hands every module (built once in app.ts). */
export interface ModuleDeps {
  db: Database;
  config: Config;
  clock: Clock;
  storage: Storage;
  throttle: Throttle;
  /** The portal's mail, signed with the chamber's identity; `app.flushMail()` waits for it. */
  mail: MailDelivery;
  /** Mail written with the change that calls for it, sent by the outbox's workers. */
  outbox: MailOutbox;
  /** Listing views and clicks, counted as daily totals (lib/listing-counter.ts). */
  counter: ListingCounter;
}
