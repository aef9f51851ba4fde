import {
  cardLabel,
  formatMoney,
  type Invoice,
  type Membership,
  type MembershipDetail,
  type Payment,
} from '@chamber/contract';
import { useQuery } from '@tanstack/react-query';
import { useRef, useState, type ReactNode } from 'react';
import { BenefitsUsed } from '@/components/members/benefits-used';
import { DownloadButton } from '@/components/files/download-button';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import { Skeleton } from '@/components/ui/skeleton';
import { formatMemberSince } from '@/lib/members/labels';
import {
  duesSettingsQueryOptions,
  paymentOptionsQueryOptions,
  useContactInvoices,
  useMembershipDetail,
} from '../api/memberships';
import {
  eventLabels,
  invoiceActions,
  memberName,
  methodLabels,
  purposeLabels,
  refundableCents,
  statusLabels,
  statusTone,
} from '../lib/dues';
import { formatDateTime } from '../lib/labels';
import {
  IssueInvoiceDialog,
  RecordPaymentDialog,
  RefundDialog,
  ReissueInvoiceDialog,
  VoidInvoiceDialog,
} from './invoice-actions';
import { BillingRecipients } from './billing-recipients';
import { ApproveDialog, CancelDialog, ChangePlanDialog } from './membership-dialogs';
import { TabError } from './tab-states';

type Action =
  | { kind: 'approve' | 'plan' | 'cancel' | 'issue' }
  | { kind: 'pay' | 'void' | 'reissue'; invoice: Invoice }
  | { kind: 'refund'; invoice: Invoice; payment: Payment; leftCents: number };

const invoiceStatusTone = { open: 'outline', paid: 'default', void: 'secondary' } as const;

/**
 * One membership, for staff: its plan and standing, invoices with their payments and refunds,
 * terms and history, and every action on them. Each action confirms in its own dialog.
 */
export function MembershipDetailDialog({
  membership,
  open,
  onOpenChange,
  onCloseAutoFocus,
}: {
  membership: Membership | null;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onCloseAutoFocus?: (event: Event) => void;
}) {
  return (
    <Dialog open={open && membership !== null} onOpenChange={onOpenChange}>
      <DialogContent
        className="max-w-3xl p-4 sm:p-6"
        onCloseAutoFocus={onCloseAutoFocus}
        aria-describedby={undefined}
      >
        {membership ? <Detail key={membership.id} id={membership.id} first={membership} /> : null}
      </DialogContent>
    </Dialog>
  );
}

