import type { MailOutbox } from '../../lib/mail/outbox.js';
import {
  calendarQueries as q,
  type EventAnnouncements,
  registrationKey,
  targetIdOf,
} from '../calendars/index.js';
import { entryToJson, icsEntryFor, withdrawn } from '../ical/index.js';
import { attendingBefore, noticesAfter } from './change-notices.js';
import {
  EVENT_CANCELLED_MAIL,
  EVENT_CHANGE_MAIL,
  EVENT_PUBLISHED_MAIL,
  EVENT_UPDATED_MAIL,
  type ChangeNoticeParams,
  type EventCancelledParams,
} from './change-mail.js';
import { whenText } from './mail-words.js';

/**
 * Registrants hear of what happens to their event: the calendar announces its edits and
 * deletions (EventAnnouncements, and new events their creators want known), and this module
 * follows them, subscribed where the modules are wired. Whose occurrence an edit reaches is
 * read before the change; who is to be told what, after it. Each mail is an outbox row, one
 * per recipient, written in the change's transaction (a change rolled back mails nobody, a
 * change committed is mailed even if the process dies then); the outbox's workers are woken
 * once it has committed.
 */
export function followEventChanges(announcements: EventAnnouncements, outbox: MailOutbox): void {
  const wake = async () => outbox.wake();
  announcements.onEdit(async ({ tx, target, scope, now, notify }) => {
    const attending = await attendingBefore(tx, target, scope, now);
    return async (after, edited) => {
      // A new time, place or status: each registrant affected gets one mail.
      const notices = await noticesAfter(after, attending);
      for (const notice of notices) {
        const params: ChangeNoticeParams = {
          targetId: targetIdOf(registrationKey(notice.target)),
          registrationId: notice.registration.id,
          changes: notice.changes,
          cancelled: notice.cancelled,
          formerly: notice.formerly ? entryToJson(notice.formerly) : null,
        };
        await outbox.queue(after, EVENT_CHANGE_MAIL, { ...params });
      }
      // Asked to tell them of an edit that changed nothing they rely on: all of them hear.
      if (notify && notices.length === 0) {
        const key = registrationKey(edited);
        for (const r of await q.listRegistrations(after, key.eventId, key.occurrenceKey)) {
          await outbox.queue(after, EVENT_UPDATED_MAIL, {
            targetId: targetIdOf(key),
            registrationId: r.id,
          });
        }
      }
      return wake;
    };
  });
  announcements.onPublish(async (tx, created) => {
    // The organizer, if the event has one with an address, is looked up when composed.
    await outbox.queue(tx, EVENT_PUBLISHED_MAIL, {
      targetId: targetIdOf(registrationKey(created)),
    });
    return wake;
  });
  announcements.onCancel(async (tx, cancelled) => {
    for (const { registration, event, target } of cancelled) {
      // The rows are gone once this commits: the mail's words and its CANCEL file go with it.
      const params: EventCancelledParams = {
        name: registration.name,
        email: registration.email,
        title: event.title.trim() || 'Untitled Event',
        when: whenText(event),
        location: event.location,
        entry: entryToJson(await icsEntryFor(tx, withdrawn(target))),
      };
      await outbox.queue(tx, EVENT_CANCELLED_MAIL, { ...params });
    }
    return wake;
  });
}
