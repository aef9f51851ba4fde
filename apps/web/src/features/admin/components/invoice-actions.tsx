import {
  DEFAULT_TIMEZONE,
  dateKeyIn,
  formatMoney,
  type Invoice,
  type Payment,
} from '@chamber/contract';
import { useId, useState } from 'react';
import { Select, SelectTrigger, SelectValue } from '@/components/ui/select';
import { SelectOptions } from '@/components/forms/select-options';
import { Checkbox } from '@/components/ui/checkbox';
import { Label } from '@/components/ui/label';
import { useChamber } from '@/lib/chamber/use-chamber';
import { membershipActions, useMembershipAction, type RecordPayment } from '../api/memberships';
import { amountText, methodLabels, offlineMethods, readAmount } from '../lib/dues';
import { ActionField, ActionInput, DuesActionDialog } from './dues-action-dialog';

type DialogProps = { open: boolean; onOpenChange: (open: boolean) => void };

/** Money received by check, cash or transfer: the invoice's whole amount, with its reference. */
export function RecordPaymentDialog({ invoice, ...props }: DialogProps & { invoice: Invoice }) {
  const id = useId();
  const [method, setMethod] = useState<RecordPayment['method']>('check');
  const [reference, setReference] = useState('');
  // Today where the chamber is: the server refuses a date after its own today there, and the
  // browser's date runs a day ahead of it in the evening west of the staff member's zone.
  const { location } = useChamber();
  const [receivedOn, setReceivedOn] = useState(() =>
    dateKeyIn(new Date(), location?.timezone ?? DEFAULT_TIMEZONE),
  );
  const [referenceError, setReferenceError] = useState<string | null>(null);
  const record = useMembershipAction((body: RecordPayment) =>
    membershipActions.recordPayment(invoice.id, body),
  );
  const total = formatMoney(invoice.totalCents, invoice.currency);
  const needsReference = method === 'check' || method === 'bank_transfer';
  const referenceLabel =
    method === 'check'
      ? 'Check number'
      : method === 'bank_transfer'
        ? 'Transfer reference'
        : 'Reference (optional)';

  async function run() {
    if (needsReference && !reference.trim()) {
      setReferenceError(`Enter the ${referenceLabel.toLowerCase()}`);
      return null;
    }
    setReferenceError(null);
    await record.mutateAsync({
      amountCents: invoice.totalCents,
      method,
      reference: reference.trim(),
      receivedOn,
    });
    return `Payment of ${total} recorded for invoice ${invoice.number}`;
  }

  return (
    <DuesActionDialog
      {...props}
      title={`Record a payment for invoice ${invoice.number}`}
      description={`The invoice's whole amount, ${total}. The term it pays for starts at once and the receipt is mailed.`}
      confirmLabel={`Record ${total}`}
      pendingLabel="Recording..."
      run={run}
    >
      <ActionField id={`${id}-method`} label="Paid by">
        <Select value={method} onValueChange={(v) => setMethod(v as RecordPayment['method'])}>
          <SelectTrigger id={`${id}-method`}>
            <SelectValue />
          </SelectTrigger>
          <SelectOptions
            options={offlineMethods.map((m) => ({ value: m, label: methodLabels[m] }))}
          />
        </Select>
      </ActionField>
      <ActionInput
        id={`${id}-reference`}
        label={referenceLabel}
        error={referenceError}
        value={reference}
        onValueChange={setReference}
        maxLength={200}
        autoComplete="off"
      />
      <ActionInput
        id={`${id}-received`}
        label="Received on"
        value={receivedOn}
        onValueChange={setReceivedOn}
        type="date"
      />
    </DuesActionDialog>
  );
}

/** A reason, required: voiding and reissuing keep it in the audit log. */
function useReason() {
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  const check = () => {
    const ok = reason.trim() !== '';
    setError(ok ? null : 'Enter the reason; it is kept in the audit log');
    return ok;
  };
  return { reason: reason.trim(), setReason, value: reason, error, check };
}

function ReasonField({ id, reason }: { id: string; reason: ReturnType<typeof useReason> }) {
  return (
    <ActionInput
      id={id}
      label="Reason"
      error={reason.error}
      value={reason.value}
      onValueChange={reason.setReason}
      maxLength={500}
      autoComplete="off"
    />
  );
}

export function VoidInvoiceDialog({ invoice, ...props }: DialogProps & { invoice: Invoice }) {
  const id = useId();
  const reason = useReason();
  const voidIt = useMembershipAction((body: { reason: string }) =>
    membershipActions.voidInvoice(invoice.id, body),
  );
  return (
    <DuesActionDialog
      {...props}
      title={`Void invoice ${invoice.number}?`}
      description="It keeps its number and can no longer be paid. This cannot be undone."
      confirmLabel="Void invoice"
      pendingLabel="Voiding..."
      destructive
      run={async () => {
        if (!reason.check()) return null;
        await voidIt.mutateAsync({ reason: reason.reason });
        return `Invoice ${invoice.number} voided`;
      }}
    >
      <ReasonField id={id} reason={reason} />
    </DuesActionDialog>
  );
}

