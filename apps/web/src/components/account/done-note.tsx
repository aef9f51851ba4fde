import type { ReactNode } from 'react';

/** A sentence confirming something was done, read out by screen readers. */
export function DoneNote({ children }: { children: ReactNode }) {
  return (
    <p
      role="status"
      className="rounded-md border border-success/40 bg-success/10 px-3 py-2 text-sm font-medium text-success"
    >
      {children}
    </p>
  );
}

/** The server's sentence, or a general one when the request got no answer. */
export const errorMessage = (err: unknown) =>
  err instanceof Error && err.message ? err.message : 'Something went wrong. Please try again.';
