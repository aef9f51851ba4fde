import type { Member } from '@chamber/contract';
import { MailIcon } from 'lucide-react';
import { Link } from 'react-router';
import { CategoryLinks } from '@/components/members/category-links';
import { MemberAvatar } from '@/components/members/member-avatar';
import { OpeningStatusView } from '@/components/members/opening-status';
import { SocialLinks } from '@/components/members/social-links';
import { TierBadgeView } from '@/components/members/tier-badge';
import { Badge } from '@/components/ui/badge';
import { Skeleton } from '@/components/ui/skeleton';
import { paths } from '@/config/paths';
import { cn } from '@/lib/utils';
import type { ViewMode } from './use-view-mode';

/**
 * One directory entry. The whole card is the link to the member's page: the name's link
 * stretches over the card, so the card has a short accessible name; an elite member's
 * profile links sit above that stretch, each its own tab stop. What every card reads alike
 * (the plans' names, the clock, the chamber's zone) the directory reads once and hands down:
 * a card holds no query observer or clock of its own.
 */
export function MemberCard({
  member,
  view,
  showEmail,
  planName,
  now,
  zone,
}: {
  member: Member;
  view: ViewMode;
  showEmail: boolean;
  /** The name of the member's plan (`usePlanName`). */
  planName: string;
  /** The moment its opening status is read at (epoch ms, `useNow`). */
  now: number;
  /** The chamber's zone, which opening hours are kept in. */
  zone: string;
}) {
  const title = member.businessName || member.name;
  const list = view === 'list';

  return (
    <article
      className={cn(
        'relative flex h-full gap-4 rounded-xl border bg-card p-5 text-card-foreground shadow-sm transition-[box-shadow,border-color] focus-within:border-primary hover:border-primary/50 hover:shadow-md',
        list ? 'flex-col sm:flex-row sm:items-center' : 'flex-col',
      )}
    >
      <div className={cn('flex min-w-0 items-start gap-4', list && 'sm:w-80 sm:shrink-0')}>
        <MemberAvatar
          src={member.avatar}
          firstName={member.firstName}
          lastName={member.lastName}
          alt={`Photo of ${member.name}`}
          className={list ? 'size-14' : undefined}
        />
        <div className="grid min-w-0 gap-1">
          <h2 className="text-lg leading-snug font-semibold">
            <Link
              to={paths.member.href(member.id)}
              className="rounded-sm outline-none after:absolute after:inset-0 after:rounded-xl after:content-[''] focus-visible:after:outline-2 focus-visible:after:outline-offset-2 focus-visible:after:outline-ring"
            >
              {title}
            </Link>
          </h2>
          {member.businessName ? (
            <p className="text-sm text-muted-foreground">{member.name}</p>
          ) : null}
          <TierBadgeView tier={member.membershipTier} name={planName} className="mt-1" />
        </div>
      </div>
      <div className="grid min-w-0 flex-1 gap-3">
        <OpeningStatusView hours={member.openingHours} now={now} zone={zone} />
        <CategoryLinks categories={member.categories} />
        {member.tagline ? (
          <p className="line-clamp-2 text-sm text-muted-foreground">{member.tagline}</p>
        ) : null}
        {member.specialties.length > 0 ? (
          <ul aria-label="Specialties" className="flex flex-wrap gap-1.5">
            {member.specialties.map((specialty) => (
              <li key={specialty}>
                <Badge variant="outline" className="font-medium whitespace-normal">
                  {specialty}
                </Badge>
              </li>
            ))}
          </ul>
        ) : null}
        {showEmail && member.email ? (
          <p className="flex min-w-0 items-center gap-2 text-sm">
            <MailIcon className="size-4 shrink-0 text-muted-foreground" aria-hidden="true" />
            <span className="sr-only">Email: </span>
            <span className="truncate">{member.email}</span>
          </p>
        ) : null}
        {member.features.elite ? (
          <SocialLinks links={member.socialLinks} owner={title} size="sm" />
        ) : null}
      </div>
    </article>
  );
}

export function MemberCardSkeleton({ view }: { view: ViewMode }) {
  return (
    <div
      className={cn(
        'flex gap-4 rounded-xl border bg-card p-5',
        view === 'list' ? 'flex-row items-center' : 'flex-col',
      )}
    >
      <div className="flex items-start gap-4">
        <Skeleton className="size-16 rounded-full" />
        <div className="grid gap-2">
          <Skeleton className="h-5 w-40" />
          <Skeleton className="h-4 w-28" />
          <Skeleton className="h-5 w-20 rounded-full" />
        </div>
      </div>
      <div className="grid flex-1 gap-2">
        <Skeleton className="h-4 w-full" />
        <Skeleton className="h-4 w-2/3" />
      </div>
    </div>
  );
}
