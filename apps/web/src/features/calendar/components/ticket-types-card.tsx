import {
  isStaffRole,
  type Appointment,
  type TicketType,
  type TicketTypeInput,
} from '@chamber/contract';
import { PencilIcon, PlusIcon, TicketIcon, Trash2Icon } from 'lucide-react';
import { useId, useState } from 'react';
import {
  DialogFormFooter,
  HintedInput,
  messageOf,
  useCheckedForm,
  useReturnFocus,
} from '@/components/forms/staff-dialog-form';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader } from '@/components/ui/card';
import { ConfirmDeleteDialog } from '@/components/ui/confirm-delete-dialog';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import { useAuth } from '@/lib/auth/use-auth';
import { useSaveTicketType, useTicketTypes } from '../api/ticket-types';
import { priceLabel } from '../lib/ticket-text';
import {
  ticketTypeFormValues,
  ticketTypeInputOf,
  type TicketTypeFormValues,
} from '../lib/ticket-type-form';

/** '8 seats a ticket' for a table; nothing for a single seat. */
const seatsText = (type: TicketType) =>
  type.seatsPerTicket > 1 ? `${type.seatsPerTicket} seats a ticket` : null;

function leftText(type: TicketType): string | null {
  if (!type.onSale) return type.closedMessage;
  if (type.ticketsLeft === null) return null;
  return `${type.ticketsLeft} left`;
}

/**
 * The event's ticket types on its page: each with its price for the viewer, what is left and
 * whether it is on sale. Staff add, change and delete them here (single events only; a type
 * with sales refuses deletion and a quantity below what is sold, saying why).
 */
export function TicketTypesCard({ event }: { event: Appointment }) {
  const { user, role } = useAuth();
  const staff = role !== null && isStaffRole(role);
  const single = !event.isRecurring;
  const query = useTicketTypes(event.id, user?.id ?? null, single);
  const { save, remove } = useSaveTicketType(event.id);
  const [editing, setEditing] = useState<TicketType | 'new' | null>(null);
  const [deleting, setDeleting] = useState<TicketType | null>(null);
  // Focus goes back to the button that opened a dialog, or to 'Add ticket type'.
  const { addButton, openedBy, backToAdd, returnFocus } = useReturnFocus();

  if (!single || !query.data) return null;
  const { types, currency } = query.data;
  if (types.length === 0 && !staff) return null;

  return (
    <Card className="gap-4" role="region" aria-labelledby="ticket-types-heading">
      <CardHeader className="flex flex-row flex-wrap items-center justify-between gap-3">
        <h2 id="ticket-types-heading" className="text-xl leading-tight font-semibold">
          Tickets
        </h2>
        {staff ? (
          <Button
            ref={addButton}
            type="button"
            size="sm"
            onClick={(e) => {
              openedBy(e.currentTarget);
              save.reset();
              setEditing('new');
            }}
          >
            <PlusIcon aria-hidden="true" />
            Add ticket type
          </Button>
        ) : null}
      </CardHeader>
      <CardContent>
        {types.length === 0 ? (
          <p className="text-muted-foreground">
            No ticket types: this event sells with its own price. Add a type to sell it by the
            table, the foursome or the booth.
          </p>
        ) : (
          <ul className="grid gap-3" aria-label="Ticket types">
            {types.map((type) => (
              <li
                key={type.id}
                className="grid gap-2 rounded-lg border p-3 sm:grid-cols-[1fr_auto] sm:items-center"
              >
                <div className="grid min-w-0 gap-1">
                  <p className="flex flex-wrap items-center gap-2 font-medium">
                    <TicketIcon className="size-4 text-primary" aria-hidden="true" />
                    <span>{type.name}</span>
                    {type.onSale ? null : <Badge variant="secondary">Not on sale</Badge>}
                  </p>
                  <p className="text-sm text-muted-foreground">
                    {[
                      `${priceLabel(type.viewerPriceCents, currency)}${
                        query.data.viewerIsMember ? ' (member price)' : ''
                      }`,
                      seatsText(type),
                      leftText(type),
                    ]
                      .filter(Boolean)
                      .join(' · ')}
                  </p>
                  {staff ? (
                    <p className="text-sm text-muted-foreground">
                      Members {priceLabel(type.memberPriceCents ?? type.priceCents, currency)},
                      visitors {priceLabel(type.priceCents ?? type.memberPriceCents, currency)};{' '}
                      {type.sold} sold
                      {type.quantity === null ? '' : ` of ${type.quantity}`}; up to{' '}
                      {type.perOrderLimit} an order
                    </p>
                  ) : null}
                </div>
                {staff ? (
                  <div className="flex gap-2">
                    <Button
                      type="button"
                      size="sm"
                      variant="outline"
                      onClick={(e) => {
                        openedBy(e.currentTarget);
                        save.reset();
                        setEditing(type);
                      }}
                    >
                      <PencilIcon aria-hidden="true" />
                      Edit<span className="sr-only"> {type.name}</span>
                    </Button>
                    <Button
                      type="button"
                      size="sm"
                      variant="outline"
                      onClick={(e) => {
                        openedBy(e.currentTarget);
                        remove.reset();
                        setDeleting(type);
                      }}
                    >
                      <Trash2Icon aria-hidden="true" />
                      Delete<span className="sr-only"> {type.name}</span>
                    </Button>
                  </div>
                ) : null}
              </li>
            ))}
          </ul>
        )}
      </CardContent>
      {staff ? (
        <>
          <Dialog open={editing !== null} onOpenChange={(open) => !open && setEditing(null)}>
            <DialogContent className="max-h-[90dvh] overflow-y-auto" onCloseAutoFocus={returnFocus}>
              <DialogHeader>
                <DialogTitle>
                  {editing === 'new' ? 'Add ticket type' : 'Edit ticket type'}
                </DialogTitle>
                <DialogDescription>
                  Prices in dollars; empty is free. Sale dates are on the chamber’s clock.
                </DialogDescription>
              </DialogHeader>
              {editing !== null ? (
                <TicketTypeForm
                  key={editing === 'new' ? 'new' : editing.id}
                  initial={ticketTypeFormValues(
                    editing === 'new' ? null : editing,
                    event.timezone,
                    types.length,
                  )}
                  timeZone={event.timezone}
                  pending={save.isPending}
                  serverError={save.isError ? messageOf(save.error, 'Failed to save') : null}
                  submitLabel={editing === 'new' ? 'Add ticket type' : 'Save ticket type'}
                  onCancel={() => setEditing(null)}
                  onSubmit={(input) =>
                    save.mutate(
                      { typeId: editing === 'new' ? null : editing.id, input },
                      { onSuccess: () => setEditing(null) },
                    )
                  }
                />
              ) : null}
            </DialogContent>
          </Dialog>
          <ConfirmDeleteDialog
            open={deleting !== null}
            noun="ticket type"
            description={
              deleting ? `“${deleting.name}” will no longer be sold for this event.` : ''
            }
            pending={remove.isPending}
            error={remove.isError ? messageOf(remove.error, 'Failed to delete') : null}
            onConfirm={() =>
              deleting &&
              remove.mutate(deleting.id, {
                onSuccess: () => {
                  // Its row and buttons go: focus returns to 'Add ticket type'.
                  backToAdd();
                  setDeleting(null);
                },
              })
            }
            onOpenChange={(open) => !open && setDeleting(null)}
            onCloseAutoFocus={returnFocus}
          />
        </>
      ) : null}
    </Card>
  );
}

