import { PlusIcon, Trash2Icon, XIcon } from 'lucide-react';
import { useId } from 'react';
import { type Control, useController, useWatch } from 'react-hook-form';
import { Button } from '@/components/ui/button';
import { FormField, InputField } from '@/components/ui/form';
import { Label } from '@/components/ui/label';
import { NativeSelect } from '@/components/ui/native-select';
import { useEventChoices } from '../api/event-choices';
import { newTicketBenefitRow, type PlanFormValues, type TicketBenefitRow } from '../lib/plan-form';
import type { UpdateMembershipPlan } from '@chamber/contract';

type PlanControl = Control<PlanFormValues, unknown, UpdateMembershipPlan>;

/** The contract's limit of ticket benefits a plan. */
const MAX_TICKET_BENEFITS = 10;

/**
 * The plan's benefits that are tickets or prices (its `ticketBenefits`): each one free tickets
 * or tickets at a price, so many a month or a year, for one event or the events whose title
 * holds a word (minus some), maybe only the ticket types whose name holds a word. They apply
 * by themselves to the orders of the plan's members.
 */
export function TicketBenefitsFields({
  control,
  planName,
  currency,
}: {
  control: PlanControl;
  planName: string;
  currency: string;
}) {
  // The list as one controlled value (react-hook-form's field arrays would add to the form
  // chunk every page with a form loads); each row is keyed by its benefit's id.
  const { field: list } = useController({ control, name: 'ticketBenefits' });
  const fields = list.value;
  const append = (row: TicketBenefitRow) => list.onChange([...fields, row]);
  const remove = (index: number) => list.onChange(fields.filter((_, i) => i !== index));
  const headingId = useId();
  return (
    <fieldset className="grid gap-3 sm:col-span-2" aria-labelledby={headingId}>
      <div className="grid gap-1">
        <h4 id={headingId} className="text-base font-semibold">
          Ticket benefits
        </h4>
        <p className="text-sm text-muted-foreground">
          Free tickets or tickets at a set price that apply by themselves to the orders of
          {` ${planName}`} members, so many a month or a year.
        </p>
      </div>
      {fields.length === 0 ? (
        <p className="text-sm text-muted-foreground">No ticket benefits.</p>
      ) : (
        <ul className="grid gap-3" aria-label={`Ticket benefits of ${planName}`}>
          {fields.map((field, index) => (
            <li key={field.id} className="rounded-lg border p-3">
              <TicketBenefitRowFields
                control={control}
                index={index}
                currency={currency}
                onRemove={() => remove(index)}
              />
            </li>
          ))}
        </ul>
      )}
      {fields.length < MAX_TICKET_BENEFITS ? (
        <Button
          type="button"
          variant="outline"
          size="sm"
          className="justify-self-start"
          onClick={() => append(newTicketBenefitRow())}
        >
          <PlusIcon aria-hidden="true" />
          Add a ticket benefit<span className="sr-only"> to {planName}</span>
        </Button>
      ) : null}
    </fieldset>
  );
}