function Detail({ id, first }: { id: string; first: Membership }) {
  const detail = useMembershipDetail(id);
  const invoices = useContactInvoices(first.contactId);
  const payments = useQuery(paymentOptionsQueryOptions());
  const currency = useQuery(duesSettingsQueryOptions()).data?.currency ?? 'USD';
  const [action, setAction] = useState<Action | null>(null);
  const [actionOpen, setActionOpen] = useState(false);
  // Each opening starts its dialog afresh: a second refund of a payment starts from what is left.
  const [serial, setSerial] = useState(0);
  const heading = useRef<HTMLHeadingElement>(null);
  const membership = detail.data?.membership ?? first;
  const open = (next: Action) => {
    setAction(next);
    setSerial((n) => n + 1);
    setActionOpen(true);
  };
  const focusHeading = () => heading.current;
  const dialogProps = {
    open: actionOpen,
    onOpenChange: setActionOpen,
    fallbackFocus: focusHeading,
  };

  return (
    <div className="grid min-w-0 gap-6">
      <DialogHeader>
        <DialogTitle ref={heading} tabIndex={-1} className="outline-none">
          {memberName(membership)}
        </DialogTitle>
        <DialogDescription className="flex flex-wrap items-center gap-2">
          <span>{membership.plan.name}</span>
          <Badge variant={statusTone[membership.status]}>{statusLabels[membership.status]}</Badge>
          {membership.awaitingApproval ? (
            <Badge variant="secondary">Awaiting approval</Badge>
          ) : null}
        </DialogDescription>
      </DialogHeader>

      <MembershipFacts membership={membership} currency={currency} />

      <div className="flex flex-wrap gap-2">
        {membership.awaitingApproval ? (
          <Button type="button" size="sm" onClick={() => open({ kind: 'approve' })}>
            Approve member
          </Button>
        ) : null}
        {membership.status !== 'cancelled' ? (
          <Button type="button" size="sm" variant="outline" onClick={() => open({ kind: 'plan' })}>
            Change plan
          </Button>
        ) : null}
        <Button type="button" size="sm" variant="outline" onClick={() => open({ kind: 'issue' })}>
          Issue invoice
        </Button>
        {membership.status !== 'cancelled' ? (
          <Button
            type="button"
            size="sm"
            variant="destructive"
            onClick={() => open({ kind: 'cancel' })}
          >
            Cancel membership
          </Button>
        ) : null}
      </div>

      <Section title="Ticket benefits used and left">
        <BenefitsUsed memberId={membership.contactId} whose="this" />
      </Section>

      <Section title="Invoices and payments">
        {invoices.data ? (
          invoices.data.invoices.length === 0 ? (
            <p className="text-sm text-muted-foreground">No invoices yet.</p>
          ) : (
            <ul aria-label="Invoices" className="grid gap-3">
              {invoices.data.invoices.map((invoice) => (
                <li key={invoice.id}>
                  <InvoiceCard invoice={invoice} onAction={open} />
                </li>
              ))}
            </ul>
          )
        ) : invoices.error ? (
          <TabError message={invoices.error.message} onRetry={() => void invoices.refetch()} />
        ) : (
          <Skeleton className="h-24 rounded-lg" />
        )}
      </Section>

      {detail.data ? (
        <>
          <BillingRecipients
            // Starts afresh from what the server says once a change is saved.
            key={detail.data.billingRecipients
              .map((p) => `${p.id}:${p.chosen}:${p.receivesInvoices}:${p.receivesDuesNotices}`)
              .join()}
            membershipId={membership.id}
            recipients={detail.data.billingRecipients}
          />
          <TermsAndHistory detail={detail.data} />
        </>
      ) : detail.error ? (
        <TabError message={detail.error.message} onRetry={() => void detail.refetch()} />
      ) : (
        <Skeleton className="h-24 rounded-lg" />
      )}

      {action?.kind === 'approve' ? (
        <ApproveDialog key={serial} {...dialogProps} membership={membership} />
      ) : action?.kind === 'plan' ? (
        <ChangePlanDialog key={serial} {...dialogProps} membership={membership} />
      ) : action?.kind === 'cancel' ? (
        <CancelDialog key={serial} {...dialogProps} membership={membership} />
      ) : action?.kind === 'issue' ? (
        <IssueInvoiceDialog
          key={serial}
          {...dialogProps}
          contactId={membership.contactId}
          currency={currency}
        />
      ) : action?.kind === 'pay' ? (
        <RecordPaymentDialog key={serial} {...dialogProps} invoice={action.invoice} />
      ) : action?.kind === 'void' ? (
        <VoidInvoiceDialog key={serial} {...dialogProps} invoice={action.invoice} />
      ) : action?.kind === 'reissue' ? (
        <ReissueInvoiceDialog key={serial} {...dialogProps} invoice={action.invoice} />
      ) : action?.kind === 'refund' ? (
        <RefundDialog
          key={serial}
          {...dialogProps}
          invoice={action.invoice}
          payment={action.payment}
          leftCents={action.leftCents}
          online={payments.data?.online ?? false}
        />
      ) : null}
    </div>
  );
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="grid gap-3">
      <h3 className="text-base font-semibold">{title}</h3>
      {children}
    </section>
  );
}

function MembershipFacts({ membership, currency }: { membership: Membership; currency: string }) {
  const facts: [string, ReactNode][] = [
    ['Contact', membership.contactName],
    ['Email', membership.email ?? '—'],
    [
      'Plan',
      `${membership.plan.name} (${formatMoney(membership.plan.priceCents, currency)} a year)`,
    ],
    [
      'Paid through',
      membership.paidThrough ? formatMemberSince(membership.paidThrough) : 'Not paid yet',
    ],
    ['Member since', membership.startedOn ? formatMemberSince(membership.startedOn) : '—'],
    ['Automatic renewal', membership.autoRenew ? 'On' : 'Off'],
  ];
  if (membership.status === 'grace' && membership.graceEndsOn) {
    facts.push(['Grace period ends', formatMemberSince(membership.graceEndsOn)]);
  }
  if (membership.nextPlan) facts.push(['From the next renewal', membership.nextPlan.name]);
  if (membership.card) {
    facts.push(['Card', cardLabel(membership.card.brand, membership.card.last4)]);
  }
  return (
    <dl className="grid grid-cols-1 gap-x-6 gap-y-3 text-sm sm:grid-cols-2">
      {facts.map(([label, value]) => (
        <div key={label} className="grid min-w-0 gap-0.5">
          <dt className="text-muted-foreground">{label}</dt>
          <dd className="font-medium [overflow-wrap:anywhere]">{value}</dd>
        </div>
      ))}
    </dl>
  );
}

