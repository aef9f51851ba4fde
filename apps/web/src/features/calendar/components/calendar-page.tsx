import { CalendarIcon, InfoIcon, PlusIcon } from 'lucide-react';
import { useEffect, useMemo, useState } from 'react';
import { Navigate, useLocation, useSearchParams } from 'react-router';
import { PageBody, PageHeader } from '@/components/layout/page-header';
import { Button } from '@/components/ui/button';
import { paths } from '@/config/paths';
import { useAuth } from '@/lib/auth/use-auth';
import { useChamber } from '@/lib/chamber/use-chamber';
import { EVENTS_LOAD_ERROR } from '@/lib/api/calendar-events';
import { useNow } from '@/lib/render-time';
import { useMediaQuery, WIDE_SCREEN_QUERY } from '@/lib/use-media-query';
import { cn } from '@/lib/utils';
import { useChamberCalendar } from '../api/get-calendar';
import { useCalendarEvents, useReloadEventsWhenVisible } from '../api/get-calendar-events';
import { eventStartDay } from '../lib/event-list';
import { eventsByDay, gridRange, monthOf, openingView, type Month } from '../lib/month-grid';
import { DayEventsDialog } from './day-events-dialog';
import { EventDetailDialog } from './event-detail-dialog';
import { EventFormDialog, usePreloadEventEditor } from './event-form-dialog';
import { MonthCalendar } from './month-calendar';
import { SubscribeDialog } from './subscribe-dialog';
import { UpcomingEvents } from './upcoming-events-list';
import { useCalendarDialogs } from './use-calendar-dialogs';

