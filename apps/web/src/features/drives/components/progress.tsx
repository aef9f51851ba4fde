import { percentOf } from './money';

/**
 * A bar of what is pledged (lighter) and paid (full) against the goal, with its numbers in
 * text beside it; the bar is a progressbar of the pledged share.
 */
export function GoalBar({
  label,
  pledgedCents,
  paidCents,
  goalCents,
}: {
  label: string;
  pledgedCents: number;
  paidCents: number;
  goalCents: number;
}) {
  const pledged = percentOf(pledgedCents, goalCents);
  const paid = percentOf(paidCents, goalCents);
  return (
    <div
      role="progressbar"
      aria-label={label}
      aria-valuemin={0}
      aria-valuemax={100}
      aria-valuenow={pledged}
      aria-valuetext={`${pledged}% of the goal pledged, ${paid}% paid`}
      className="relative h-3 w-full overflow-hidden rounded-full bg-muted"
    >
      <div className="absolute inset-y-0 left-0 bg-primary/40" style={{ width: `${pledged}%` }} />
      <div className="absolute inset-y-0 left-0 bg-primary" style={{ width: `${paid}%` }} />
    </div>
  );
}
