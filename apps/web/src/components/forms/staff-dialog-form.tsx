import { useRef, useState, type FormEvent } from 'react';
import { Button } from '@/components/ui/button';
import { DialogFooter } from '@/components/ui/dialog';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Spinner } from '@/components/ui/spinner';

/*
 * What staff's lists with an add/edit dialog and a delete confirmation share (promo codes,
 * an event's ticket types): the text fields with a hint, the form checked in the browser as
 * the server checks it, its footer, and where focus goes when a dialog closes.
 */

/** An error's message, or `fallback` when it has none. */
export const messageOf = (error: unknown, fallback: string) =>
  error instanceof Error && error.message ? error.message : fallback;

/**
 * Dialogs opened without a trigger of their own: focus goes back to the button that opened
 * one (`openedBy`), or to the list's add button when that button went with its row.
 */
export function useReturnFocus() {
  const opener = useRef<HTMLElement | null>(null);
  const addButton = useRef<HTMLButtonElement>(null);
  return {
    addButton,
    openedBy: (element: HTMLElement) => {
      opener.current = element;
    },
    /** After a deletion: the row's buttons are gone. */
    backToAdd: () => {
      opener.current = addButton.current;
    },
    returnFocus: (e: Event) => {
      e.preventDefault();
      const back = opener.current?.isConnected ? opener.current : addButton.current;
      back?.focus();
    },
  };
}

/**
 * A form's values checked by `parse` on submit: its refusal is shown (`error`) and nothing is
 * sent, else `onSubmit` gets the input.
 */
export function useCheckedForm<V, I>(
  initial: V,
  parse: (values: V) => { input: I } | { error: string },
  onSubmit: (input: I) => void,
) {
  const [values, setValues] = useState(initial);
  const [error, setError] = useState<string | null>(null);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const parsed = parse(values);
    if ('error' in parsed) {
      setError(parsed.error);
      return;
    }
    setError(null);
    onSubmit(parsed.input);
  };
  return { values, setValues, error, submit };
}

/** A labelled text input with its hint under it (described by it). */
export function HintedInput({
  id,
  label,
  value,
  onChange,
  hint,
  inputMode,
  type = 'text',
  maxLength,
  required,
}: {
  id: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
  hint?: string;
  inputMode?: 'numeric' | 'decimal';
  type?: string;
  maxLength?: number;
  required?: boolean;
}) {
  return (
    <div className="grid gap-1.5">
      <Label htmlFor={id}>{label}</Label>
      <Input
        id={id}
        value={value}
        onChange={(e) => onChange(e.target.value)}
        inputMode={inputMode}
        type={type}
        maxLength={maxLength}
        required={required}
        autoComplete="off"
        aria-describedby={hint ? `${id}-hint` : undefined}
      />
      {hint ? (
        <p id={`${id}-hint`} className="text-sm text-muted-foreground">
          {hint}
        </p>
      ) : null}
    </div>
  );
}

/** The form's refusal (the browser's check, else the server's), Cancel and the submit button. */
export function DialogFormFooter({
  error,
  pending,
  submitLabel,
  onCancel,
}: {
  error: string | null;
  pending: boolean;
  submitLabel: string;
  onCancel: () => void;
}) {
  return (
    <>
      {error ? (
        <p role="alert" className="text-sm font-medium text-destructive">
          {error}
        </p>
      ) : null}
      <DialogFooter>
        <Button type="button" variant="outline" onClick={onCancel}>
          Cancel
        </Button>
        <Button type="submit" disabled={pending}>
          {pending ? <Spinner className="size-4" /> : null}
          {submitLabel}
        </Button>
      </DialogFooter>
    </>
  );
}
