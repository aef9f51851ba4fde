import {
  type Celebration,
  celebrationKindLabels,
  type CelebrationSettings,
  type CelebrationStatus,
  celebrationStatuses,
  localDateTime,
  paths,
  zonedTimeToUtc,
} from '@chamber/contract';
import { useQuery } from '@tanstack/react-query';
import { useId, useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Textarea } from '@/components/ui/textarea';
import { ApiError } from '@/lib/api/client';
import {
  celebrationQueueQueryOptions,
  celebrationSettingsQueryOptions,
  useCelebrationDecisions,
  useSaveCelebrationSettings,
} from '@/lib/api/celebrations';
import { statusLabels, whenText } from '@/lib/celebrations/celebration-text';
import { AmbassadorsAdmin } from './ambassadors-admin';
import { CelebrationPhotos } from './celebration-photos';
import { type Outcome, OutcomeMessage } from '@/components/ui/outcome-message';
import { NativeSelect } from '@/components/ui/native-select';

type Shown = CelebrationStatus | 'upcoming';

const messageOf = (error: unknown) =>
  error instanceof ApiError ? error.message : 'Something went wrong. Try again.';

/**
 * Celebrations tab: bookings waiting for staff first, each with Confirm, Propose another time
 * and Decline; below, the ambassadors and the chamber's rules.
 */
export function CelebrationsAdmin() {
  const id = useId();
  const [status, setStatus] = useState<Shown>('pending');
  const query = useQuery(celebrationQueueQueryOptions(status));
  const settings = useQuery(celebrationSettingsQueryOptions());
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  return (
    <div className="grid gap-6">
      <h2 className="sr-only">Celebrations</h2>
      <div className="grid gap-3 rounded-xl border bg-card p-4 shadow-sm sm:flex sm:items-end sm:justify-between">
        <div className="grid gap-1 sm:max-w-md">
          <p className="font-semibold">Ribbon cuttings and celebrations</p>
          <p className="text-sm text-muted-foreground">
            A confirmed booking goes on the calendar as a public event for the member’s listing; the
            member and the ambassadors are mailed.
          </p>
        </div>
        <div className="grid gap-1 sm:w-64">
          <Label htmlFor={`${id}-show`}>Show</Label>
          <NativeSelect
            id={`${id}-show`}
            value={status}
            onChange={(e) => {
              setOutcome(null);
              setStatus(e.target.value as Shown);
            }}
          >
            <option value="upcoming">All to come</option>
            {celebrationStatuses.map((s) => (
              <option key={s} value={s}>
                {statusLabels[s]}
              </option>
            ))}
          </NativeSelect>
        </div>
      </div>
      <OutcomeMessage outcome={outcome} />
      {query.error ? (
        <p role="alert">{query.error.message}</p>
      ) : !query.data ? (
        <p role="status">Loading the celebrations…</p>
      ) : query.data.celebrations.length === 0 ? (
        <p className="text-muted-foreground">No celebrations here.</p>
      ) : (
        <ul className="grid gap-4" aria-label="Celebrations">
          {query.data.celebrations.map((c) => (
            <BookingItem
              key={c.id}
              celebration={c}
              startTimes={settings.data?.startTimes ?? []}
              onOutcome={setOutcome}
            />
          ))}
        </ul>
      )}
      <AmbassadorsAdmin />
      {settings.data ? <RulesForm initial={settings.data} /> : null}
    </div>
  );
}

