/** What shows in place of prices and benefits when the plans could not be loaded. */
export function PlansUnavailable({ error }: { error: Error }) {
  return (
    <p
      role="alert"
      className="rounded-xl border border-destructive/40 bg-destructive/5 px-6 py-8 text-center font-medium"
    >
      {error.message || 'Failed to fetch membership plans'}
    </p>
  );
}