function InvoiceCard({ invoice, onAction }: { invoice: Invoice; onAction: (a: Action) => void }) {
  const may = invoiceActions(invoice);
  const credit = invoice.kind === 'credit_note';
  const label = `${credit ? 'Credit note' : 'Invoice'} ${invoice.number}`;
  const button = (
    kind: 'pay' | 'void' | 'reissue',
    text: string,
    variant: 'default' | 'outline' = 'outline',
  ) => (
    <Button type="button" size="sm" variant={variant} onClick={() => onAction({ kind, invoice })}>
      {text}
    </Button>
  );
  return (
    <article aria-label={label} className="grid gap-3 rounded-lg border p-3 sm:p-4">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <p className="flex flex-wrap items-center gap-2 font-medium">
          {label}
          <Badge variant={invoiceStatusTone[invoice.status]}>
            {credit
              ? 'Credit note'
              : invoice.status === 'open'
                ? 'Open'
                : invoice.status === 'paid'
                  ? 'Paid'
                  : 'Void'}
          </Badge>
        </p>
        <p className="font-semibold">{formatMoney(invoice.totalCents, invoice.currency)}</p>
      </div>
      <p className="text-sm text-muted-foreground">
        {purposeLabels[invoice.purpose]} · issued {formatMemberSince(invoice.issuedOn)}
        {invoice.kind === 'invoice' && invoice.status === 'open'
          ? ` · due ${formatMemberSince(invoice.dueOn)}`
          : ''}
        {invoice.voidReason ? ` · voided: ${invoice.voidReason}` : ''}
      </p>
      {invoice.payments.length > 0 ? (
        <ul aria-label={`Payments of ${label}`} className="grid gap-2">
          {invoice.payments.map((payment) => {
            const left = refundableCents(invoice, payment);
            return (
              <li
                key={payment.id}
                className="flex flex-wrap items-center justify-between gap-2 rounded-md bg-muted/50 px-3 py-2 text-sm"
              >
                <span className="min-w-0 [overflow-wrap:anywhere]">
                  {payment.kind === 'refund' ? 'Refund' : 'Payment'}{' '}
                  {formatMoney(payment.amountCents, payment.currency)} ·{' '}
                  {methodLabels[payment.method]}
                  {payment.reference ? ` ${payment.reference}` : ''} ·{' '}
                  {formatMemberSince(payment.receivedOn)}
                  {payment.flag ? (
                    <strong className="mt-1 block font-medium text-destructive">
                      {payment.flag}
                    </strong>
                  ) : null}
                </span>
                {left > 0 ? (
                  <Button
                    type="button"
                    size="sm"
                    variant="outline"
                    onClick={() => onAction({ kind: 'refund', invoice, payment, leftCents: left })}
                  >
                    Refund
                  </Button>
                ) : null}
              </li>
            );
          })}
        </ul>
      ) : null}
      <div className="flex flex-wrap gap-2">
        {may.recordPayment ? button('pay', 'Record payment', 'default') : null}
        {may.reissue ? button('reissue', 'Reissue') : null}
        {may.void ? button('void', 'Void') : null}
        <DownloadButton
          path={`/billing/invoices/${encodeURIComponent(invoice.id)}/pdf`}
          filename={`${invoice.number}.pdf`}
          failureMessage="Failed to download the PDF"
        >
          PDF
        </DownloadButton>
        {invoice.kind === 'invoice' && invoice.status === 'paid' ? (
          <DownloadButton
            path={`/billing/invoices/${encodeURIComponent(invoice.id)}/receipt.pdf`}
            filename={`${invoice.number}-receipt.pdf`}
            failureMessage="Failed to download the receipt"
          >
            Receipt
          </DownloadButton>
        ) : null}
      </div>
    </article>
  );
}

function TermsAndHistory({ detail }: { detail: MembershipDetail }) {
  return (
    <div className="grid gap-6 sm:grid-cols-2">
      <Section title="Terms">
        {detail.terms.length === 0 ? (
          <p className="text-sm text-muted-foreground">No paid term yet.</p>
        ) : (
          <ul aria-label="Terms" className="grid gap-2 text-sm">
            {detail.terms.map((term) => (
              <li key={`${term.startsOn}-${term.planName}`} className="grid gap-0.5">
                <span className="font-medium">
                  {term.planName}: {formatMemberSince(term.startsOn)} to{' '}
                  {formatMemberSince(term.endsOn)}
                </span>
                {term.invoiceNumber ? (
                  <span className="text-muted-foreground">Invoice {term.invoiceNumber}</span>
                ) : null}
              </li>
            ))}
          </ul>
        )}
      </Section>
      <Section title="History">
        <ol aria-label="History" className="grid gap-2 text-sm">
          {detail.history.map((event, index) => (
            <li key={`${event.at}-${index}`} className="grid gap-0.5">
              <span className="font-medium">{eventLabels[event.kind]}</span>
              <span className="text-muted-foreground">
                {formatDateTime(event.at)}
                {typeof event.detail.reason === 'string' && event.detail.reason
                  ? ` · ${event.detail.reason}`
                  : ''}
                {event.detail.override === 'not_offered'
                  ? ' · staff override: a plan no longer offered'
                  : ''}
              </span>
            </li>
          ))}
        </ol>
      </Section>
    </div>
  );
}
