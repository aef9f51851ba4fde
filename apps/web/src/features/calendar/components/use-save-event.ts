import {
  eventMessages,
  type CalendarEvent,
  type EventForm,
  type RecurringEventUpdateType,
} from '@chamber/contract';
import { useAuth } from '@/lib/auth/use-auth';
import { eventZone } from '@/lib/events/event-time';
import type { DateKey } from '@chamber/contract';
import { useCreateEvent } from '../api/create-event';
import { useChamberCalendar } from '../api/get-calendar';
import { useUpdateEvent } from '../api/update-event';
import { useUpdateSeriesCustomFields } from '../api/update-series-custom-fields';
import type { EventFormValues } from '../lib/event-form';
import { createEventPayload, formChanges, updateEventPayload } from '../lib/event-payload';

/** What the event dialog is for: a new event (on a chosen day) or an existing one. */
export type EventDialogMode =
  { kind: 'create'; date?: DateKey } | { kind: 'edit'; event: CalendarEvent };

/**
 * docs/product.md#states Recurring edit: the answers to "how should this change apply?": only
 * this event, this and following events, or all events in the series.
 */
export type RecurringChoice = RecurringEventUpdateType;

interface SaveRequest {
  mode: EventDialogMode;
  form: EventForm;
  initial: EventFormValues;
  rrule: string | null;
  choice?: RecurringChoice;
}

/**
 * Saves the event dialog: creates, updates one event or occurrence, or updates an occurrence
 * and every later one. Resolves to the saved event once the calendar has been refreshed.
 */
export function useSaveEvent() {
  const { user } = useAuth();
  const { calendarId = '', timeZone } = useChamberCalendar();
  const create = useCreateEvent();
  const update = useUpdateEvent();
  const seriesFields = useUpdateSeriesCustomFields();

  async function save({ mode, form, initial, rrule, choice }: SaveRequest): Promise<CalendarEvent> {
    if (mode.kind === 'create') {
      // Members need a linked contact; staff accounts may organise events without one.
      if (!user || (user.role === 'member' && !user.contactId)) {
        throw new Error(eventMessages.contactRequired);
      }
      const body = createEventPayload(form, {
        calendarId,
        timeZone,
        contactId: user.contactId,
        authorName: user.name,
        rrule,
      });
      return create.mutateAsync(body);
    }

    const { event } = mode;
    const zone = eventZone(event);
    if (!event.isRecurring || !choice) {
      const body = updateEventPayload(form, {
        calendarId: event.calendarId,
        timeZone: zone,
        scope: 'single',
        rrule: null,
      });
      return update.mutateAsync({ id: event.id, body });
    }
    if (choice === 'this_event') {
      const body = updateEventPayload(form, {
        calendarId: event.calendarId,
        timeZone: zone,
        scope: 'this_event',
        rrule: null,
      });
      return update.mutateAsync({ id: event.id, body });
    }

    // A series is only written when something changed (docs/product.md#states); links alone go to the series.
    // 'All events' keeps the series' rule and moves every date by the same change.
    const changes = formChanges(initial, form);
    const customFields = {
      pageUrl: form.pageUrl,
      coverImageUrl: form.coverImageUrl,
      downloadFileUrl: form.downloadFileUrl,
    };
    let saved = event;
    if (changes.basics) {
      const body = updateEventPayload(form, {
        calendarId: event.calendarId,
        timeZone: zone,
        scope: choice,
        rrule: event.rrule,
      });
      saved = await update.mutateAsync({ id: event.id, body });
    }
    if (changes.customFields) {
      // Every edited occurrence of the (new) series gets the links too.
      await seriesFields.mutateAsync({
        id: saved.id,
        body: { calendarId: event.calendarId, customFields },
      });
      if (!changes.basics) saved = { ...event, ...customFields };
    }
    return saved;
  }

  return { save, timeZone, calendarId };
}