export function ReissueInvoiceDialog({ invoice, ...props }: DialogProps & { invoice: Invoice }) {
  const id = useId();
  const reason = useReason();
  const [dueOn, setDueOn] = useState(invoice.dueOn);
  const reissue = useMembershipAction((body: { reason: string; dueOn?: string }) =>
    membershipActions.reissue(invoice.id, body),
  );
  return (
    <DuesActionDialog
      {...props}
      title={`Reissue invoice ${invoice.number}?`}
      description="It is voided and a new invoice with the next number replaces it, with the same lines and the member's details as they are now. The new one is mailed."
      confirmLabel="Void and reissue"
      pendingLabel="Reissuing..."
      run={async () => {
        if (!reason.check()) return null;
        const { invoice: next } = await reissue.mutateAsync({
          reason: reason.reason,
          ...(dueOn ? { dueOn } : {}),
        });
        return `Invoice ${invoice.number} voided; invoice ${next.number} issued`;
      }}
    >
      <ReasonField id={id} reason={reason} />
      <ActionInput
        id={`${id}-due`}
        label="Due on"
        value={dueOn}
        onValueChange={setDueOn}
        type="date"
      />
    </DuesActionDialog>
  );
}

/**
 * Money given back, never more than is left of the payment. A card payment can go back to the
 * card through Stripe when it is set up; otherwise staff record a refund they made.
 */
export function RefundDialog({
  invoice,
  payment,
  leftCents,
  online,
  ...props
}: DialogProps & { invoice: Invoice; payment: Payment; leftCents: number; online: boolean }) {
  const id = useId();
  const reason = useReason();
  const [amount, setAmount] = useState(amountText(leftCents));
  const [amountError, setAmountError] = useState<string | null>(null);
  const toCard = online && payment.method === 'card';
  const [throughStripe, setThroughStripe] = useState(toCard);
  const [reference, setReference] = useState('');
  const refund = useMembershipAction((body: Parameters<typeof membershipActions.refund>[1]) =>
    membershipActions.refund(payment.id, body),
  );
  const left = formatMoney(leftCents, payment.currency);

  async function run() {
    const read = readAmount(amount, leftCents, payment.currency);
    setAmountError('error' in read ? read.error : null);
    const reasonOk = reason.check();
    if ('error' in read || !reasonOk) return null;
    const { creditNote } = await refund.mutateAsync({
      amountCents: read.cents,
      reason: reason.reason,
      online: toCard && throughStripe,
      reference: reference.trim(),
    });
    return `Refunded ${formatMoney(read.cents, payment.currency)}; credit note ${creditNote.number} issued`;
  }

  return (
    <DuesActionDialog
      {...props}
      title={`Refund a payment of invoice ${invoice.number}`}
      description={`${methodLabels[payment.method]} payment of ${formatMoney(payment.amountCents, payment.currency)}; ${left} is left to refund. A credit note is issued for the amount.`}
      confirmLabel="Refund"
      pendingLabel="Refunding..."
      destructive
      run={run}
    >
      <ActionInput
        id={`${id}-amount`}
        label={`Amount (${payment.currency})`}
        error={amountError}
        value={amount}
        onValueChange={setAmount}
        inputMode="decimal"
        autoComplete="off"
      />
      <ReasonField id={`${id}-reason`} reason={reason} />
      {toCard ? (
        <div className="flex items-start gap-2">
          <Checkbox
            id={`${id}-online`}
            checked={throughStripe}
            onCheckedChange={(checked) => setThroughStripe(checked === true)}
            className="mt-0.5"
          />
          <Label htmlFor={`${id}-online`} className="font-normal">
            Send the money back to the card through Stripe (unticked: record a refund made another
            way)
          </Label>
        </div>
      ) : null}
      {toCard && throughStripe ? null : (
        <ActionInput
          id={`${id}-reference`}
          label="Reference (optional)"
          value={reference}
          onValueChange={setReference}
          maxLength={200}
          autoComplete="off"
        />
      )}
    </DuesActionDialog>
  );
}

/** An invoice for anything but dues (dues invoices come from joining, renewing, upgrading). */
export function IssueInvoiceDialog({
  contactId,
  currency,
  ...props
}: DialogProps & { contactId: string; currency: string }) {
  const id = useId();
  const [description, setDescription] = useState('');
  const [amount, setAmount] = useState('');
  const [errors, setErrors] = useState<{ description?: string; amount?: string }>({});
  const issue = useMembershipAction(membershipActions.issue);

  async function run() {
    const read = readAmount(amount, 10_000_000_000, currency);
    const next = {
      description: description.trim() ? undefined : 'Enter what the invoice is for',
      amount: 'error' in read ? read.error : undefined,
    };
    setErrors(next);
    if ('error' in read || next.description) return null;
    const invoice = await issue.mutateAsync({
      contactId,
      lines: [{ description: description.trim(), quantity: 1, unitCents: read.cents }],
    });
    return `Invoice ${invoice.number} issued for ${formatMoney(invoice.totalCents, invoice.currency)}`;
  }

  return (
    <DuesActionDialog
      {...props}
      title="Issue an invoice"
      description="For anything but dues, which come from joining, renewing and upgrading. It takes the next number and is mailed with its PDF."
      confirmLabel="Issue invoice"
      pendingLabel="Issuing..."
      run={run}
    >
      <ActionInput
        id={`${id}-what`}
        label="For"
        error={errors.description}
        value={description}
        onValueChange={setDescription}
        maxLength={300}
        autoComplete="off"
      />
      <ActionInput
        id={`${id}-amount`}
        label={`Amount (${currency})`}
        error={errors.amount}
        value={amount}
        onValueChange={setAmount}
        inputMode="decimal"
        autoComplete="off"
      />
    </DuesActionDialog>
  );
}
