import { CircleCheckIcon } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { Button } from '@/components/ui/button';

/**
 * What replaces a native form once the server has it: the server's sentence, and a way to
 * send another. It takes the focus, since the button that sent the form is gone.
 */
export function FormSuccess({
  title,
  message,
  againLabel,
  onAgain,
}: {
  title: string;
  message: string;
  againLabel: string;
  onAgain: () => void;
}) {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => ref.current?.focus(), []);
  return (
    <div
      ref={ref}
      role="status"
      tabIndex={-1}
      className="grid justify-items-center gap-3 rounded-xl border border-success/40 bg-success/5 px-6 py-10 text-center outline-none"
    >
      <CircleCheckIcon className="size-10 text-success" aria-hidden="true" />
      <p className="text-lg font-semibold">{title}</p>
      <p className="max-w-md text-muted-foreground">{message}</p>
      <Button type="button" variant="outline" onClick={onAgain} className="mt-2">
        {againLabel}
      </Button>
    </div>
  );
}