/** /calendar (docs/product.md#screens Calendar): the month grid, the upcoming list and the event dialogs. */
export function CalendarPage() {
  const { isAuthenticated, user } = useAuth();
  // The server says whether this account may add events (a pending membership may not yet), so
  // the form is offered only where saving it can succeed, and the reason is said up front.
  const canCreate = user?.canCreateEvents ?? false;
  // Members may edit their own events from the calendar too.
  usePreloadEventEditor(Boolean(user));
  const { shortName } = useChamber();
  const { calendarId, calendar, timeZone } = useChamberCalendar();
  const [searchParams, setSearchParams] = useSearchParams();
  // Over server-rendered HTML, the server's today first (its month is the one it drew): this
  // month, or the one of `?month=YYYY-MM` (the month links, which work without scripts).
  const { today, month: opening } = openingView(
    new Date(useNow()),
    timeZone,
    searchParams.get('month'),
  );
  const [month, setMonth] = useState<Month>(opening);
  const [calendarShown, setCalendarShown] = useState(true);
  const isWide = useMediaQuery(WIDE_SCREEN_QUERY);
  const { dialog, show, close, onCloseAutoFocus } = useCalendarDialogs();
  const location = useLocation();
  useReloadEventsWhenVisible();

  const range = gridRange(month);
  const list = useCalendarEvents(calendarId ? { calendarId, ...range } : null);
  // The month shown while another is fetched is dimmed and busy.
  const refetching = list.isFetching && !list.isPending;
  const byDay = useMemo(() => eventsByDay(list.events), [list.events]);

  // ?create=true opens the create dialog once (or leaves the reason why not in view), then
  // leaves the address.
  const wantsCreate = searchParams.get('create') === 'true';
  useEffect(() => {
    if (!wantsCreate || !isAuthenticated) return;
    if (canCreate) show({ kind: 'form', mode: { kind: 'create' } });
    setSearchParams(
      (params) => {
        params.delete('create');
        return params;
      },
      { replace: true },
    );
  }, [wantsCreate, isAuthenticated, canCreate, show, setSearchParams]);
  if (wantsCreate && !isAuthenticated) {
    return <Navigate to={paths.login.href()} state={{ from: location }} replace />;
  }

  const dayEvents = dialog?.kind === 'day' ? (byDay.get(dialog.date) ?? []) : [];

  return (
    <>
      <PageHeader
        title="Event Calendar"
        description={`Luncheons, ribbon cuttings, workshops and mixers around ${shortName}. Everyone is welcome.`}
      >
        {canCreate ? (
          <Button
            type="button"
            onClick={(e) => show({ kind: 'form', mode: { kind: 'create' } }, e.currentTarget)}
          >
            <PlusIcon aria-hidden="true" />
            Create Event
          </Button>
        ) : null}
        {calendarId ? (
          <SubscribeDialog calendarId={calendarId} calendarName={calendar?.name} />
        ) : null}
        {user && !canCreate && user.createEventsRefusal ? (
          <p className="flex basis-full items-start gap-2 text-sm text-muted-foreground">
            <InfoIcon aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
            {user.createEventsRefusal}
          </p>
        ) : null}
      </PageHeader>
      <PageBody className="grid gap-10 lg:grid-cols-[minmax(0,1fr)_22rem] lg:items-start">
        <div className="grid min-w-0 gap-4">
          <Button
            type="button"
            variant="outline"
            className="w-full sm:hidden"
            aria-expanded={calendarShown}
            aria-controls="month-calendar"
            onClick={() => setCalendarShown((shown) => !shown)}
          >
            <CalendarIcon aria-hidden="true" />
            {calendarShown ? 'Hide Calendar' : 'Show Calendar'}
          </Button>
          {list.error ? (
            <div
              role="alert"
              className="flex flex-wrap items-center justify-between gap-3 rounded-xl border border-destructive/40 bg-destructive/5 p-4"
            >
              <div className="grid gap-1">
                <p className="font-semibold">{EVENTS_LOAD_ERROR}</p>
                {list.errorDetail && list.errorDetail !== EVENTS_LOAD_ERROR ? (
                  <p className="text-sm text-muted-foreground">{list.errorDetail}</p>
                ) : null}
              </div>
              <Button type="button" variant="outline" size="sm" onClick={() => void list.refetch()}>
                Try Again
              </Button>
            </div>
          ) : null}
          <div
            id="month-calendar"
            aria-busy={refetching}
            className={cn(!calendarShown && 'hidden sm:block', refetching && 'opacity-80')}
          >
            <MonthCalendar
              month={month}
              today={today}
              onMonthChange={setMonth}
              eventsByDay={byDay}
              loading={list.isPending}
              showAddHints={canCreate && isWide}
              onDay={(date, inMonth, trigger) => {
                // Wide screens: a day of the month starts a new event there (for those who may).
                if (isWide && canCreate && inMonth)
                  show({ kind: 'form', mode: { kind: 'create', date } }, trigger);
                else show({ kind: 'day', date }, trigger);
              }}
              onOpenEvent={(event, trigger) => show({ kind: 'detail', event }, trigger)}
              onShowDay={(date, trigger) => show({ kind: 'day', date }, trigger)}
            />
          </div>
        </div>
        <UpcomingEvents />
      </PageBody>

      <DayEventsDialog
        date={dialog?.kind === 'day' ? dialog.date : null}
        events={dayEvents}
        signedIn={isAuthenticated}
        canAdd={canCreate}
        onClose={close}
        onOpenEvent={(event) => show({ kind: 'detail', event })}
        onEdit={(event) => show({ kind: 'form', mode: { kind: 'edit', event } })}
        onAdd={(date) => show({ kind: 'form', mode: { kind: 'create', date } })}
        onCloseAutoFocus={onCloseAutoFocus}
      />
      <EventDetailDialog
        event={dialog?.kind === 'detail' ? dialog.event : null}
        onClose={close}
        onEdit={(event) => show({ kind: 'form', mode: { kind: 'edit', event } })}
        onCloseAutoFocus={onCloseAutoFocus}
      />
      <EventFormDialog
        mode={dialog?.kind === 'form' ? dialog.mode : null}
        onClose={close}
        onDone={(saved) => {
          // Show the month the saved event is in.
          if (saved) setMonth(monthOf(eventStartDay(saved)));
        }}
        onCloseAutoFocus={onCloseAutoFocus}
      />
    </>
  );
}
