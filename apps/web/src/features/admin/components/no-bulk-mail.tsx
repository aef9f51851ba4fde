import {
  DEFAULT_TIMEZONE,
  type Suppression,
  type SuppressionList,
  type SuppressionReason,
  suppressInputSchema,
  type Unsubscribe,
} from '@chamber/contract';
import { BanIcon, PlusIcon } from 'lucide-react';
import { type FormEvent, useId, useState } from 'react';
import { useSearchParams } from 'react-router';
import { toast } from 'sonner';
import {
  AlertDialog,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
} from '@/components/ui/alert-dialog';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { Textarea } from '@/components/ui/textarea';
import { useChamber } from '@/lib/chamber/use-chamber';
import {
  useLiftSuppression,
  useSuppress,
  useSuppressions,
  useUnsubscribes,
} from '../api/no-bulk-mail';
import { atText, topicLabels } from '../lib/campaign-format';
import { failureMessage } from '../lib/errors';
import { AddressList, useSearchPaging } from './address-list';
import { CardField, CardFields } from './list-table';

/** Why bulk mail no longer goes to an address, as staff read it. */
export const suppressionReasonLabels: Record<SuppressionReason, string> = {
  'hard-bounce': 'Hard bounce',
  complaint: 'Complaint',
  'soft-bounces': 'Three soft bounces',
  manual: 'Added by staff',
};

/** What the detail of a suppression is, by its reason. */
const detailLabel = (reason: SuppressionReason) =>
  reason === 'manual' ? 'Staff’s note' : 'What the mail server said';

type Section = 'suppressed' | 'unsubscribed';
const isSection = (value: string | null): value is Section =>
  value === 'suppressed' || value === 'unsubscribed';

/**
 * Admin → Communications → Addresses that get no bulk mail: the suppressed addresses (bounces,
 * complaints, staff's own), which staff search, add to and lift; and the addresses that left
 * a topic by their unsubscribe link or preference page. `?tab=unsubscribed` opens the second.
 */
export function NoBulkMail() {
  const [params, setParams] = useSearchParams();
  const tab = params.get('tab');
  const section: Section = isSection(tab) ? tab : 'suppressed';
  const setSection = (value: string) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        if (value === 'suppressed') next.delete('tab');
        else next.set('tab', value);
        return next;
      },
      { replace: true },
    );
  return (
    <div className="grid min-w-0 gap-6">
      <p className="max-w-prose rounded-xl border bg-muted/40 p-4 text-sm">
        Newsletters, announcements and event news do not go to these addresses. Receipts, invoices,
        event registrations and password resets still reach them: that mail is never suppressed.
      </p>
      <Tabs value={section} onValueChange={setSection} className="grid min-w-0 gap-4">
        <TabsList aria-label="Addresses" className="h-auto w-full flex-wrap sm:w-fit">
          <TabsTrigger value="suppressed" className="flex-auto">
            Suppressed
          </TabsTrigger>
          <TabsTrigger value="unsubscribed" className="flex-auto">
            Unsubscribed
          </TabsTrigger>
        </TabsList>
        <TabsContent value="suppressed" className="min-w-0">
          <Suppressed />
        </TabsContent>
        <TabsContent value="unsubscribed" className="min-w-0">
          <Unsubscribed />
        </TabsContent>
      </Tabs>
    </div>
  );
}

function useTimeZone() {
  const { location } = useChamber();
  return location?.timezone ?? DEFAULT_TIMEZONE;
}