function BookingItem({
  celebration: c,
  startTimes,
  onOutcome,
}: {
  celebration: Celebration;
  startTimes: string[];
  onOutcome: (o: Outcome | null) => void;
}) {
  const id = useId();
  const { confirm, propose, decline } = useCelebrationDecisions();
  const [open, setOpen] = useState<'propose' | 'decline' | null>(null);
  const [photosOpen, setPhotosOpen] = useState(false);
  // Photos go up once it has begun (the server says the same).
  const [mountedAt] = useState(() => Date.now());
  const hasPhotos =
    c.status === 'confirmed' && c.eventId !== null && Date.parse(c.start) <= mountedAt;
  const [day, setDay] = useState('');
  const [time, setTime] = useState(startTimes[0] ?? '12:00');
  const [text, setText] = useState('');
  const waiting = c.status === 'pending' || c.status === 'proposed';
  const title = `${celebrationKindLabels[c.kind]}: ${c.business.name}`;
  const done = (verb: string) => () => {
    setOpen(null);
    onOutcome({ ok: true, text: `${title} ${verb}.` });
  };
  const failed = (error: unknown) => onOutcome({ ok: false, text: messageOf(error) });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (open === 'propose') {
      const slotStart = zonedTimeToUtc(localDateTime(day, time), c.timezone).toISOString();
      propose.mutate(
        { id: c.id, slotStart, note: text },
        { onSuccess: done('moved; the member is asked to accept'), onError: failed },
      );
    } else {
      decline.mutate({ id: c.id, reason: text }, { onSuccess: done('declined'), onError: failed });
    }
  };

  return (
    <li className="grid gap-3 rounded-xl border bg-card p-4 shadow-sm">
      <div className="grid gap-1">
        <h3 className="font-semibold">{title}</h3>
        <p className="text-sm">{whenText(c.start, c.timezone)}</p>
        <p className="text-sm text-muted-foreground">
          {statusLabels[c.status]} · {c.address}
          {c.expectedGuests ? ` · ${c.expectedGuests} guests expected` : ''}
        </p>
        <p className="text-sm whitespace-pre-line">{c.description}</p>
        {c.eventId ? (
          <Link className="text-sm text-primary underline" to={paths.event.href(c.eventId)}>
            The event
          </Link>
        ) : null}
      </div>
      {waiting ? (
        <div className="flex flex-wrap gap-2">
          {c.status === 'pending' ? (
            <Button
              size="sm"
              disabled={confirm.isPending}
              onClick={() =>
                confirm.mutate(c.id, { onSuccess: done('confirmed'), onError: failed })
              }
            >
              Confirm
            </Button>
          ) : null}
          <Button
            size="sm"
            variant="outline"
            aria-expanded={open === 'propose'}
            onClick={() => setOpen(open === 'propose' ? null : 'propose')}
          >
            Propose another time
          </Button>
          <Button
            size="sm"
            variant="outline"
            aria-expanded={open === 'decline'}
            onClick={() => setOpen(open === 'decline' ? null : 'decline')}
          >
            Decline
          </Button>
        </div>
      ) : null}
      {hasPhotos ? (
        <div className="grid gap-3">
          <Button
            size="sm"
            variant="outline"
            className="w-fit"
            aria-expanded={photosOpen}
            onClick={() => setPhotosOpen(!photosOpen)}
          >
            Photos{c.photos.length > 0 ? ` (${c.photos.length})` : ''}
          </Button>
          {photosOpen ? <CelebrationPhotos celebration={c} onOutcome={onOutcome} /> : null}
        </div>
      ) : null}
      {open ? (
        <form onSubmit={submit} className="grid gap-3 sm:max-w-md">
          {open === 'propose' ? (
            <div className="grid gap-3 sm:grid-cols-2">
              <div className="grid gap-1">
                <Label htmlFor={`${id}-day`}>Day</Label>
                <Input
                  id={`${id}-day`}
                  type="date"
                  required
                  value={day}
                  onChange={(e) => setDay(e.target.value)}
                />
              </div>
              <div className="grid gap-1">
                <Label htmlFor={`${id}-time`}>Start</Label>
                <NativeSelect
                  id={`${id}-time`}
                  value={time}
                  onChange={(e) => setTime(e.target.value)}
                >
                  {startTimes.map((t) => (
                    <option key={t} value={t}>
                      {t}
                    </option>
                  ))}
                </NativeSelect>
              </div>
            </div>
          ) : null}
          <div className="grid gap-1">
            <Label htmlFor={`${id}-text`}>
              {open === 'propose' ? 'Note to the member (optional)' : 'Reason'}
            </Label>
            <Textarea
              id={`${id}-text`}
              required={open === 'decline'}
              value={text}
              maxLength={1000}
              onChange={(e) => setText(e.target.value)}
            />
          </div>
          <Button type="submit" size="sm" className="w-fit">
            {open === 'propose' ? 'Send the new time' : 'Decline the booking'}
          </Button>
        </form>
      ) : null}
    </li>
  );
}

const weekdayNames = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];
const lines = (text: string) =>
  text
    .split('\n')
    .map((l) => l.trim())
    .filter(Boolean);

