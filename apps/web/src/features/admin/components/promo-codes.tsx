import type { PromoCode, PromoCodeValues } from '@chamber/contract';
import { endpoints } from '@chamber/contract/endpoints';
import { useQuery } from '@tanstack/react-query';
import { CircleStopIcon, PencilIcon, PlusIcon, Trash2Icon } from 'lucide-react';
import { useId, useState } from 'react';
import { toast } from 'sonner';
import {
  DialogFormFooter,
  HintedInput,
  messageOf,
  useCheckedForm,
  useReturnFocus,
} from '@/components/forms/staff-dialog-form';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Checkbox } from '@/components/ui/checkbox';
import { ConfirmDeleteDialog } from '@/components/ui/confirm-delete-dialog';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import { Label } from '@/components/ui/label';
import { NativeSelect } from '@/components/ui/native-select';
import { api } from '@/lib/api/client';
import { useEventChoices } from '../api/event-choices';
import { promoCodesQueryOptions, usePromoCodeChanges } from '../api/promo-codes';
import {
  discountText,
  promoCodeFormValues,
  promoCodeInputOf,
  type PromoCodeFormValues,
  promoStatusLabels,
  scopeText,
  usesText,
  windowText,
} from '../lib/promo-code-form';
import { TabError, TabLoading } from './tab-states';

const statusVariant = (status: PromoCode['status']) =>
  status === 'active' ? 'default' : status === 'scheduled' ? 'outline' : 'secondary';

/**
 * Promo codes (the admin dashboard's tab, and staff's page /admin/promo-codes, where its
 * heading is the page's, `level` 1): every code with its discount, its event (and ticket types), uses and
 * limit, window, members only and status. Staff add and change codes in a dialog, end a code
 * (refused from then on, its uses kept) and delete one never used. The server has the last
 * word: a refusal (a code taken, a limit below its uses) shows its message in the dialog.
 */
