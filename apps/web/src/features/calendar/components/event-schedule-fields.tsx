import type { EventForm } from '@chamber/contract';
import { RepeatIcon } from 'lucide-react';
import { useId } from 'react';
import { useWatch, type UseFormReturn } from 'react-hook-form';
import { Checkbox } from '@/components/ui/checkbox';
import { FormField } from '@/components/ui/form';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import {
  Select,
  SelectContent,
  SelectItem,
  SelectTrigger,
  SelectValue,
} from '@/components/ui/select';
import { followingEndDate, type EventFormValues } from '../lib/event-form';
import { repeatKinds, repeatLabel, type RepeatKind } from '../lib/recurrence';

export interface Repeat {
  kind: RepeatKind;
  until: string;
}

interface ScheduleFieldsProps {
  form: UseFormReturn<EventFormValues, unknown, EventForm>;
  multiDay: boolean;
  onMultiDayChange: (on: boolean) => void;
  /** Set when creating: how the new event repeats. */
  repeat?: Repeat;
  onRepeatChange?: (repeat: Repeat) => void;
  /** Set when editing an occurrence: the series rule in words. */
  seriesRule?: string;
  /** The zone the times are read in, e.g. 'MST'. */
  zoneLabel: string;
}

/**
 * Start, end, multi-day and repeat (docs/product.md#states Multi-day checkbox): with multi-day off the end
 * date follows the start date, or the next day when the end time is earlier than the start.
 */
export function EventScheduleFields({
  form,
  multiDay,
  onMultiDayChange,
  repeat,
  onRepeatChange,
  seriesRule,
  zoneLabel,
}: ScheduleFieldsProps) {
  const { control, getValues, setValue } = form;
  const multiDayId = useId();
  const repeatId = useId();
  const untilId = useId();
  const startDate = useWatch({ control, name: 'startDate' });

  // With multi-day off, the end date is derived from the start and the two times.
  function follow() {
    if (multiDay) return;
    setValue('endDate', followingEndDate(getValues()), {
      shouldValidate: form.formState.isSubmitted,
    });
  }

  const field = (
    name: 'startDate' | 'startTime' | 'endDate' | 'endTime',
    label: string,
    type: 'date' | 'time',
    disabled = false,
  ) => (
    <FormField
      control={control}
      name={name}
      label={label}
      render={({ field: f, controlProps }) => (
        <Input
          {...f}
          {...controlProps}
          type={type}
          disabled={disabled}
          required
          onChange={(e) => {
            f.onChange(e);
            if (name !== 'endDate') follow();
          }}
        />
      )}
    />
  );

  return (
    <fieldset className="grid gap-4">
      <legend className="mb-2 text-sm font-semibold">
        When <span className="font-normal text-muted-foreground">({zoneLabel} time)</span>
      </legend>
      <div className="grid grid-cols-2 gap-3">
        {field('startDate', 'Start date', 'date')}
        {field('startTime', 'Start time', 'time')}
        {field('endDate', 'End date', 'date', !multiDay)}
        {field('endTime', 'End time', 'time')}
      </div>
      <div className="flex items-center gap-2">
        <Checkbox
          id={multiDayId}
          checked={multiDay}
          onCheckedChange={(checked) => {
            const on = checked === true;
            onMultiDayChange(on);
            // Switching off puts the end back on the start date (or the next day overnight).
            if (!on)
              setValue('endDate', followingEndDate(getValues()), {
                shouldValidate: form.formState.isSubmitted,
              });
          }}
        />
        <Label htmlFor={multiDayId}>Multi-day event</Label>
      </div>
      {repeat && onRepeatChange ? (
        <div className="grid gap-3 sm:grid-cols-2">
          <div className="grid gap-2">
            <Label htmlFor={repeatId}>Repeats</Label>
            <Select
              value={repeat.kind}
              onValueChange={(kind) => onRepeatChange({ ...repeat, kind: kind as RepeatKind })}
            >
              <SelectTrigger id={repeatId}>
                <SelectValue />
              </SelectTrigger>
              <SelectContent>
                {repeatKinds.map((kind) => (
                  <SelectItem key={kind} value={kind}>
                    {repeatLabel(kind, startDate)}
                  </SelectItem>
                ))}
              </SelectContent>
            </Select>
          </div>
          {repeat.kind !== 'none' ? (
            <div className="grid gap-2">
              <Label htmlFor={untilId}>Ends on (optional)</Label>
              <Input
                id={untilId}
                type="date"
                value={repeat.until}
                min={startDate}
                onChange={(e) => onRepeatChange({ ...repeat, until: e.target.value })}
              />
            </div>
          ) : null}
        </div>
      ) : null}
      {seriesRule ? (
        <p className="flex items-center gap-2 text-sm text-muted-foreground">
          <RepeatIcon className="size-4" aria-hidden="true" />
          {seriesRule}
        </p>
      ) : null}
    </fieldset>
  );
}
