import {
  appointmentStatuses,
  eventFormSchema,
  recommendedSeriesChoice,
  type CalendarEvent,
  type EventForm,
} from '@chamber/contract';
import { useEffect, useState } from 'react';
import { useWatch, type UseFormReturn } from 'react-hook-form';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import { DialogFooter } from '@/components/ui/dialog';
import { SelectField } from '@/components/forms/select-field';
import {
  CheckboxField,
  Form,
  FormError,
  FormField,
  InputField,
  TextareaField,
  useZodForm,
} from '@/components/ui/form';
import {
  Select,
  SelectContent,
  SelectItem,
  SelectTrigger,
  SelectValue,
} from '@/components/ui/select';
import { Spinner } from '@/components/ui/spinner';
import { Textarea } from '@/components/ui/textarea';
import { useAuth } from '@/lib/auth/use-auth';
import { useChamber } from '@/lib/chamber/use-chamber';
import { capitalise } from '@/lib/members/labels';
import { usePaymentOptions } from '../api/payment-options';
import { isMultiDay, type EventFormValues } from '../lib/event-form';
import { formInstants } from '../lib/event-payload';
import { buildRrule, describeRrule } from '../lib/recurrence';
import { DeleteEventButton } from './delete-event-button';
import { EventFileField } from './event-file-field';
import { EventScheduleFields, type Repeat } from './event-schedule-fields';
import { RecurringChoiceDialog } from './recurring-choice-dialog';
import { useSaveEvent, type EventDialogMode, type RecurringChoice } from './use-save-event';

interface EventEditorProps {
  mode: EventDialogMode;
  initial: EventFormValues;
  /** The zone the form's times are in, and its abbreviation. */
  timeZone: string;
  zoneLabel: string;
  onCancel: () => void;
  onDone: (saved: CalendarEvent | null) => void;
}

/** The create/edit form (docs/product.md#screens Event dialog, docs/product.md#validation Event form). Errors show in a red alert. */
export function EventEditor({
  mode,
  timeZone,
  zoneLabel,
  onCancel,
  onDone,
  ...props
}: EventEditorProps) {
  // What the form started from: the defaults, and what a series save compares against.
  const [initial] = useState(props.initial);
  const form = useZodForm(eventFormSchema, { defaultValues: initial });
  const { user } = useAuth();
  const locationId = useChamber().config?.locationId;
  const { save } = useSaveEvent();
  const [multiDay, setMultiDay] = useState(() => isMultiDay(initial));
  const [repeat, setRepeat] = useState<Repeat>({ kind: 'none', until: '' });
  const [pending, setPending] = useState<EventForm | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const event = mode.kind === 'edit' ? mode.event : null;
  const creating = mode.kind === 'create';

  async function submit(values: EventForm, choice?: RecurringChoice) {
    setError(null);
    setSaving(true);
    try {
      const rrule = creating
        ? buildRrule({ ...repeat, startDate: values.startDate }, timeZone)
        : null;
      const saved = await save({ mode, form: values, initial, rrule, choice });
      toast.success(creating ? 'Event created' : 'Event updated');
      onDone(saved);
    } catch (failure) {
      setError(
        failure instanceof Error && failure.message ? failure.message : 'Failed to save event',
      );
    } finally {
      setSaving(false);
    }
  }

  function onSubmit(values: EventForm) {
    // docs/product.md#states: a change to an event of a series first asks how it applies.
    if (event?.isRecurring) setPending(values);
    else void submit(values);
  }

  return (
    <Form form={form} onSubmit={onSubmit} className="grid gap-5" aria-busy={saving}>
      <InputField control={form.control} name="title" label="Title*" required />
      <TextareaField
        control={form.control}
        name="description"
        label="Description"
        rows={4}
        className="min-h-0"
      />
      <EventScheduleFields
        form={form}
        multiDay={multiDay}
        onMultiDayChange={setMultiDay}
        repeat={creating ? repeat : undefined}
        onRepeatChange={creating ? setRepeat : undefined}
        seriesRule={event?.isRecurring ? describeRrule(event.rrule, timeZone) : undefined}
        zoneLabel={zoneLabel}
      />
      <InputField control={form.control} name="location" label="Location" />
      <SelectField
        control={form.control}
        name="appointmentStatus"
        label="Status"
        options={appointmentStatuses.map((status) => ({
          value: status,
          label: capitalise(status),
        }))}
      />
      <fieldset className="grid gap-4 sm:grid-cols-2 sm:items-start">
        <legend className="mb-2 text-sm font-semibold">Seats and reminders</legend>
        <InputField
          control={form.control}
          name="capacity"
          label="Capacity (seats)"
          description={capacityHint(event)}
          inputMode="numeric"
          autoComplete="off"
        />
        <InputField
          control={form.control}
          name="reminderHours"
          label="Reminder (hours before)"
          description="Registrants get a reminder mail this many hours before the start, 1 to 168. Empty: no reminder."
          inputMode="numeric"
          autoComplete="off"
        />
      </fieldset>
      <TicketFields form={form} />
      <fieldset className="grid gap-4">
        <legend className="mb-2 text-sm font-semibold">Links and files</legend>
        <InputField
          control={form.control}
          name="pageUrl"
          label="Page URL"
          description="The event's own web page, shown as Event Website."
          type="url"
          inputMode="url"
          placeholder="https://"
        />
        <EventFileField
          form={form}
          kind="cover"
          upload={{ contactId: user?.contactId ?? null, locationId }}
        />
        <EventFileField
          form={form}
          kind="download"
          upload={{ contactId: user?.contactId ?? null, locationId }}
        />
      </fieldset>
      <FormField
        control={form.control}
        name="internalNote"
        label="Internal note"
        description={
          creating
            ? `Filled in for you: "Created by ${user?.name ?? 'you'} via web app".`
            : 'Kept for chamber staff; not shown on the calendar.'
        }
        render={({ field, controlProps }) => (
          <Textarea {...field} {...controlProps} rows={2} disabled className="min-h-0" />
        )}
      />
      {creating ? (
        <CheckboxField
          control={form.control}
          name="toNotify"
          label="Send notification emails"
          description="Emails the organizer that the event is on the calendar, with the calendar file."
        />
      ) : null}
      <FormError>{error}</FormError>
      <DialogFooter className="items-stretch sm:items-center">
        {event?.canEdit ? (
          <DeleteEventButton event={event} onDeleted={() => onDone(null)} className="sm:mr-auto" />
        ) : null}
        <Button type="button" variant="outline" onClick={onCancel}>
          Cancel
        </Button>
        <Button type="submit" disabled={saving}>
          {saving ? <Spinner className="size-4" /> : null}
          {creating ? 'Create Event' : 'Save Changes'}
        </Button>
      </DialogFooter>
      <RecurringChoiceDialog
        open={pending !== null}
        recommended={
          event && pending
            ? recommendedSeriesChoice(event, formInstants(pending, timeZone), timeZone)
            : 'this_and_following_events'
        }
        onOpenChange={(open) => !open && setPending(null)}
        onChoose={(choice) => {
          const values = pending;
          setPending(null);
          if (values) void submit(values, choice);
        }}
      />
    </Form>
  );
}