function TicketTypeForm({
  initial,
  timeZone,
  pending,
  serverError,
  submitLabel,
  onSubmit,
  onCancel,
}: {
  initial: TicketTypeFormValues;
  timeZone: string;
  pending: boolean;
  serverError: string | null;
  submitLabel: string;
  onSubmit: (input: TicketTypeInput) => void;
  onCancel: () => void;
}) {
  const id = useId();
  const { values, setValues, error, submit } = useCheckedForm(
    initial,
    (v: TicketTypeFormValues) => ticketTypeInputOf(v, timeZone),
    onSubmit,
  );
  const field = (
    name: keyof TicketTypeFormValues,
    label: string,
    props: {
      hint?: string;
      inputMode?: 'numeric' | 'decimal';
      type?: string;
      required?: boolean;
    } = {},
  ) => (
    <HintedInput
      id={`${id}-${name}`}
      label={label}
      value={values[name]}
      onChange={(value) => setValues((v) => ({ ...v, [name]: value }))}
      {...props}
    />
  );

  return (
    <form onSubmit={submit} className="grid gap-4" aria-label={submitLabel} noValidate>
      {field('name', 'Name*', { hint: 'Table of 8, Single seat, Foursome…', required: true })}
      <div className="grid gap-4 sm:grid-cols-2">
        {field('memberPrice', 'Member price ($)', {
          inputMode: 'decimal',
          hint: 'Empty: the visitor price.',
        })}
        {field('price', 'Visitor price ($)', {
          inputMode: 'decimal',
          hint: 'Empty: the member price.',
        })}
        {field('seatsPerTicket', 'Seats per ticket', {
          inputMode: 'numeric',
          hint: '8 for a table of 8.',
        })}
        {field('quantity', 'Quantity', {
          inputMode: 'numeric',
          hint: 'Empty: only the capacity limits it.',
        })}
        {field('perOrderLimit', 'Per-order limit', { inputMode: 'numeric' })}
        {field('sortOrder', 'Sort order', { inputMode: 'numeric', hint: 'Lower first.' })}
        {field('salesOpenAt', 'Sales open', { type: 'datetime-local', hint: 'Empty: now.' })}
        {field('salesCloseAt', 'Sales close', {
          type: 'datetime-local',
          hint: 'Empty: at the start.',
        })}
      </div>
      <DialogFormFooter
        error={error ?? serverError}
        pending={pending}
        submitLabel={submitLabel}
        onCancel={onCancel}
      />
    </form>
  );
}
