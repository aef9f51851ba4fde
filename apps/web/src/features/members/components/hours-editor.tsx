import {
  openingHoursSchema,
  weekdayNames,
  weekdays,
  type Member,
  type OpeningHours,
  type OpeningInterval,
  type Weekday,
} from '@chamber/contract';
import { PlusIcon, Trash2Icon } from 'lucide-react';
import { useId, useState, type FormEvent } from 'react';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { useUpdateHours } from '../api/update-member';

const WEEK: Weekday[] = [...weekdays.slice(1), weekdays[0]];

interface Draft {
  days: Record<Weekday, OpeningInterval[]>;
  closures: { date: string; note: string }[];
}

// A time input cannot show 24:00: midnight at the end of the day is entered as 00:00 closing.
const toInput = (time: string) => (time === '24:00' ? '00:00' : time);
const fromInput = (closes: string) => (closes === '00:00' ? '24:00' : closes);

function draftOf(hours: OpeningHours | null): Draft {
  return {
    days: Object.fromEntries(
      weekdays.map((day) => [
        day,
        (hours?.days[day] ?? []).map((i) => ({ opens: i.opens, closes: toInput(i.closes) })),
      ]),
    ) as Draft['days'],
    closures: hours?.closures.map((c) => ({ ...c })) ?? [],
  };
}

/**
 * The opening hours of a member's page: per weekday the intervals open (a second one makes a
 * lunch break), and days closed. Checked by the contract's schema before it is sent, so an
 * overlap or an interval closing before it opens is named at once; saved on its own.
 */
