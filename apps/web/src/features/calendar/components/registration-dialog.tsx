import type { EventTicket, RegistrationResult } from '@chamber/contract';
import { lazy, Suspense } from 'react';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import { FormSkeleton } from '@/components/ui/form-skeleton';
import { usePreload } from '@/lib/use-preload';
import type { RegistrationSeries } from './registration-dialog-form';

// The form (its form library and the registration's rules) is no part of a visitor's first
// download: it loads once the page can take a registration and the visitor first presses,
// touches or scrolls the page (`usePreloadRegistrationForm`), or on the first open at the latest.
const loadForm = () => import('./registration-dialog-form');
const RegistrationForm = lazy(() => loadForm().then((m) => ({ default: m.RegistrationForm })));

/**
 * Starts loading the registration form once `wanted` (the event takes registrations) and the
 * visitor has first pressed, touched, typed or scrolled on the page: most visitors read an
 * event and leave, and evaluating the form's modules was one of the page's longest tasks while
 * it started (decision 176).
 */
export function usePreloadRegistrationForm(wanted: boolean) {
  usePreload(loadForm, wanted, 'first-input');
}

interface RegistrationDialogProps {
  eventId: string;
  eventTitle: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onRegistered: (result: RegistrationResult) => void;
  /** A paid event's ticket as this viewer pays it: the dialog shows the price before paying. */
  ticket?: EventTicket | null;
  /** The event is sold out: registering joins its waiting list, and the dialog says so. */
  waitlist?: boolean;
  /** An occurrence of a series: the form also offers every upcoming date. */
  series?: RegistrationSeries;
  onCloseAutoFocus?: (event: Event) => void;
}

/**
 * docs/product.md#screens Registration dialog: Full Name and Email required, 1 to 10 guests (default 1), phone
 * and notes optional, prefilled from the signed-in user. The registration is stored and mailed
 * with the .ics; this browser also remembers it for the "You're Registered!" view.
 */
export function RegistrationDialog({
  eventId,
  eventTitle,
  open,
  onOpenChange,
  onRegistered,
  ticket = null,
  waitlist = false,
  series = null,
  onCloseAutoFocus,
}: RegistrationDialogProps) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent onCloseAutoFocus={onCloseAutoFocus}>
        <DialogHeader>
          <DialogTitle>{waitlist ? 'Join the waiting list' : 'Register for Event'}</DialogTitle>
          <DialogDescription>{eventTitle}</DialogDescription>
        </DialogHeader>
        {open ? (
          <Suspense fallback={<FormSkeleton label="Loading the registration form" />}>
            <RegistrationForm
              eventId={eventId}
              onCancel={() => onOpenChange(false)}
              onRegistered={onRegistered}
              ticket={ticket}
              series={series}
            />
          </Suspense>
        ) : null}
      </DialogContent>
    </Dialog>
  );
}