function Suppressed() {
  const search = useSearchPaging();
  const query = useSuppressions(search.q, search.page);
  const timeZone = useTimeZone();
  const [lifting, setLifting] = useState<Suppression | null>(null);

  const reason = (s: Suppression) => (
    <Badge variant={s.reason === 'manual' ? 'outline' : 'secondary'}>
      {suppressionReasonLabels[s.reason]}
    </Badge>
  );
  const since = (s: Suppression) => (
    <time dateTime={s.createdAt}>{atText(s.createdAt, timeZone)}</time>
  );
  const detail = (s: Suppression) => (s.detail ? <span>{s.detail}</span> : <span>—</span>);
  const lift = (s: Suppression) => (
    <Button
      type="button"
      variant="outline"
      size="sm"
      aria-label={`Lift the suppression of ${s.email}`}
      onClick={() => setLifting(s)}
    >
      Lift…
    </Button>
  );

  return (
    <>
      <AddressList
        kind="suppressed"
        intro="A hard bounce or a complaint suppresses an address at once, three soft bounces in a row too; staff may add one themselves."
        action={<AddSuppression />}
        status={
          query.data ? <MailboxLine mailbox={query.data.mailbox} timeZone={timeZone} /> : null
        }
        empty="No address is suppressed."
        search={search}
        query={query}
        rows={query.data?.suppressions}
        columns={[
          { header: 'Reason', cell: reason },
          { header: 'Detail', cell: detail, cellClassName: 'max-w-xs text-muted-foreground' },
          { header: 'Since', cell: since, cellClassName: 'whitespace-nowrap' },
          { header: 'Actions', cell: lift, end: true },
        ]}
        card={(s) => (
          <>
            <CardFields>
              <CardField label="Reason">{reason(s)}</CardField>
              <CardField label="Since">{since(s)}</CardField>
              <CardField label={detailLabel(s.reason)} className="col-span-2">
                {detail(s)}
              </CardField>
            </CardFields>
            <div>{lift(s)}</div>
          </>
        )}
      />
      <LiftDialog suppression={lifting} onClose={() => setLifting(null)} />
    </>
  );
}

/** One list of addresses, searched and paged by the server: the two tabs' shared shape. */
/** How reading the bounce mailbox goes: staff learn when bounces are not being read. */
function MailboxLine({
  mailbox,
  timeZone,
}: {
  mailbox: SuppressionList['mailbox'];
  timeZone: string;
}) {
  if (!mailbox) {
    return (
      <p className="text-sm text-muted-foreground">
        No bounce mailbox is set up: bounces and complaints are not read, only staff add addresses.
      </p>
    );
  }
  if (mailbox.lastError && mailbox.failuresInARow > 0) {
    return (
      <p role="alert" className="text-sm font-medium text-destructive">
        The bounce mailbox could not be read ({mailbox.lastError.message}); the portal tries again
        {mailbox.nextAttemptAt ? ` at ${atText(mailbox.nextAttemptAt, timeZone)}` : ''}.
      </p>
    );
  }
  return (
    <p className="text-sm text-muted-foreground">
      {mailbox.lastSuccessAt
        ? `The bounce mailbox was last read ${atText(mailbox.lastSuccessAt, timeZone)}.`
        : 'The bounce mailbox has not been read yet.'}
    </p>
  );
}

/** Asks before lifting: bulk mail goes to the address again. */
function LiftDialog({
  suppression,
  onClose,
}: {
  suppression: Suppression | null;
  onClose: () => void;
}) {
  const lift = useLiftSuppression();
  const email = suppression?.email ?? '';
  return (
    <AlertDialog open={suppression !== null} onOpenChange={(open) => (open ? null : onClose())}>
      <AlertDialogContent>
        <AlertDialogHeader>
          <AlertDialogTitle>Lift the suppression of {email}?</AlertDialogTitle>
          <AlertDialogDescription>
            Lifting lets bulk mail (newsletters, announcements and event news) go to this address
            again, from the next send. Bounces before now no longer count; a new hard bounce or
            complaint suppresses it again.
          </AlertDialogDescription>
        </AlertDialogHeader>
        <AlertDialogFooter>
          <AlertDialogCancel>Keep it suppressed</AlertDialogCancel>
          <Button
            type="button"
            disabled={lift.isPending}
            onClick={() =>
              lift.mutate(email, {
                onSuccess: () => {
                  toast.success(`Bulk mail may go to ${email} again.`);
                  onClose();
                },
                onError: (error) => {
                  toast.error(failureMessage(error, 'Failed to lift the suppression'));
                  onClose();
                },
              })
            }
          >
            {lift.isPending ? 'Lifting…' : 'Lift the suppression'}
          </Button>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  );
}

