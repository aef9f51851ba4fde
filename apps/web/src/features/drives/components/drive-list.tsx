import { formatDateKey, paths } from '@chamber/contract';
import { useQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import type { Outcome } from '@/components/ui/outcome-message';
import { ApiError } from '@/lib/api/client';
import { drivesQueryOptions, useCreateDrive } from '@/lib/api/drives';
import { FormCard } from './form-card';
import { money, parseCents } from './money';
import { GoalBar } from './progress';

const day = (key: string) =>
  formatDateKey(key, { month: 'short', day: 'numeric', year: 'numeric' });

/** /admin/sponsorship-drives: the drives with their totals, and a form for a new one. */
export function DriveList({ currency = 'USD' }: { currency?: string }) {
  const id = useId();
  const list = useQuery(drivesQueryOptions());
  const create = useCreateDrive();
  const navigate = useNavigate();
  const [name, setName] = useState('');
  const [goal, setGoal] = useState('');
  const [startsOn, setStartsOn] = useState('');
  const [endsOn, setEndsOn] = useState('');
  const [outcome, setOutcome] = useState<Outcome | null>(null);

  const submit = () => {
    setOutcome(null);
    const goalCents = parseCents(goal);
    if (!name.trim()) return setOutcome({ ok: false, text: 'Give the drive a name.' });
    if (goalCents === null) {
      return setOutcome({ ok: false, text: 'Enter the goal as an amount, such as 50000.' });
    }
    if (!startsOn || !endsOn)
      return setOutcome({ ok: false, text: 'Choose the first and last day.' });
    if (endsOn < startsOn) {
      return setOutcome({ ok: false, text: 'The drive cannot end before it starts.' });
    }
    create.mutate(
      { name: name.trim(), goalCents, startsOn, endsOn },
      {
        onSuccess: (drive) => void navigate(paths.sponsorshipDrive.href(drive.id)),
        onError: (error) =>
          setOutcome({
            ok: false,
            text: error instanceof ApiError ? error.message : 'Something went wrong. Try again.',
          }),
      },
    );
  };

  return (
    <div className="grid gap-6 lg:grid-cols-[2fr_1fr]">
      <section aria-labelledby={`${id}-drives`} className="grid content-start gap-3">
        <h2 id={`${id}-drives`} className="text-lg font-semibold">
          Drives
        </h2>
        {list.error ? (
          <p role="alert">{list.error.message}</p>
        ) : !list.data ? (
          <p role="status">Loading the drives…</p>
        ) : list.data.drives.length === 0 ? (
          <p className="text-sm text-muted-foreground">No sponsorship drives yet.</p>
        ) : (
          <ul className="grid gap-3">
            {list.data.drives.map((d) => (
              <li key={d.id} className="grid gap-2 rounded-xl border p-4">
                <Link
                  to={paths.sponsorshipDrive.href(d.id)}
                  className="font-medium underline-offset-4 hover:underline"
                >
                  {d.name}
                </Link>
                <p className="text-sm text-muted-foreground">
                  {day(d.startsOn)} – {day(d.endsOn)} · goal {money(d.goalCents, currency)}
                </p>
                <GoalBar
                  label={`${d.name}: pledged against the goal`}
                  pledgedCents={d.pledgedCents}
                  paidCents={d.paidCents}
                  goalCents={d.goalCents}
                />
                <p className="text-sm">
                  {money(d.pledgedCents, currency)} pledged · {money(d.invoicedCents, currency)}{' '}
                  invoiced · {money(d.paidCents, currency)} paid
                </p>
              </li>
            ))}
          </ul>
        )}
      </section>
      <FormCard
        title="New drive"
        submit="Create drive"
        pending={create.isPending}
        outcome={outcome}
        onSubmit={submit}
      >
        <div className="grid gap-1">
          <Label htmlFor={`${id}-name`}>Name</Label>
          <Input
            id={`${id}-name`}
            value={name}
            maxLength={200}
            onChange={(e) => setName(e.target.value)}
          />
        </div>
        <div className="grid gap-1">
          <Label htmlFor={`${id}-goal`}>Goal ({currency})</Label>
          <Input
            id={`${id}-goal`}
            inputMode="decimal"
            value={goal}
            onChange={(e) => setGoal(e.target.value)}
          />
        </div>
        <div className="grid gap-1">
          <Label htmlFor={`${id}-start`}>First day</Label>
          <Input
            id={`${id}-start`}
            type="date"
            value={startsOn}
            onChange={(e) => setStartsOn(e.target.value)}
          />
        </div>
        <div className="grid gap-1">
          <Label htmlFor={`${id}-end`}>Last day</Label>
          <Input
            id={`${id}-end`}
            type="date"
            value={endsOn}
            onChange={(e) => setEndsOn(e.target.value)}
          />
        </div>
      </FormCard>
    </div>
  );
}
