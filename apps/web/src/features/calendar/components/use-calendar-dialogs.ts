import type { CalendarEvent } from '@chamber/contract';
import { useCallback, useRef, useState } from 'react';
import type { DateKey } from '@chamber/contract';
import type { EventDialogMode } from './use-save-event';

export type CalendarDialog =
  | { kind: 'day'; date: DateKey }
  | { kind: 'detail'; event: CalendarEvent }
  | { kind: 'form'; mode: EventDialogMode }
  | null;

/**
 * One calendar dialog at a time (a day's list, an event, the form). Moving from one to the
 * next keeps focus inside; closing the last returns it to what opened the first.
 */
export function useCalendarDialogs() {
  const [dialog, setDialog] = useState<CalendarDialog>(null);
  const current = useRef<CalendarDialog>(null);
  const opener = useRef<HTMLElement | null>(null);

  const show = useCallback((next: CalendarDialog, trigger?: HTMLElement | null) => {
    if (trigger) opener.current = trigger;
    current.current = next;
    setDialog(next);
  }, []);

  const close = useCallback(() => show(null), [show]);

  /** For each dialog's onCloseAutoFocus: Radix would focus a trigger that no longer exists. */
  const onCloseAutoFocus = useCallback((event: Event) => {
    event.preventDefault();
    if (current.current === null) opener.current?.focus();
  }, []);

  return { dialog, show, close, onCloseAutoFocus };
}
