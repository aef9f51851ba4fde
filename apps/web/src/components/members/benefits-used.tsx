import { formatDateKey, type MemberBenefits } from '@chamber/contract';
import { useQuery } from '@tanstack/react-query';
import { Skeleton } from '@/components/ui/skeleton';
import { memberBenefitsQueryOptions } from '@/lib/api/member-benefits';

type Benefit = MemberBenefits['benefits'][number];

/** 'November 2026' for `2026-11`, '2026' for a year. */
export function periodText(benefit: Pick<Benefit, 'period' | 'periodKey'>): string {
  if (benefit.period === 'year') return benefit.periodKey;
  return formatDateKey(`${benefit.periodKey}-01`, { month: 'long', year: 'numeric' });
}

/** '1 of 1 used in November 2026, none left' */
export function usedText(benefit: Benefit): string {
  const left = benefit.left === 0 ? 'none left' : `${benefit.left} left`;
  return `${benefit.used} of ${benefit.count} used in ${periodText(benefit)}, ${left}`;
}

/**
 * A member business's plan benefits that are tickets or prices, each with what is used and
 * left this period (GET /members/{id}/benefits): on /account for its people, and on the
 * member's membership for staff. `whose` words the notes: 'your' or 'this'.
 */
export function BenefitsUsed({
  memberId,
  whose,
  hideWhenNone = false,
}: {
  memberId: string;
  whose: 'your' | 'this';
  /** Show nothing for a plan without ticket benefits (the account page). */
  hideWhenNone?: boolean;
}) {
  const query = useQuery(memberBenefitsQueryOptions(memberId));
  if (query.error) {
    return (
      <p role="alert" className="text-sm text-destructive">
        {query.error.message}
      </p>
    );
  }
  if (!query.data) return <Skeleton className="h-16 rounded-lg" />;
  const { benefits, current } = query.data;
  if (benefits.length === 0) {
    return hideWhenNone ? null : (
      <p className="text-sm text-muted-foreground">
        {whose === 'your' ? 'Your' : 'This'} plan has no ticket benefits.
      </p>
    );
  }
  return (
    <div className="grid gap-2">
      {current ? null : (
        <p className="text-sm text-muted-foreground">
          {whose === 'your' ? 'Your' : 'This'} membership is not current, so these do not apply to
          orders now.
        </p>
      )}
      <ul className="grid gap-2" aria-label="Ticket benefits used and left">
        {benefits.map((b) => (
          <li key={b.id} className="grid gap-0.5 rounded-lg border p-3 text-sm">
            <span className="font-medium">{b.label}</span>
            <span className="text-muted-foreground">
              {usedText(b)}
              {b.until
                ? `; until ${formatDateKey(b.until, { month: 'long', day: 'numeric', year: 'numeric' })}`
                : ''}
            </span>
          </li>
        ))}
      </ul>
    </div>
  );
}
