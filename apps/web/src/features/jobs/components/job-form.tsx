import {
  addDays,
  employmentTypeLabels,
  employmentTypes,
  JOB_DESCRIPTION_MAX,
  JOB_POST_MAX_DAYS,
  type JobPost,
  type JobPostInput,
  jobWorkplaceLabels,
  jobWorkplaces,
  payPeriods,
} from '@chamber/contract';
import { useId, useState, type FormEvent, type ReactNode } from 'react';
import { SelectOptions } from '@/components/forms/select-options';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import {
  Select,
  SelectContent,
  SelectItem,
  SelectTrigger,
  SelectValue,
} from '@/components/ui/select';
import { Textarea } from '@/components/ui/textarea';
import { jobFormValues, jobInput, type JobFormValues } from '../lib/job-form';

const NO_PERIOD = 'none';
const periodLabels = {
  hour: 'Per hour',
  day: 'Per day',
  week: 'Per week',
  month: 'Per month',
  year: 'Per year',
};

/** How the form is sent: saved as it stands, or saved and sent on (to staff, or the board). */
export type JobFormIntent = 'save' | 'submit';

function Field({
  id,
  label,
  hint,
  children,
}: {
  id: string;
  label: string;
  hint?: string;
  children: ReactNode;
}) {
  return (
    <div className="grid content-start gap-1.5">
      <Label htmlFor={id}>{label}</Label>
      {children}
      {hint ? (
        <p id={`${id}-hint`} className="text-xs text-muted-foreground">
          {hint}
        </p>
      ) : null}
    </div>
  );
}

/**
 * Writing or changing a job post. A draft (or a post sent back) is saved as a draft or sent;
 * a post waiting or on the board is saved. The server's checks answer in `error`.
 */