export function HoursEditor({ member }: { member: Member }) {
  const [draft, setDraft] = useState(() => draftOf(member.openingHours));
  const [problems, setProblems] = useState<string[]>([]);
  const mutation = useUpdateHours(member.id);
  const id = useId();

  const setDay = (day: Weekday, intervals: OpeningInterval[]) =>
    setDraft((d) => ({ ...d, days: { ...d.days, [day]: intervals } }));

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    const body = {
      days: Object.fromEntries(
        weekdays.map((day) => [
          day,
          draft.days[day].map((i) => ({ opens: i.opens, closes: fromInput(i.closes) })),
        ]),
      ),
      closures: draft.closures,
    };
    const checked = openingHoursSchema.safeParse(body);
    if (!checked.success) {
      setProblems(checked.error.issues.map(describeIssue));
      return;
    }
    setProblems([]);
    try {
      const saved = await mutation.mutateAsync(body);
      setDraft(draftOf(saved.openingHours));
      toast.success('Opening hours saved');
    } catch (error) {
      setProblems([error instanceof Error ? error.message : 'Failed to save the opening hours']);
    }
  }

  return (
    <form
      onSubmit={(e) => void onSubmit(e)}
      aria-labelledby={`${id}-title`}
      className="grid gap-5"
      noValidate
    >
      <div className="grid gap-1">
        <h3 id={`${id}-title`} className="text-base font-semibold">
          Opening Hours
        </h3>
        <p className="text-sm text-muted-foreground">
          Times on the chamber’s local clock. Add a second interval for a lunch break; a day without
          hours shows as closed. To stay open until midnight, close at 12:00 AM.
        </p>
      </div>
      <div className="grid gap-4">
        {WEEK.map((day) => (
          <fieldset key={day} className="grid gap-2 rounded-lg border p-3">
            <legend className="px-1 text-sm font-semibold">{weekdayNames[day]}</legend>
            {draft.days[day].length === 0 ? (
              <p className="text-sm text-muted-foreground">Closed</p>
            ) : null}
            {draft.days[day].map((interval, i) => {
              const name = `${weekdayNames[day]}${draft.days[day].length > 1 ? ` ${i + 1}` : ''}`;
              const update = (change: Partial<OpeningInterval>) =>
                setDay(
                  day,
                  draft.days[day].map((x, k) => (k === i ? { ...x, ...change } : x)),
                );
              return (
                <div key={i} className="grid grid-cols-[1fr_1fr_auto] items-end gap-2">
                  <TimeField
                    id={`${id}-${day}-${i}-opens`}
                    label="Opens"
                    of={name}
                    value={interval.opens}
                    onChange={(opens) => update({ opens })}
                  />
                  <TimeField
                    id={`${id}-${day}-${i}-closes`}
                    label="Closes"
                    of={name}
                    value={interval.closes}
                    onChange={(closes) => update({ closes })}
                  />
                  <Button
                    type="button"
                    variant="ghost"
                    size="icon"
                    aria-label={`Remove ${name} hours`}
                    onClick={() =>
                      setDay(
                        day,
                        draft.days[day].filter((_, k) => k !== i),
                      )
                    }
                  >
                    <Trash2Icon aria-hidden="true" />
                  </Button>
                </div>
              );
            })}
            <Button
              type="button"
              variant="outline"
              size="sm"
              className="justify-self-start"
              aria-label={`Add hours on ${weekdayNames[day]}`}
              onClick={() => {
                const last = draft.days[day].at(-1);
                const next = last
                  ? { opens: last.closes === '00:00' ? '23:00' : last.closes, closes: '00:00' }
                  : { opens: '09:00', closes: '17:00' };
                setDay(day, [...draft.days[day], next]);
              }}
            >
              <PlusIcon aria-hidden="true" />
              Add hours
            </Button>
          </fieldset>
        ))}
      </div>

      <fieldset className="grid gap-2 rounded-lg border p-3">
        <legend className="px-1 text-sm font-semibold">Closed on (holidays)</legend>
        {draft.closures.map((closure, i) => {
          const update = (change: Partial<Draft['closures'][number]>) =>
            setDraft((d) => ({
              ...d,
              closures: d.closures.map((c, k) => (k === i ? { ...c, ...change } : c)),
            }));
          return (
            <div
              key={i}
              className="grid grid-cols-[1fr_auto] items-end gap-2 sm:grid-cols-[10rem_1fr_auto]"
            >
              <div className="grid gap-1">
                <Label htmlFor={`${id}-closure-${i}-date`}>
                  Date<span className="sr-only"> of closure {i + 1}</span>
                </Label>
                <Input
                  id={`${id}-closure-${i}-date`}
                  type="date"
                  required
                  value={closure.date}
                  onChange={(e) => update({ date: e.target.value })}
                />
              </div>
              <div className="col-start-1 row-start-2 grid gap-1 sm:col-start-2 sm:row-start-1">
                <Label htmlFor={`${id}-closure-${i}-note`}>
                  Note<span className="sr-only"> of closure {i + 1}</span>
                </Label>
                <Input
                  id={`${id}-closure-${i}-note`}
                  maxLength={100}
                  placeholder="Thanksgiving"
                  value={closure.note}
                  onChange={(e) => update({ note: e.target.value })}
                />
              </div>
              <Button
                type="button"
                variant="ghost"
                size="icon"
                aria-label={`Remove closure ${i + 1}`}
                onClick={() =>
                  setDraft((d) => ({ ...d, closures: d.closures.filter((_, k) => k !== i) }))
                }
              >
                <Trash2Icon aria-hidden="true" />
              </Button>
            </div>
          );
        })}
        <Button
          type="button"
          variant="outline"
          size="sm"
          className="justify-self-start"
          onClick={() =>
            setDraft((d) => ({ ...d, closures: [...d.closures, { date: '', note: '' }] }))
          }
        >
          <PlusIcon aria-hidden="true" />
          Add a closure
        </Button>
      </fieldset>

      {problems.length > 0 ? (
        <div role="alert" className="rounded-md border border-destructive/40 bg-destructive/5 p-3">
          <ul className="grid list-disc gap-1 pl-5 text-sm text-destructive">
            {problems.map((p) => (
              <li key={p}>{p}</li>
            ))}
          </ul>
        </div>
      ) : null}
      <Button type="submit" className="justify-self-start" disabled={mutation.isPending}>
        {mutation.isPending ? 'Saving…' : 'Save Hours'}
      </Button>
    </form>
  );
}

/** An issue of the schema as a sentence: the day's own message, or the field and the rule. */
/** A labelled time input; `of` names the day (and interval) for screen readers only. */
function TimeField(props: {
  id: string;
  label: string;
  of: string;
  value: string;
  onChange: (value: string) => void;
}) {
  return (
    <div className="grid gap-1">
      <Label htmlFor={props.id}>
        {props.label}
        <span className="sr-only"> ({props.of})</span>
      </Label>
      <Input
        id={props.id}
        type="time"
        required
        value={props.value}
        onChange={(e) => props.onChange(e.target.value)}
      />
    </div>
  );
}

function describeIssue(issue: { path: PropertyKey[]; message: string }): string {
  const [area, key, index, field] = issue.path;
  if (area === 'days' && typeof key === 'string' && key in weekdayNames) {
    const day = weekdayNames[key as Weekday];
    if (issue.message.startsWith(day)) return issue.message;
    return `${day}, ${String(field ?? 'time')} ${Number(index) + 1}: ${issue.message}`;
  }
  if (area === 'closures') return `Closure ${Number(key) + 1}: ${issue.message}`;
  return issue.message;
}
