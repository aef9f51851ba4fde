import { type ComponentProps, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import { FormError } from '@/components/ui/form';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { failureMessage } from '../lib/errors';

/**
 * One staff action on a membership or invoice, confirmed in its own dialog: the fields it
 * needs, then the button that does it. `run` answers the success toast's sentence, or null
 * when a field is wrong (the field says why); the server's refusal shows in the dialog and as
 * a toast, and the dialog stays open to correct it.
 */
export function DuesActionDialog({
  open,
  onOpenChange,
  title,
  description,
  confirmLabel,
  pendingLabel,
  destructive = false,
  run,
  children,
  fallbackFocus,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  description: ReactNode;
  confirmLabel: string;
  pendingLabel: string;
  destructive?: boolean;
  run: () => Promise<string | null>;
  children?: ReactNode;
  /** Where focus goes when the button that opened the dialog went away with the change. */
  fallbackFocus?: () => HTMLElement | null;
}) {
  const [pending, setPending] = useState(false);
  // The button that opened it: focus goes back there, or to `fallbackFocus` once it is gone.
  const opener = useRef<HTMLElement | null>(null);
  const [error, setError] = useState<string | null>(null);

  async function submit(event: FormEvent) {
    event.preventDefault();
    event.stopPropagation();
    setError(null);
    setPending(true);
    try {
      const done = await run();
      if (done === null) return;
      toast.success(done);
      onOpenChange(false);
    } catch (caught) {
      const message = failureMessage(caught, `${title} failed`);
      setError(message);
      toast.error(message);
    } finally {
      setPending(false);
    }
  }

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        if (!next) setError(null);
        onOpenChange(next);
      }}
    >
      <DialogContent
        onOpenAutoFocus={() => {
          opener.current = document.activeElement as HTMLElement | null;
        }}
        onCloseAutoFocus={(event) => {
          event.preventDefault();
          const target = opener.current?.isConnected ? opener.current : fallbackFocus?.();
          target?.focus();
        }}
      >
        <DialogHeader>
          <DialogTitle>{title}</DialogTitle>
          <DialogDescription>{description}</DialogDescription>
        </DialogHeader>
        <form
          noValidate
          onSubmit={(event) => void submit(event)}
          className="grid gap-4"
          aria-label={title}
        >
          <FormError>{error}</FormError>
          {children}
          <DialogFooter>
            <Button type="button" variant="outline" onClick={() => onOpenChange(false)}>
              Back
            </Button>
            <Button
              type="submit"
              variant={destructive ? 'destructive' : 'default'}
              disabled={pending}
            >
              {pending ? pendingLabel : confirmLabel}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}

/** A labelled field of an action dialog, with its error under it. */
export function ActionField({
  id,
  label,
  error,
  hint,
  children,
}: {
  id: string;
  label: string;
  error?: string | null;
  hint?: string;
  children: ReactNode;
}) {
  return (
    <div className="grid gap-2">
      <Label htmlFor={id}>{label}</Label>
      {children}
      {hint ? (
        <p id={`${id}-hint`} className="text-sm text-muted-foreground">
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={`${id}-error`} className="text-sm font-medium text-destructive">
          {error}
        </p>
      ) : null}
    </div>
  );
}

/**
 * A text box of an action dialog under its label. With `error` given (null while there is
 * none) the box is tied to it, and marked invalid while it is shown.
 */
export function ActionInput({
  id,
  label,
  error,
  value,
  onValueChange,
  ...input
}: {
  id: string;
  label: string;
  error?: string | null;
  value: string;
  onValueChange: (value: string) => void;
} & Omit<ComponentProps<typeof Input>, 'id' | 'value' | 'onChange'>) {
  return (
    <ActionField id={id} label={label} error={error}>
      <Input
        id={id}
        value={value}
        onChange={(e) => onValueChange(e.target.value)}
        {...input}
        {...(error === undefined ? {} : describedBy(id, error))}
      />
    </ActionField>
  );
}

/** aria props tying a control to its hint and error. */
export const describedBy = (id: string, error?: string | null, hint?: string) => ({
  'aria-invalid': Boolean(error),
  'aria-describedby':
    [hint ? `${id}-hint` : null, error ? `${id}-error` : null].filter(Boolean).join(' ') ||
    undefined,
});