export function JobForm({
  job,
  today,
  address,
  publishesDirectly,
  pending,
  error,
  onSubmit,
  onCancel,
}: {
  job: JobPost | null;
  /** Today in the chamber's zone (YYYY-MM-DD): the closing date's default and bounds. */
  today: string;
  /** The business's address, shown beside 'On site'. */
  address: string | null;
  publishesDirectly: boolean;
  pending: boolean;
  error: string | null;
  onSubmit: (input: JobPostInput, intent: JobFormIntent) => void;
  onCancel: () => void;
}) {
  const id = useId();
  const [values, setValues] = useState<JobFormValues>(() => jobFormValues(job, today));
  const [localError, setLocalError] = useState<string | null>(null);
  const set = <K extends keyof JobFormValues>(key: K, value: JobFormValues[K]) =>
    setValues((old) => ({ ...old, [key]: value }));
  const sendable = !job || job.status === 'draft' || job.status === 'rejected';

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const submitter = (event.nativeEvent as SubmitEvent).submitter;
    const intent: JobFormIntent = submitter?.getAttribute('value') === 'submit' ? 'submit' : 'save';
    const result = jobInput(values);
    if ('error' in result) {
      setLocalError(result.error);
      return;
    }
    setLocalError(null);
    onSubmit(result.input, intent);
  };
  const shown = localError ?? error;

  return (
    <form
      onSubmit={submit}
      className="grid gap-4 rounded-xl border bg-surface p-4 sm:p-5"
      aria-label={job ? 'Edit job posting' : 'New job posting'}
    >
      {job?.pendingChange ? (
        <p className="rounded-lg border border-primary/40 bg-primary/5 px-3 py-2 text-sm">
          <span className="font-medium">Your changes are waiting for approval.</span> The form shows
          them; saving again replaces them.
        </p>
      ) : null}
      <Field id={`${id}-title`} label="Job title">
        <Input
          id={`${id}-title`}
          value={values.title}
          onChange={(e) => set('title', e.target.value)}
          maxLength={120}
          required
        />
      </Field>
      <Field
        id={`${id}-description`}
        label="Description"
        hint="Plain text. Line breaks are kept and web addresses become links."
      >
        <Textarea
          id={`${id}-description`}
          aria-describedby={`${id}-description-hint`}
          value={values.description}
          onChange={(e) => set('description', e.target.value)}
          maxLength={JOB_DESCRIPTION_MAX}
          rows={8}
          required
        />
      </Field>
      <div className="grid gap-4 sm:grid-cols-2">
        <Field id={`${id}-type`} label="Employment type">
          <Select
            value={values.employmentType}
            onValueChange={(value) =>
              set('employmentType', value as JobFormValues['employmentType'])
            }
          >
            <SelectTrigger id={`${id}-type`}>
              <SelectValue />
            </SelectTrigger>
            <SelectOptions
              options={employmentTypes.map((type) => ({
                value: type,
                label: employmentTypeLabels[type],
              }))}
            />
          </Select>
        </Field>
        <Field
          id={`${id}-closes`}
          label="Closing date"
          hint={`At most ${JOB_POST_MAX_DAYS} days from today.`}
        >
          <Input
            id={`${id}-closes`}
            type="date"
            aria-describedby={`${id}-closes-hint`}
            value={values.closesOn}
            min={today}
            max={addDays(today, JOB_POST_MAX_DAYS)}
            onChange={(e) => set('closesOn', e.target.value)}
          />
        </Field>
      </div>
      <fieldset className="grid gap-2">
        <legend className="mb-1 text-sm font-medium">Place</legend>
        {jobWorkplaces.map((workplace) => (
          <label key={workplace} className="flex items-start gap-2 text-sm">
            <input
              type="radio"
              name={`${id}-workplace`}
              value={workplace}
              checked={values.workplace === workplace}
              onChange={() => set('workplace', workplace)}
              className="mt-0.5 size-4 shrink-0 accent-primary"
            />
            <span className="min-w-0">
              {jobWorkplaceLabels[workplace]}
              {workplace === 'on_site' && address ? (
                <span className="text-muted-foreground"> ({address})</span>
              ) : null}
            </span>
          </label>
        ))}
      </fieldset>
      <fieldset className="grid gap-4 sm:grid-cols-3">
        <legend className="mb-1 text-sm font-medium">Pay (optional)</legend>
        <Field id={`${id}-pay-min`} label="Lowest pay">
          <Input
            id={`${id}-pay-min`}
            inputMode="decimal"
            value={values.payMin}
            onChange={(e) => set('payMin', e.target.value)}
          />
        </Field>
        <Field id={`${id}-pay-max`} label="Highest pay">
          <Input
            id={`${id}-pay-max`}
            inputMode="decimal"
            value={values.payMax}
            onChange={(e) => set('payMax', e.target.value)}
          />
        </Field>
        <Field id={`${id}-period`} label="Pay period">
          <Select
            value={values.payPeriod || NO_PERIOD}
            onValueChange={(value) =>
              set('payPeriod', value === NO_PERIOD ? '' : (value as JobFormValues['payPeriod']))
            }
          >
            <SelectTrigger id={`${id}-period`}>
              <SelectValue />
            </SelectTrigger>
            <SelectContent>
              <SelectItem value={NO_PERIOD}>Not given</SelectItem>
              {payPeriods.map((period) => (
                <SelectItem key={period} value={period}>
                  {periodLabels[period]}
                </SelectItem>
              ))}
            </SelectContent>
          </Select>
        </Field>
      </fieldset>
      <Field
        id={`${id}-apply`}
        label="How to apply"
        hint="An https:// link to your application page, or an email address."
      >
        <Input
          id={`${id}-apply`}
          aria-describedby={`${id}-apply-hint`}
          value={values.applyTo}
          onChange={(e) => set('applyTo', e.target.value)}
          maxLength={500}
          required
        />
      </Field>
      {shown ? (
        <p role="alert" className="text-sm font-medium text-destructive">
          {shown}
        </p>
      ) : null}
      <div className="flex flex-wrap gap-2">
        {sendable ? (
          <>
            <Button type="submit" name="intent" value="submit" disabled={pending}>
              {publishesDirectly ? 'Publish' : 'Submit for Approval'}
            </Button>
            <Button type="submit" name="intent" value="save" variant="outline" disabled={pending}>
              Save Draft
            </Button>
          </>
        ) : (
          <Button type="submit" name="intent" value="save" disabled={pending}>
            Save Changes
          </Button>
        )}
        <Button type="button" variant="ghost" onClick={onCancel}>
          Cancel
        </Button>
      </div>
      {!sendable && !publishesDirectly ? (
        <p className="text-xs text-muted-foreground">
          {job?.status === 'approved'
            ? "Your changes go to the chamber's staff for approval; the job board shows the posting as it is until then. The chamber may let changes to only the closing date or pay go live at once."
            : "A change goes to the chamber's staff with the posting for approval."}
        </p>
      ) : null}
    </form>
  );
}
