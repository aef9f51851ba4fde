/** What an action came to, as the screen says it: a success or a failure. */
export interface Outcome {
  ok: boolean;
  text: string;
}

/**
 * The line under a screen's controls that says how the last action went: read out politely
 * when it worked (a status), at once when it did not (an alert).
 */
export function OutcomeMessage({ outcome }: { outcome: Outcome | null | undefined }) {
  if (!outcome) return null;
  return (
    <p
      role={outcome.ok ? 'status' : 'alert'}
      className={outcome.ok ? 'text-sm font-medium' : 'text-sm font-medium text-destructive'}
    >
      {outcome.text}
    </p>
  );
}