function TicketBenefitRowFields({
  control,
  index,
  currency,
  onRemove,
}: {
  control: PlanControl;
  index: number;
  currency: string;
  onRemove: () => void;
}) {
  const row = useWatch({ control, name: `ticketBenefits.${index}` });
  const events = useEventChoices();
  const choices = events.data ?? [];
  const excluded = useController({ control, name: `ticketBenefits.${index}.excludedEventIds` });
  const excludedIds = excluded.field.value;
  const name = row.label.trim() || `benefit ${index + 1}`;
  const labelOf = (id: string) => choices.find((c) => c.id === id)?.label ?? 'An event';
  const excludeId = useId();

  return (
    <div className="grid gap-3 sm:grid-cols-2">
      <InputField
        control={control}
        name={`ticketBenefits.${index}.label`}
        label="What members read*"
        description="As the order total and the account page name it, e.g. One free luncheon ticket per month."
        fieldClassName="sm:col-span-2"
        maxLength={200}
        autoComplete="off"
      />
      <FormField
        control={control}
        name={`ticketBenefits.${index}.kind`}
        label="Benefit"
        render={({ field, controlProps }) => (
          <NativeSelect {...field} {...controlProps}>
            <option value="free_ticket">Free tickets</option>
            <option value="fixed_price">Tickets at a set price</option>
          </NativeSelect>
        )}
      />
      {row.kind === 'fixed_price' ? (
        <InputField
          control={control}
          name={`ticketBenefits.${index}.price`}
          label={`Price of a ticket (${currency})*`}
          inputMode="decimal"
          autoComplete="off"
        />
      ) : (
        <div aria-hidden="true" className="hidden sm:block" />
      )}
      <InputField
        control={control}
        name={`ticketBenefits.${index}.count`}
        label="How many tickets"
        inputMode="numeric"
        autoComplete="off"
      />
      <FormField
        control={control}
        name={`ticketBenefits.${index}.period`}
        label="Each"
        render={({ field, controlProps }) => (
          <NativeSelect {...field} {...controlProps}>
            <option value="month">Month</option>
            <option value="year">Year</option>
          </NativeSelect>
        )}
      />
      <FormField
        control={control}
        name={`ticketBenefits.${index}.eventId`}
        label="For the event"
        description="Or leave it at the events by a word of their title."
        render={({ field, controlProps }) => (
          <NativeSelect {...field} {...controlProps}>
            <option value="">Events by a word of their title</option>
            {row.eventId && !choices.some((c) => c.id === row.eventId) ? (
              <option value={row.eventId}>The chosen event</option>
            ) : null}
            {choices.map((c) => (
              <option key={c.id} value={c.id}>
                {c.label}
              </option>
            ))}
          </NativeSelect>
        )}
      />
      {row.eventId === '' ? (
        <InputField
          control={control}
          name={`ticketBenefits.${index}.eventTag`}
          label="Events whose title holds"
          description="Any case, e.g. luncheon. Empty: every event."
          maxLength={60}
          autoComplete="off"
        />
      ) : (
        <div aria-hidden="true" className="hidden sm:block" />
      )}
      {row.eventId === '' ? (
        <div className="grid gap-2 sm:col-span-2">
          <Label htmlFor={excludeId}>Leave out an event</Label>
          <NativeSelect
            id={excludeId}
            value=""
            onChange={(e) => {
              if (e.target.value && !excludedIds.includes(e.target.value)) {
                excluded.field.onChange([...excludedIds, e.target.value]);
              }
            }}
          >
            <option value="">Choose an event to leave out</option>
            {choices
              .filter((c) => !excludedIds.includes(c.id))
              .map((c) => (
                <option key={c.id} value={c.id}>
                  {c.label}
                </option>
              ))}
          </NativeSelect>
          {excludedIds.length > 0 ? (
            <ul className="flex flex-wrap gap-2" aria-label={`Events left out of ${name}`}>
              {excludedIds.map((id) => (
                <li
                  key={id}
                  className="flex items-center gap-1 rounded-full border py-0.5 pr-1 pl-3 text-sm"
                >
                  {labelOf(id)}
                  <Button
                    type="button"
                    variant="ghost"
                    size="icon"
                    className="size-7"
                    aria-label={`Stop leaving out ${labelOf(id)}`}
                    onClick={() => excluded.field.onChange(excludedIds.filter((x) => x !== id))}
                  >
                    <XIcon aria-hidden="true" />
                  </Button>
                </li>
              ))}
            </ul>
          ) : null}
        </div>
      ) : null}
      <InputField
        control={control}
        name={`ticketBenefits.${index}.ticketTypeName`}
        label="Only ticket types whose name holds"
        description="Any case, e.g. booth. Empty: every type."
        maxLength={80}
        autoComplete="off"
      />
      <InputField
        control={control}
        name={`ticketBenefits.${index}.until`}
        label="Last day it applies"
        description="Empty: no end."
        type="date"
      />
      <Button
        type="button"
        variant="ghost"
        size="sm"
        className="justify-self-start sm:col-span-2"
        onClick={onRemove}
      >
        <Trash2Icon aria-hidden="true" />
        Remove {name}
      </Button>
    </div>
  );
}