export function PromoCodes({ level = 2 }: { level?: 1 | 2 }) {
  const query = useQuery(promoCodesQueryOptions());
  const { save, end, remove } = usePromoCodeChanges();
  const [editing, setEditing] = useState<PromoCode | 'new' | null>(null);
  const [deleting, setDeleting] = useState<PromoCode | null>(null);
  const { addButton, openedBy, backToAdd, returnFocus } = useReturnFocus();
  const headingId = useId();

  if (query.error) {
    return <TabError message={query.error.message} onRetry={() => void query.refetch()} />;
  }
  if (!query.data) {
    return <TabLoading label="Loading the promo codes" count={3} className="h-24" />;
  }
  const { codes, currency, timezone } = query.data;
  const Heading = level === 1 ? 'h1' : 'h2';

  return (
    <section aria-labelledby={headingId} className="grid max-w-5xl gap-4">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div className="grid gap-1">
          <Heading
            id={headingId}
            className={
              level === 1
                ? 'text-3xl font-bold tracking-tight sm:text-4xl'
                : 'text-xl font-semibold'
            }
          >
            Promo codes
          </Heading>
          <p className="text-sm text-muted-foreground">
            Codes buyers type in an event’s order form: a percentage off each ticket or an amount
            off the order. Dates are on the chamber’s clock ({timezone}).
          </p>
        </div>
        <Button
          ref={addButton}
          type="button"
          onClick={(e) => {
            openedBy(e.currentTarget);
            save.reset();
            setEditing('new');
          }}
        >
          <PlusIcon aria-hidden="true" />
          Add promo code
        </Button>
      </div>
      {codes.length === 0 ? (
        <p className="rounded-xl border p-6 text-muted-foreground">
          No promo codes yet. Add one for the Annual Dinner’s sponsors, say.
        </p>
      ) : (
        <ul className="grid gap-3" aria-label="Promo codes">
          {codes.map((code) => (
            <li
              key={code.id}
              className="grid gap-3 rounded-xl border bg-card p-4 md:grid-cols-[1fr_auto] md:items-center"
            >
              <div className="grid min-w-0 gap-1">
                <p className="flex flex-wrap items-center gap-2">
                  <span className="font-mono font-semibold break-all">{code.code}</span>
                  <Badge variant={statusVariant(code.status)}>
                    {promoStatusLabels[code.status]}
                  </Badge>
                  {code.membersOnly ? <Badge variant="outline">Members only</Badge> : null}
                </p>
                {code.description ? <p className="text-sm">{code.description}</p> : null}
                <dl className="grid gap-x-4 gap-y-0.5 text-sm text-muted-foreground sm:grid-cols-[auto_1fr]">
                  <dt className="font-medium text-foreground">Discount</dt>
                  <dd>{discountText(code, currency)}</dd>
                  <dt className="font-medium text-foreground">For</dt>
                  <dd>{scopeText(code)}</dd>
                  <dt className="font-medium text-foreground">Uses</dt>
                  <dd>{usesText(code)}</dd>
                  <dt className="font-medium text-foreground">Valid</dt>
                  <dd>{windowText(code, timezone)}</dd>
                </dl>
              </div>
              <div className="flex flex-wrap gap-2">
                <Button
                  type="button"
                  size="sm"
                  variant="outline"
                  onClick={(e) => {
                    openedBy(e.currentTarget);
                    save.reset();
                    setEditing(code);
                  }}
                >
                  <PencilIcon aria-hidden="true" />
                  Edit<span className="sr-only"> {code.code}</span>
                </Button>
                {code.status !== 'ended' ? (
                  <Button
                    type="button"
                    size="sm"
                    variant="outline"
                    disabled={end.isPending}
                    onClick={() =>
                      end.mutate(code.id, {
                        onSuccess: (ended) => toast.success(`${ended.code} ended`),
                        onError: (error) => toast.error(messageOf(error, 'Failed to end')),
                      })
                    }
                  >
                    <CircleStopIcon aria-hidden="true" />
                    End<span className="sr-only"> {code.code}</span>
                  </Button>
                ) : null}
                {code.uses === 0 ? (
                  <Button
                    type="button"
                    size="sm"
                    variant="outline"
                    onClick={(e) => {
                      openedBy(e.currentTarget);
                      remove.reset();
                      setDeleting(code);
                    }}
                  >
                    <Trash2Icon aria-hidden="true" />
                    Delete<span className="sr-only"> {code.code}</span>
                  </Button>
                ) : null}
              </div>
            </li>
          ))}
        </ul>
      )}
      <Dialog open={editing !== null} onOpenChange={(open) => !open && setEditing(null)}>
        <DialogContent className="max-h-[90dvh] overflow-y-auto" onCloseAutoFocus={returnFocus}>
          <DialogHeader>
            <DialogTitle>{editing === 'new' ? 'Add promo code' : 'Edit promo code'}</DialogTitle>
            <DialogDescription>
              Dates are on the chamber’s clock; leave one empty for no start or no end.
            </DialogDescription>
          </DialogHeader>
          {editing !== null ? (
            <PromoCodeForm
              key={editing === 'new' ? 'new' : editing.id}
              initial={promoCodeFormValues(editing === 'new' ? null : editing, timezone)}
              current={editing === 'new' ? null : editing}
              timeZone={timezone}
              currency={currency}
              pending={save.isPending}
              serverError={save.isError ? messageOf(save.error, 'Failed to save') : null}
              submitLabel={editing === 'new' ? 'Add promo code' : 'Save promo code'}
              onCancel={() => setEditing(null)}
              onSubmit={(input) =>
                save.mutate(
                  { id: editing === 'new' ? null : editing.id, input },
                  {
                    onSuccess: (saved) => {
                      toast.success(`${saved.code} saved`);
                      setEditing(null);
                    },
                  },
                )
              }
            />
          ) : null}
        </DialogContent>
      </Dialog>
      <ConfirmDeleteDialog
        open={deleting !== null}
        noun="promo code"
        description={deleting ? `${deleting.code} was never used; it will be gone for good.` : ''}
        pending={remove.isPending}
        error={remove.isError ? messageOf(remove.error, 'Failed to delete') : null}
        onConfirm={() =>
          deleting &&
          remove.mutate(deleting.id, {
            onSuccess: () => {
              backToAdd();
              setDeleting(null);
            },
          })
        }
        onOpenChange={(open) => !open && setDeleting(null)}
        onCloseAutoFocus={returnFocus}
      />
    </section>
  );
}