/** "Add address": staff stop bulk mail to an address themselves, with a reason. */
function AddSuppression() {
  const id = useId();
  const [open, setOpen] = useState(false);
  const [email, setEmail] = useState('');
  const [detail, setDetail] = useState('');
  const [emailError, setEmailError] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const suppress = useSuppress();

  const reset = (next: boolean) => {
    setOpen(next);
    if (!next) {
      setEmail('');
      setDetail('');
      setEmailError(null);
      setError(null);
    }
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = suppressInputSchema.safeParse({ email, detail });
    if (!parsed.success) {
      const issue = parsed.error.issues.find((i) => i.path[0] === 'email');
      setEmailError(issue ? 'Enter an email address.' : null);
      setError(issue ? null : (parsed.error.issues[0]?.message ?? 'Check the form.'));
      return;
    }
    setEmailError(null);
    setError(null);
    suppress.mutate(parsed.data, {
      onSuccess: (row) => {
        toast.success(`Bulk mail no longer goes to ${row.email}.`);
        reset(false);
      },
      onError: (e) => setError(failureMessage(e, 'Failed to suppress the address')),
    });
  };

  return (
    <Dialog open={open} onOpenChange={reset}>
      <Button type="button" onClick={() => reset(true)}>
        <PlusIcon aria-hidden="true" />
        Add address
      </Button>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Stop bulk mail to an address</DialogTitle>
          <DialogDescription>
            Newsletters, announcements and event news no longer go to it until someone lifts the
            suppression. Receipts, invoices and registrations still do.
          </DialogDescription>
        </DialogHeader>
        <form id={`${id}-form`} className="grid gap-4" noValidate onSubmit={submit}>
          <div className="grid gap-1.5">
            <Label htmlFor={`${id}-email`}>Email</Label>
            <Input
              id={`${id}-email`}
              type="email"
              autoComplete="off"
              value={email}
              aria-invalid={emailError ? true : undefined}
              aria-describedby={emailError ? `${id}-email-error` : undefined}
              onChange={(e) => setEmail(e.target.value)}
            />
            {emailError ? (
              <p id={`${id}-email-error`} className="text-sm font-medium text-destructive">
                {emailError}
              </p>
            ) : null}
          </div>
          <div className="grid gap-1.5">
            <Label htmlFor={`${id}-detail`}>Reason</Label>
            <Textarea
              id={`${id}-detail`}
              maxLength={500}
              rows={3}
              placeholder="Asked by phone to get no newsletters"
              value={detail}
              onChange={(e) => setDetail(e.target.value)}
            />
          </div>
          {error ? (
            <p role="alert" className="text-sm font-medium text-destructive">
              {error}
            </p>
          ) : null}
        </form>
        <DialogFooter>
          <Button type="button" variant="outline" onClick={() => reset(false)}>
            Cancel
          </Button>
          <Button type="submit" form={`${id}-form`} disabled={suppress.isPending}>
            <BanIcon aria-hidden="true" />
            {suppress.isPending ? 'Suppressing…' : 'Suppress'}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}

function Unsubscribed() {
  const search = useSearchPaging();
  const query = useUnsubscribes(search.q, search.page);
  const timeZone = useTimeZone();
  const topics = (u: Unsubscribe) => (
    <ul className="flex flex-wrap gap-1.5" aria-label={`Topics ${u.email} left`}>
      {u.topics.map((t) => (
        <li key={t}>
          <Badge variant="secondary">{topicLabels[t]}</Badge>
        </li>
      ))}
    </ul>
  );
  const when = (u: Unsubscribe) => (
    <time dateTime={u.updatedAt}>{atText(u.updatedAt, timeZone)}</time>
  );

  return (
    <AddressList
      kind="unsubscribed"
      intro="Addresses that left a topic by the link in a message or on their preference page. Only they can take a topic back, from the same page."
      empty="Nobody has unsubscribed."
      search={search}
      query={query}
      rows={query.data?.unsubscribes}
      columns={[
        { header: 'Left', cell: topics },
        { header: 'Last changed', cell: when, cellClassName: 'whitespace-nowrap' },
      ]}
      card={(u) => (
        <CardFields>
          <CardField label="Left">{topics(u)}</CardField>
          <CardField label="Last changed">{when(u)}</CardField>
        </CardFields>
      )}
    />
  );
}
