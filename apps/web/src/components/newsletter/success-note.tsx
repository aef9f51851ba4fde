import { CircleCheckIcon } from 'lucide-react';
import type { ReactNode } from 'react';

/**
 * A sentence saying a mail recipient's request was done, read out by screen readers: the
 * success colour in the border and the icon, the text in the page's own (green text on the
 * tinted box is too faint in a card).
 */
export function SuccessNote({ children }: { children: ReactNode }) {
  return (
    <p
      role="status"
      className="flex items-start gap-2 rounded-md border border-success/40 bg-success/5 px-3 py-2 text-sm font-medium"
    >
      <CircleCheckIcon className="mt-0.5 size-4 shrink-0 text-success" aria-hidden="true" />
      <span>{children}</span>
    </p>
  );
}
