import type { EventAnnouncements } from '../calendars/index.js';
import { attendingBefore, noticesAfter } from './change-notices.js';
import type { EventChangeMail } from './change-mail.js';

/**
 * Registrants hear of what happens to their event: the calendar announces its edits and
 * deletions (EventAnnouncements, and new events their creators want known), and this module follows them, subscribed where the modules
 * are wired. Whose occurrence an edit reaches is read before the change; who is to be told
 * what, after it, in its transaction; the mail goes once it has committed.
 */
export function followEventChanges(announcements: EventAnnouncements, mail: EventChangeMail): void {
  announcements.onEdit(async ({ tx, target, scope, now, notify }) => {
    const attending = await attendingBefore(tx, target, scope, now);
    return async (after, edited) => {
      const notices = await noticesAfter(after, attending);
      return async () => {
        // A new time, place or status: each registrant affected gets one mail, after the answer.
        mail.changeNotices(notices);
        // Asked to tell them of an edit that changed nothing they rely on: all of them hear.
        if (notify && notices.length === 0) await mail.eventChanged(edited);
      };
    };
  });
  announcements.onPublish(async (created) => {
    await mail.eventPublished(created);
  });
  announcements.onCancel(async (cancelled) => {
    await mail.eventCancelled(cancelled);
  });
}
