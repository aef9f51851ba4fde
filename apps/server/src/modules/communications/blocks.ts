import { dateTimeFormat, paths } from '@chamber/contract';
import type { Database } from '@chamber/db';
import type { Clock } from '../../lib/clock.js';
import { CalendarService } from '../calendars/index.js';
import { firstChamberAndCalendar } from '../chamber/index.js';
import { MembersService } from '../members/index.js';
import type { BlockItems, ContentBlock } from './content.js';

const DAY = 24 * 60 * 60 * 1000;
/** The events a message lists: the next ones within this many days. */
export const UPCOMING_EVENT_DAYS = 60;
export const UPCOMING_EVENT_LIMIT = 5;
/** The members a message welcomes: those that joined within this many days. */
export const NEW_MEMBER_DAYS = 30;
export const NEW_MEMBER_LIMIT = 8;

/**
 * The data of a message's blocks, read from the portal when it is sent (and for a preview or a
 * test): the calendar's next public events, and the directory's listed members that joined
 * lately. An empty block is left out of the message (`fillBlocks`).
 */
export class ContentBlocks {
  private readonly calendar: CalendarService;
  private readonly members: MembersService;

  constructor(
    private readonly db: Database,
    private readonly clock: Clock,
    private readonly publicUrl: string,
  ) {
    this.calendar = new CalendarService(db, clock);
    this.members = new MembersService(db, clock, publicUrl);
  }

  async read(): Promise<Partial<Record<ContentBlock, BlockItems>>> {
    const now = this.clock.now();
    const where = await firstChamberAndCalendar(this.db);
    const since = new Date(now.getTime() - NEW_MEMBER_DAYS * DAY).toISOString().slice(0, 10);
    const [upcoming, joined] = await Promise.all([
      where?.calendarId
        ? this.calendar.list(
            where.calendarId,
            {
              startDate: now.toISOString(),
              endDate: new Date(now.getTime() + UPCOMING_EVENT_DAYS * DAY).toISOString(),
            },
            null,
          )
        : { events: [] },
      this.members.newMembers(since, NEW_MEMBER_LIMIT),
    ]);
    const events = upcoming.events
      .filter((event) => event.status !== 'cancelled' && new Date(event.startTime) >= now)
      .slice(0, UPCOMING_EVENT_LIMIT);
    return {
      'upcoming-events': {
        title: 'Upcoming events',
        items: events.map((event) => ({
          title: event.title,
          detail: [whenShort(event), event.location].filter(Boolean).join(' · '),
          url: `${this.publicUrl}${paths.event.href(event.id)}`,
        })),
      },
      'new-members': {
        title: 'Welcome to our new members',
        items: joined.map((member) => ({
          title: member.name,
          detail: member.tagline,
          url: member.url,
        })),
      },
    };
  }
}

/** 'Tue, Dec 8, 5:30 PM' in the event's zone; the date alone for an all-day event. */
function whenShort(event: { startTime: string; timezone: string; isAllDay: boolean }): string {
  return dateTimeFormat('en-US', {
    timeZone: event.timezone,
    weekday: 'short',
    month: 'short',
    day: 'numeric',
    ...(event.isAllDay ? {} : { hour: 'numeric', minute: '2-digit' }),
  }).format(new Date(event.startTime));
}
