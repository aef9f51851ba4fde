import { type DriveDetail, formatDateKey } from '@chamber/contract';
import { useQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { NativeSelect } from '@/components/ui/native-select';
import type { Outcome } from '@/components/ui/outcome-message';
import { ApiError } from '@/lib/api/client';
import {
  candidatesQueryOptions,
  driveQueryOptions,
  useAddProspect,
  useAddVolunteer,
} from '@/lib/api/drives';
import { FormCard } from './form-card';
import { money } from './money';
import { GoalBar } from './progress';
import { ProspectBoard } from './prospect-board';

const day = (key: string) =>
  formatDateKey(key, { month: 'short', day: 'numeric', year: 'numeric' });
const failed = (error: unknown) =>
  error instanceof ApiError ? error.message : 'Something went wrong. Try again.';

/** /admin/sponsorship-drives/{id}: the leaderboard, the board of prospects, and the forms. */
export function DriveDetailView({ driveId }: { driveId: string }) {
  const query = useQuery(driveQueryOptions(driveId));
  if (query.error) return <p role="alert">{query.error.message}</p>;
  if (!query.data) return <p role="status">Loading the drive…</p>;
  const drive = query.data;
  return (
    <div className="grid gap-8">
      <Leaderboard drive={drive} />
      <section aria-labelledby="drive-board" className="grid gap-3">
        <h2 id="drive-board" className="text-lg font-semibold">
          Prospects
        </h2>
        <ProspectBoard
          prospects={drive.prospects}
          currency={drive.currency}
          driveId={drive.id}
          showVolunteer
        />
      </section>
      <div className="grid gap-6 lg:grid-cols-2">
        <AddProspect drive={drive} />
        <AddVolunteer drive={drive} />
      </div>
    </div>
  );
}

function Leaderboard({ drive }: { drive: DriveDetail }) {
  const m = (cents: number) => money(cents, drive.currency);
  return (
    <section aria-labelledby="drive-leaderboard" className="grid gap-4">
      <div className="grid gap-2 rounded-xl border p-4">
        <p className="text-sm text-muted-foreground">
          {day(drive.startsOn)} – {day(drive.endsOn)} · goal {m(drive.goalCents)}
        </p>
        <GoalBar
          label="The drive: pledged against the goal"
          pledgedCents={drive.pledgedCents}
          paidCents={drive.paidCents}
          goalCents={drive.goalCents}
        />
        <p className="text-sm">
          <span className="font-medium">{m(drive.pledgedCents)}</span> pledged ·{' '}
          {m(drive.invoicedCents)} invoiced · {m(drive.paidCents)} paid of {m(drive.goalCents)}
        </p>
      </div>
      <h2 id="drive-leaderboard" className="text-lg font-semibold">
        Leaderboard
      </h2>
      {drive.volunteers.length === 0 ? (
        <p className="text-sm text-muted-foreground">No volunteers yet: add them below.</p>
      ) : (
        <ol className="grid gap-3">
          {drive.volunteers.map((v, i) => (
            <li key={v.id} className="grid gap-2 rounded-xl border p-3 text-sm">
              <div className="flex flex-wrap items-baseline justify-between gap-2">
                <span className="font-medium">
                  {i + 1}. {v.name}
                  {v.businessName ? (
                    <span className="font-normal text-muted-foreground"> · {v.businessName}</span>
                  ) : (
                    <span className="font-normal text-muted-foreground"> · staff</span>
                  )}
                </span>
                <span>
                  {v.prospects} prospect{v.prospects === 1 ? '' : 's'}
                </span>
              </div>
              <GoalBar
                label={`${v.name}: pledged against the goal`}
                pledgedCents={v.pledgedCents}
                paidCents={v.paidCents}
                goalCents={drive.goalCents}
              />
              <p>
                {m(v.pledgedCents)} pledged · {m(v.invoicedCents)} invoiced · {m(v.paidCents)} paid
              </p>
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}

function AddVolunteer({ drive }: { drive: DriveDetail }) {
  const id = useId();
  const candidates = useQuery(candidatesQueryOptions(drive.id));
  const add = useAddVolunteer(drive.id);
  const [choice, setChoice] = useState('');
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  return (
    <FormCard
      title="Add a volunteer"
      submit="Add volunteer"
      variant="outline"
      pending={add.isPending}
      outcome={outcome}
      onSubmit={() => {
        setOutcome(null);
        const [kind, value] = choice.split(':');
        if (!value) return setOutcome({ ok: false, text: 'Choose a person.' });
        add.mutate(kind === 'staff' ? { userId: value } : { personId: value }, {
          onSuccess: () => {
            setOutcome({ ok: true, text: 'Volunteer added.' });
            setChoice('');
          },
          onError: (error) => setOutcome({ ok: false, text: failed(error) }),
        });
      }}
    >
      <div className="grid gap-1">
        <Label htmlFor={`${id}-who`}>Person of a member business, or staff</Label>
        <NativeSelect id={`${id}-who`} value={choice} onChange={(e) => setChoice(e.target.value)}>
          <option value="">Choose…</option>
          <optgroup label="Staff">
            {candidates.data?.staff.map((s) => (
              <option key={s.userId} value={`staff:${s.userId}`}>
                {s.name}
              </option>
            ))}
          </optgroup>
          <optgroup label="Members' people">
            {candidates.data?.people.map((p) => (
              <option key={p.personId} value={`person:${p.personId}`}>
                {p.name} · {p.businessName}
              </option>
            ))}
          </optgroup>
        </NativeSelect>
      </div>
    </FormCard>
  );
}

function AddProspect({ drive }: { drive: DriveDetail }) {
  const id = useId();
  const candidates = useQuery(candidatesQueryOptions(drive.id));
  const add = useAddProspect(drive.id);
  const [volunteerId, setVolunteerId] = useState('');
  const [kind, setKind] = useState<'member' | 'new'>('new');
  const [contactId, setContactId] = useState('');
  const [business, setBusiness] = useState({ name: '', contactName: '', email: '', phone: '' });
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const field = (key: keyof typeof business, label: string, type = 'text') => (
    <div className="grid gap-1">
      <Label htmlFor={`${id}-${key}`}>{label}</Label>
      <Input
        id={`${id}-${key}`}
        type={type}
        value={business[key]}
        onChange={(e) => setBusiness({ ...business, [key]: e.target.value })}
      />
    </div>
  );
  return (
    <FormCard
      title="Add a prospect"
      submit="Add prospect"
      pending={add.isPending}
      outcome={outcome}
      onSubmit={() => {
        setOutcome(null);
        if (!volunteerId) return setOutcome({ ok: false, text: 'Choose the volunteer.' });
        if (kind === 'member' && !contactId) {
          return setOutcome({ ok: false, text: 'Choose the member business.' });
        }
        add.mutate(
          kind === 'member'
            ? { volunteerId, contactId }
            : {
                volunteerId,
                business: {
                  name: business.name,
                  contactName: business.contactName,
                  email: business.email,
                  phone: business.phone || null,
                },
              },
          {
            onSuccess: (p) => {
              setOutcome({ ok: true, text: `${p.businessName} added as contacted.` });
              setBusiness({ name: '', contactName: '', email: '', phone: '' });
              setContactId('');
            },
            onError: (error) => setOutcome({ ok: false, text: failed(error) }),
          },
        );
      }}
    >
      <div className="grid gap-1">
        <Label htmlFor={`${id}-volunteer`}>Volunteer</Label>
        <NativeSelect
          id={`${id}-volunteer`}
          value={volunteerId}
          onChange={(e) => setVolunteerId(e.target.value)}
        >
          <option value="">Choose…</option>
          {drive.volunteers.map((v) => (
            <option key={v.id} value={v.id}>
              {v.name}
            </option>
          ))}
        </NativeSelect>
      </div>
      <fieldset className="grid gap-2">
        <legend className="text-sm font-medium">The business</legend>
        <div className="flex flex-wrap gap-4 text-sm">
          <label className="flex items-center gap-2">
            <input
              type="radio"
              name={`${id}-kind`}
              checked={kind === 'new'}
              onChange={() => setKind('new')}
            />
            A new business
          </label>
          <label className="flex items-center gap-2">
            <input
              type="radio"
              name={`${id}-kind`}
              checked={kind === 'member'}
              onChange={() => setKind('member')}
            />
            A member business
          </label>
        </div>
      </fieldset>
      {kind === 'member' ? (
        <div className="grid gap-1">
          <Label htmlFor={`${id}-member`}>Member business</Label>
          <NativeSelect
            id={`${id}-member`}
            value={contactId}
            onChange={(e) => setContactId(e.target.value)}
          >
            <option value="">Choose…</option>
            {candidates.data?.businesses.map((b) => (
              <option key={b.contactId} value={b.contactId}>
                {b.name}
              </option>
            ))}
          </NativeSelect>
        </div>
      ) : (
        <>
          {field('name', 'Business name')}
          {field('contactName', 'Contact person')}
          {field('email', 'Email', 'email')}
          {field('phone', 'Phone (optional)', 'tel')}
        </>
      )}
    </FormCard>
  );
}
