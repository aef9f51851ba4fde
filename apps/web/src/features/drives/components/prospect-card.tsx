import { formatDateKey, type Prospect } from '@chamber/contract';
import { useId, useState } from 'react';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { type Outcome, OutcomeMessage } from '@/components/ui/outcome-message';
import { Textarea } from '@/components/ui/textarea';
import { ApiError } from '@/lib/api/client';
import { useSendInvoice, useUpdateProspect } from '@/lib/api/drives';
import { money, parseCents } from './money';

const day = (key: string) =>
  formatDateKey(key, { month: 'short', day: 'numeric', year: 'numeric' });
const failed = (error: unknown) =>
  error instanceof ApiError ? error.message : 'Something went wrong. Try again.';

/**
 * One prospect on a board: its business, pledge, invoice, next step and notes, with the moves
 * it may make as buttons (record the pledge, back to contacted, and for staff 'Send invoice')
 * and a form for a note and the next step. `driveId` is staff's (their route); null on a
 * volunteer's own board.
 */
export function ProspectCard({
  prospect,
  currency,
  driveId,
  showVolunteer = false,
}: {
  prospect: Prospect;
  currency: string;
  driveId: string | null;
  showVolunteer?: boolean;
}) {
  const id = useId();
  const update = useUpdateProspect(driveId);
  const invoice = useSendInvoice(driveId ?? '');
  const [open, setOpen] = useState(false);
  const [pledging, setPledging] = useState(false);
  const [amount, setAmount] = useState(
    prospect.pledgeCents ? String(prospect.pledgeCents / 100) : '',
  );
  const [description, setDescription] = useState(prospect.pledgeDescription ?? '');
  const [note, setNote] = useState('');
  const [nextStep, setNextStep] = useState(prospect.nextStepOn ?? '');
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const busy = update.isPending || invoice.isPending;
  const name = prospect.businessName;

  const change = (body: Parameters<typeof update.mutate>[0]['body'], done: string) => {
    setOutcome(null);
    update.mutate(
      { prospectId: prospect.id, body },
      {
        onSuccess: () => setOutcome({ ok: true, text: done }),
        onError: (error) => setOutcome({ ok: false, text: failed(error) }),
      },
    );
  };

  const pledge = () => {
    const cents = parseCents(amount);
    if (cents === null) {
      setOutcome({ ok: false, text: 'Enter the pledge as an amount, such as 1500 or 1500.50.' });
      return;
    }
    if (!description.trim()) {
      setOutcome({ ok: false, text: 'Say what the pledge is for.' });
      return;
    }
    change(
      { status: 'pledged', pledgeCents: cents, pledgeDescription: description.trim() },
      `${name} pledged ${money(cents, currency)}.`,
    );
    setPledging(false);
  };

  const sendInvoice = () => {
    setOutcome(null);
    invoice.mutate(prospect.id, {
      onSuccess: (p) =>
        setOutcome({ ok: true, text: `Invoice ${p.invoice?.number ?? ''} sent to ${name}.` }),
      onError: (error) => setOutcome({ ok: false, text: failed(error) }),
    });
  };

  return (
    <li className="grid gap-2 rounded-lg border bg-card p-3 text-sm" aria-labelledby={`${id}-name`}>
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div className="min-w-0">
          <h4 id={`${id}-name`} className="font-medium">
            {name}
          </h4>
          <p className="text-muted-foreground">
            {prospect.contactName}
            {prospect.email ? ` · ${prospect.email}` : ''}
            {prospect.phone ? ` · ${prospect.phone}` : ''}
          </p>
          {showVolunteer ? (
            <p className="text-muted-foreground">Volunteer: {prospect.volunteerName}</p>
          ) : null}
        </div>
        {prospect.member ? (
          <Badge variant="secondary">Member</Badge>
        ) : (
          <Badge variant="outline">New business</Badge>
        )}
      </div>
      {prospect.pledgeCents ? (
        <p>
          Pledge: <span className="font-medium">{money(prospect.pledgeCents, currency)}</span>
          {prospect.pledgeDescription ? ` — ${prospect.pledgeDescription}` : ''}
        </p>
      ) : null}
      {prospect.invoice ? (
        <p>
          Invoice {prospect.invoice.number} · {prospect.invoice.status}
        </p>
      ) : null}
      {prospect.nextStepOn ? <p>Next step: {day(prospect.nextStepOn)}</p> : null}
      <div className="flex flex-wrap gap-2">
        {prospect.status === 'contacted' ? (
          <Button
            size="sm"
            variant="outline"
            disabled={busy}
            aria-expanded={pledging}
            aria-controls={`${id}-pledge`}
            onClick={() => setPledging(!pledging)}
          >
            Record pledge<span className="sr-only"> of {name}</span>
          </Button>
        ) : null}
        {prospect.status === 'pledged' ? (
          <>
            {driveId ? (
              <Button size="sm" disabled={busy} onClick={sendInvoice}>
                Send invoice<span className="sr-only"> to {name}</span>
              </Button>
            ) : null}
            <Button
              size="sm"
              variant="outline"
              disabled={busy}
              onClick={() => change({ status: 'contacted' }, `${name} is back to contacted.`)}
            >
              Back to contacted<span className="sr-only">: {name}</span>
            </Button>
          </>
        ) : null}
        <Button
          size="sm"
          variant="ghost"
          aria-expanded={open}
          aria-controls={`${id}-more`}
          onClick={() => setOpen(!open)}
        >
          {open ? 'Hide notes' : `Notes (${prospect.notes.length})`}
          <span className="sr-only"> of {name}</span>
        </Button>
      </div>
      {pledging ? (
        <form
          id={`${id}-pledge`}
          className="grid gap-2 rounded-md border p-2"
          onSubmit={(e) => {
            e.preventDefault();
            pledge();
          }}
        >
          <div className="grid gap-1">
            <Label htmlFor={`${id}-amount`}>Pledge amount ({currency})</Label>
            <Input
              id={`${id}-amount`}
              inputMode="decimal"
              value={amount}
              onChange={(e) => setAmount(e.target.value)}
            />
          </div>
          <div className="grid gap-1">
            <Label htmlFor={`${id}-what`}>What for</Label>
            <Input
              id={`${id}-what`}
              value={description}
              maxLength={500}
              onChange={(e) => setDescription(e.target.value)}
            />
          </div>
          <Button type="submit" size="sm" disabled={busy}>
            Save pledge
          </Button>
        </form>
      ) : null}
      {open ? (
        <div id={`${id}-more`} className="grid gap-2">
          {prospect.notes.length > 0 ? (
            <ol className="grid gap-1" aria-label={`Notes on ${name}`}>
              {prospect.notes.map((n) => (
                <li key={n.at + n.text} className="rounded bg-muted/50 p-2">
                  <span className="block text-xs text-muted-foreground">
                    {new Date(n.at).toLocaleDateString('en-US', { dateStyle: 'medium' })} · {n.by}
                  </span>
                  {n.text}
                </li>
              ))}
            </ol>
          ) : null}
          <form
            className="grid gap-2"
            onSubmit={(e) => {
              e.preventDefault();
              const body: { note?: string; nextStepOn: string | null } = {
                nextStepOn: nextStep || null,
              };
              if (note.trim()) body.note = note.trim();
              change(body, `Saved for ${name}.`);
              setNote('');
            }}
          >
            <div className="grid gap-1">
              <Label htmlFor={`${id}-note`}>Add a note</Label>
              <Textarea
                id={`${id}-note`}
                rows={2}
                value={note}
                maxLength={2000}
                onChange={(e) => setNote(e.target.value)}
              />
            </div>
            <div className="grid gap-1">
              <Label htmlFor={`${id}-next`}>Next step on</Label>
              <Input
                id={`${id}-next`}
                type="date"
                value={nextStep}
                onChange={(e) => setNextStep(e.target.value)}
              />
            </div>
            <Button type="submit" size="sm" variant="outline" disabled={busy}>
              Save note and next step
            </Button>
          </form>
        </div>
      ) : null}
      <OutcomeMessage outcome={outcome} />
    </li>
  );
}