type EventFormApi = UseFormReturn<EventFormValues, unknown, EventForm>;

/**
 * Ticket prices for members and everyone else (empty: free), how they are paid and whether
 * cancelling refunds. 'Pay online' is offered only when card payment is set up.
 */
function TicketFields({ form }: { form: EventFormApi }) {
  const options = usePaymentOptions();
  const online = options.data?.online === true;
  const [memberPrice, price, payment, refunds] = useWatch({
    control: form.control,
    name: ['memberPrice', 'price', 'ticketPayment', 'refundOnCancel'],
  });
  const priced = `${memberPrice}${price}`.trim() !== '';
  // An event that was free when the form opened and gets a price is paid by card when card
  // payment is set up, unless the organizer chose otherwise.
  const defaults = form.formState.defaultValues;
  const wasFree = `${defaults?.memberPrice ?? ''}${defaults?.price ?? ''}`.trim() === '';
  const { setValue, getFieldState } = form;
  useEffect(() => {
    if (priced && online && wasFree && !getFieldState('ticketPayment').isDirty) {
      setValue('ticketPayment', 'online');
    }
  }, [priced, online, wasFree, setValue, getFieldState]);
  const priceField = (name: 'memberPrice' | 'price', label: string, description: string) => (
    <InputField
      control={form.control}
      name={name}
      label={label}
      description={description}
      inputMode="decimal"
      autoComplete="off"
      placeholder="Free"
    />
  );
  return (
    <fieldset className="grid gap-4 sm:grid-cols-2 sm:items-start">
      <legend className="mb-2 text-sm font-semibold">Tickets</legend>
      {priceField(
        'memberPrice',
        'Member price ($ per seat)',
        'For signed-in members with an active membership. Empty: free.',
      )}
      {priceField('price', 'Non-member price ($ per seat)', 'For everyone else. Empty: free.')}
      {priced ? (
        <>
          <FormField
            control={form.control}
            name="ticketPayment"
            label="Payment"
            description={
              online
                ? 'Online: card payment when registering, seats held 30 minutes.'
                : 'Card payment is not set up, so tickets are paid at the door.'
            }
            render={({ field, controlProps }) => (
              <Select value={field.value} onValueChange={field.onChange}>
                <SelectTrigger {...controlProps} onBlur={field.onBlur} ref={field.ref}>
                  <SelectValue />
                </SelectTrigger>
                <SelectContent>
                  {online || payment === 'online' ? (
                    <SelectItem value="online" disabled={!online}>
                      Pay online
                    </SelectItem>
                  ) : null}
                  <SelectItem value="door">Pay at the door</SelectItem>
                </SelectContent>
              </Select>
            )}
          />
          <CheckboxField
            control={form.control}
            name="refundOnCancel"
            label="Refund on cancel"
            description="Cancelling before the cut-off refunds a ticket paid online; otherwise staff decide."
          />
          {refunds ? (
            <InputField
              control={form.control}
              name="refundCutoffHours"
              label="Refund cut-off (hours before)"
              description="No refund once the event is this close, 0 to 720."
              inputMode="numeric"
              autoComplete="off"
            />
          ) : null}
        </>
      ) : null}
    </fieldset>
  );
}

/** What the capacity field means here, with the seats taken now when editing. */
function capacityHint(event: CalendarEvent | null): string {
  const rule = 'A party of 3 takes 3 seats. Empty: no limit.';
  if (!event) return rule;
  const taken = `${event.attendeeCount} ${event.attendeeCount === 1 ? 'seat' : 'seats'} taken now${
    event.waitlistCount > 0 ? `, ${event.waitlistCount} waiting` : ''
  }.`;
  const scope = event.isRecurring
    ? ' Saved with “Update only this event”, it is this date’s own.'
    : '';
  return `${rule}${scope} ${taken}`;
}
