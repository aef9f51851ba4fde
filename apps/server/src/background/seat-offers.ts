import { settleAllSeats } from '../modules/calendar/index.js';
import { type JobDefinition, jobMail } from './definition.js';

/**
 * Every minute: offers whose time ran out lapse and their seats go to the next waiting party
 * that fits, by mail; seats freed any other way (a capacity raised) are offered too. A run
 * repeated after a crash finds nothing left to do for what the first run did.
 */
export const seatOffersJob: JobDefinition = {
  name: 'seat-offers',
  cron: '* * * * *',
  retryLimit: 2,
  retryDelaySeconds: 30,
  expireInSeconds: 5 * 60,
  run: (context) => {
    const { config, mail } = jobMail(context, 'seat-offers');
    return settleAllSeats({ db: context.db, now: context.clock.now(), config, delivery: mail });
  },
};