/** The chamber's rules, as one form (admins save it). */
function RulesForm({ initial }: { initial: CelebrationSettings }) {
  const id = useId();
  const save = useSaveCelebrationSettings();
  const [rules, setRules] = useState(initial);
  const [times, setTimes] = useState(initial.startTimes.join(', '));
  const [checklist, setChecklist] = useState(initial.checklist.join('\n'));
  const [blackouts, setBlackouts] = useState(
    initial.blackouts.map((b) => `${b.from} ${b.to} ${b.note}`.trim()).join('\n'),
  );
  const [fee, setFee] = useState((initial.feeCents / 100).toFixed(2));
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const number = (
    key: 'perYear' | 'noticeDays' | 'horizonDays' | 'lengthMinutes',
    label: string,
  ) => (
    <div className="grid gap-1">
      <Label htmlFor={`${id}-${key}`}>{label}</Label>
      <Input
        id={`${id}-${key}`}
        type="number"
        min={0}
        value={rules[key]}
        onChange={(e) => setRules({ ...rules, [key]: Number(e.target.value) })}
      />
    </div>
  );

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setOutcome(null);
    save.mutate(
      {
        ...rules,
        startTimes: times
          .split(',')
          .map((t) => t.trim())
          .filter(Boolean),
        checklist: lines(checklist),
        blackouts: lines(blackouts).map((line) => {
          const [from = '', to = '', ...note] = line.split(/\s+/);
          return { from, to: to || from, note: note.join(' ') };
        }),
        feeCents: Math.round(Number(fee) * 100),
      },
      {
        onSuccess: () => setOutcome({ ok: true, text: 'The rules were saved.' }),
        onError: (error) => setOutcome({ ok: false, text: messageOf(error) }),
      },
    );
  };

  return (
    <Card>
      <CardHeader>
        <CardTitle>Celebration rules</CardTitle>
        <CardDescription>What members may book, and when.</CardDescription>
      </CardHeader>
      <CardContent>
        <form onSubmit={submit} className="grid gap-5">
          <fieldset className="grid gap-2">
            <legend className="mb-1 text-sm font-medium">Kinds</legend>
            {rules.kinds.map((rule, i) => (
              <div key={rule.kind} className="flex flex-wrap gap-x-6 gap-y-1 text-sm">
                <label className="flex items-center gap-2">
                  <input
                    type="checkbox"
                    className="size-4 accent-primary"
                    checked={rule.enabled}
                    onChange={(e) => {
                      const kinds = [...rules.kinds];
                      kinds[i] = { ...rule, enabled: e.target.checked };
                      setRules({ ...rules, kinds });
                    }}
                  />
                  {celebrationKindLabels[rule.kind]}
                </label>
                <label className="flex items-center gap-2">
                  <input
                    type="checkbox"
                    className="size-4 accent-primary"
                    checked={rule.newMembersOnly}
                    onChange={(e) => {
                      const kinds = [...rules.kinds];
                      kinds[i] = { ...rule, newMembersOnly: e.target.checked };
                      setRules({ ...rules, kinds });
                    }}
                  />
                  First-year members only
                </label>
              </div>
            ))}
          </fieldset>
          <div className="grid gap-4 sm:grid-cols-2">
            {number('perYear', 'Per business a year')}
            {number('noticeDays', 'Notice (days)')}
            {number('horizonDays', 'Bookable ahead (days)')}
            {number('lengthMinutes', 'Length (minutes)')}
          </div>
          <fieldset className="grid gap-2">
            <legend className="mb-1 text-sm font-medium">Weekdays</legend>
            <div className="flex flex-wrap gap-x-4 gap-y-2 text-sm">
              {weekdayNames.map((name, day) => (
                <label key={name} className="flex items-center gap-2">
                  <input
                    type="checkbox"
                    className="size-4 accent-primary"
                    checked={rules.weekdays.includes(day)}
                    onChange={(e) =>
                      setRules({
                        ...rules,
                        weekdays: e.target.checked
                          ? [...rules.weekdays, day].sort()
                          : rules.weekdays.filter((d) => d !== day),
                      })
                    }
                  />
                  {name}
                </label>
              ))}
            </div>
          </fieldset>
          <div className="grid gap-1">
            <Label htmlFor={`${id}-times`}>Start times (HH:MM, comma between)</Label>
            <Input id={`${id}-times`} value={times} onChange={(e) => setTimes(e.target.value)} />
          </div>
          <div className="grid gap-1">
            <Label htmlFor={`${id}-blackouts`}>
              Blackout dates (one a line: first day, last day, note)
            </Label>
            <Textarea
              id={`${id}-blackouts`}
              value={blackouts}
              onChange={(e) => setBlackouts(e.target.value)}
            />
          </div>
          <div className="grid gap-1">
            <Label htmlFor={`${id}-checklist`}>What the chamber brings (one a line)</Label>
            <Textarea
              id={`${id}-checklist`}
              value={checklist}
              onChange={(e) => setChecklist(e.target.value)}
            />
          </div>
          <div className="grid gap-1 sm:max-w-xs">
            <Label htmlFor={`${id}-fee`}>Fee (0 for none)</Label>
            <Input
              id={`${id}-fee`}
              type="number"
              min={0}
              step="0.01"
              value={fee}
              onChange={(e) => setFee(e.target.value)}
            />
          </div>
          <label className="flex items-center gap-2 text-sm">
            <input
              type="checkbox"
              className="size-4 accent-primary"
              checked={rules.autoConfirm}
              onChange={(e) => setRules({ ...rules, autoConfirm: e.target.checked })}
            />
            Confirm bookings automatically
          </label>
          {outcome ? (
            <p
              role={outcome.ok ? 'status' : 'alert'}
              className={
                outcome.ok ? 'text-sm font-medium' : 'text-sm font-medium text-destructive'
              }
            >
              {outcome.text}
            </p>
          ) : null}
          <Button type="submit" disabled={save.isPending} className="w-fit">
            Save the rules
          </Button>
        </form>
      </CardContent>
    </Card>
  );
}