function PromoCodeForm({
  initial,
  current,
  timeZone,
  currency,
  pending,
  serverError,
  submitLabel,
  onSubmit,
  onCancel,
}: {
  initial: PromoCodeFormValues;
  current: PromoCode | null;
  timeZone: string;
  currency: string;
  pending: boolean;
  serverError: string | null;
  submitLabel: string;
  onSubmit: (input: PromoCodeValues) => void;
  onCancel: () => void;
}) {
  const id = useId();
  const { values, setValues, error, submit } = useCheckedForm(
    initial,
    (v: PromoCodeFormValues) => promoCodeInputOf(v, timeZone),
    onSubmit,
  );
  const events = useEventChoices();
  const types = useQuery({
    queryKey: ['promo-codes', 'ticket-types', values.eventId],
    queryFn: ({ signal }) =>
      api.call(endpoints.tickets.ticketTypes, {
        params: { id: values.eventId },
        signal,
        errorMessage: 'Failed to load the ticket types',
      }),
    enabled: values.eventId !== '',
  });
  const set =
    (name: Exclude<keyof PromoCodeFormValues, 'ticketTypeIds' | 'membersOnly'>) =>
    (e: { target: { value: string } }) =>
      setValues((v) => ({ ...v, [name]: e.target.value }));

  const field = (
    name:
      | 'code'
      | 'description'
      | 'percentOff'
      | 'amountOff'
      | 'usageLimit'
      | 'validFrom'
      | 'validUntil',
    label: string,
    props: {
      hint?: string;
      inputMode?: 'numeric' | 'decimal';
      type?: string;
      maxLength?: number;
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

  // The code's own event stays a choice even when it is outside the calendar's window.
  const choices = (events.data ?? []).filter((c) => !c.series);
  const eventOptions =
    current?.eventId && !choices.some((c) => c.id === current.eventId)
      ? [{ id: current.eventId, label: current.eventTitle ?? 'Its event' }, ...choices]
      : choices;
  return (
    <form onSubmit={submit} className="grid gap-4" aria-label={submitLabel} noValidate>
      {field('code', 'Code*', {
        hint: '3 to 40 letters, digits, dashes or underscores; buyers may type it in any case.',
        maxLength: 40,
      })}
      {field('description', 'Description', { hint: 'For staff: whom it is for.', maxLength: 200 })}
      <div className="grid gap-4 sm:grid-cols-2">
        <div className="grid gap-1.5">
          <Label htmlFor={`${id}-kind`}>Discount</Label>
          <NativeSelect id={`${id}-kind`} value={values.kind} onChange={set('kind')}>
            <option value="percent">Percent off each ticket</option>
            <option value="amount">Amount off the order</option>
          </NativeSelect>
        </div>
        {values.kind === 'percent'
          ? field('percentOff', 'Percent off*', { inputMode: 'numeric', hint: '1 to 100.' })
          : field('amountOff', `Amount off (${currency})*`, {
              inputMode: 'decimal',
              hint: 'Like 25 or 25.50.',
            })}
        <div className="grid gap-1.5 sm:col-span-2">
          <Label htmlFor={`${id}-event`}>Event</Label>
          <NativeSelect
            id={`${id}-event`}
            value={values.eventId}
            onChange={(e) =>
              setValues((v) => ({ ...v, eventId: e.target.value, ticketTypeIds: [] }))
            }
          >
            <option value="">Every event</option>
            {eventOptions.map((c) => (
              <option key={c.id} value={c.id}>
                {c.label}
              </option>
            ))}
          </NativeSelect>
        </div>
        {values.eventId !== '' && types.data && types.data.types.length > 0 ? (
          <fieldset className="grid gap-2 sm:col-span-2">
            <legend className="mb-1 text-sm font-medium">
              Ticket types (none ticked: every type)
            </legend>
            {types.data.types.map((t) => (
              <div key={t.id} className="flex items-center gap-2">
                <Checkbox
                  id={`${id}-type-${t.id}`}
                  checked={values.ticketTypeIds.includes(t.id)}
                  onCheckedChange={(checked) =>
                    setValues((v) => ({
                      ...v,
                      ticketTypeIds:
                        checked === true
                          ? [...v.ticketTypeIds, t.id]
                          : v.ticketTypeIds.filter((x) => x !== t.id),
                    }))
                  }
                />
                <Label htmlFor={`${id}-type-${t.id}`} className="font-normal">
                  {t.name}
                </Label>
              </div>
            ))}
          </fieldset>
        ) : null}
        {field('usageLimit', 'Usage limit', {
          inputMode: 'numeric',
          hint: 'How many orders may use it; empty: no limit.',
        })}
        <div className="flex items-center gap-2 self-center">
          <Checkbox
            id={`${id}-members`}
            checked={values.membersOnly}
            onCheckedChange={(checked) =>
              setValues((v) => ({ ...v, membersOnly: checked === true }))
            }
          />
          <Label htmlFor={`${id}-members`} className="font-normal">
            Members only
          </Label>
        </div>
        {field('validFrom', 'Valid from', { type: 'datetime-local', hint: 'Empty: now.' })}
        {field('validUntil', 'Valid until', { type: 'datetime-local', hint: 'Empty: no end.' })}
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
