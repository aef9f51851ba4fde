import { formatDateKey, type Deal } from '@chamber/contract';
import { LockIcon, TicketIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { Badge } from '@/components/ui/badge';
import { paths } from '@/config/paths';

const day = (key: string) => formatDateKey(key, { month: 'long', day: 'numeric', year: 'numeric' });

/** "Valid until March 31, 2026", or nothing for a deal without a last day. */
export const validUntilText = (deal: Pick<Deal, 'validUntil'>) =>
  deal.validUntil ? `Valid until ${day(deal.validUntil)}` : null;

/** A deal's code as the coupon badges show codes: a dashed ticket, easy to copy. */
export function DealCode({ code }: { code: string }) {
  return (
    <Badge
      variant="outline"
      className="gap-1.5 border-dashed border-primary px-3 py-1 font-mono text-sm break-all whitespace-normal"
    >
      <TicketIcon className="size-4 shrink-0 text-primary" aria-hidden="true" />
      <span className="sr-only">Code: </span>
      {code}
    </Badge>
  );
}

/**
 * One deal: the business (linking to its page), the offer, the code, the last day and the
 * terms. A coupon code a listing keeps has no offer text: it shows as the business's code.
 * `headingLevel` keeps the page's heading order (h2 on /deals, h3 on the home page).
 */
export function DealCard({
  deal,
  headingLevel = 2,
  children,
}: {
  deal: Deal;
  headingLevel?: 2 | 3;
  children?: ReactNode;
}) {
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  const until = validUntilText(deal);
  return (
    <article className="flex h-full min-w-0 flex-col gap-3 rounded-xl border bg-card p-5 text-card-foreground shadow-sm">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <p className="min-w-0 text-sm font-medium">
          <Link
            to={paths.member.href(deal.contactId)}
            className="rounded-sm text-primary underline-offset-4 hover:underline"
          >
            {deal.business}
          </Link>
        </p>
        {deal.audience === 'members' ? (
          <Badge variant="secondary" className="gap-1">
            <LockIcon className="size-3" aria-hidden="true" />
            Members only
          </Badge>
        ) : null}
      </div>
      <Heading className="text-lg leading-snug font-semibold">
        {deal.offer ?? 'Coupon code'}
      </Heading>
      {deal.code ? <DealCode code={deal.code} /> : null}
      {until ? <p className="text-sm text-muted-foreground">{until}</p> : null}
      {deal.terms ? (
        <p className="text-sm whitespace-pre-line text-muted-foreground">{deal.terms}</p>
      ) : null}
      {children ? <div className="mt-auto flex flex-wrap gap-2 pt-2">{children}</div> : null}
    </article>
  );
}
