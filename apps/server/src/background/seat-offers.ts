import { settleAllSeats } from '../modules/registrations/index.js';
import type { JobDefinition } from './definition.js';

/**
 * Every minute: offers whose time ran out lapse and their seats go to the next waiting party
 * that fits, by mail (written to the outbox with the offer); seats freed any other way (a capacity raised) are offered too. A run
 * repeated after a crash finds nothing left to do for what the first run did.
 */
export const seatOffersJob: JobDefinition = {
  name: 'seat-offers',
  cron: '* * * * *',
  retryLimit: 2,
  retryDelaySeconds: 30,
  expireInSeconds: 5 * 60,
  run: (context) => settleAllSeats({ db: context.db, now: context.clock.now() }),
};
