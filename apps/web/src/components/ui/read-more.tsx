import { useId, useState } from 'react';
import { cn } from '@/lib/utils';

/** Longer than this (or more lines than LONG_LINES), text opens at its first lines. */
const LONG_CHARACTERS = 400;
const LONG_LINES = 5;

/**
 * Text people wrote (a bio), its line breaks kept. Long text shows its first six lines and
 * 'Read more', which opens the rest; short text shows whole. The same on the server and in
 * the browser: it is judged by the text, not by its measured height.
 */
export function ReadMore({ text, className }: { text: string; className?: string }) {
  const [open, setOpen] = useState(false);
  const id = useId();
  const long = text.length > LONG_CHARACTERS || text.split('\n').length > LONG_LINES;
  return (
    <div className="grid justify-items-start gap-2">
      <p id={id} className={cn('whitespace-pre-line', long && !open && 'line-clamp-6', className)}>
        {text}
      </p>
      {long ? (
        <button
          type="button"
          aria-expanded={open}
          aria-controls={id}
          onClick={() => setOpen((o) => !o)}
          className="text-sm font-medium text-primary underline-offset-4 hover:underline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring"
        >
          {open ? 'Show less' : 'Read more'}
        </button>
      ) : null}
    </div>
  );
}
