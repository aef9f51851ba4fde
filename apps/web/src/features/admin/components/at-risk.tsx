import type { AtRisk } from '@chamber/contract';
import { HeartHandshakeIcon, MailIcon, PhoneIcon } from 'lucide-react';
import { Link } from 'react-router';
import { useAtRisk } from '../api/cockpit';
import { TabEmpty, TabError, TabList, TabLoading } from './tab-states';

const dueDay = new Intl.DateTimeFormat('en-US', {
  month: 'short',
  day: 'numeric',
  year: 'numeric',
  timeZone: 'UTC',
});

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/**
 * Admin → At-risk members: memberships due within 60 days whose engagement score is low,
 * lowest score first (then the soonest due), so staff call them first. Each shows what the
 * score is made of, how to reach the business, and links to its membership.
 */
export function AtRiskMembers() {
  const query = useAtRisk();
  const data = query.data;
  return (
    <section aria-labelledby="at-risk-heading" className="grid gap-4">
      <div className="grid gap-1">
        <h2 id="at-risk-heading" className="text-xl font-semibold">
          At-risk members
        </h2>
        <p className="text-sm text-muted-foreground">
          Memberships due within 60 days with an engagement score below {data?.threshold ?? 40} of
          100, lowest first: call them before they renew. The score counts events checked in at, the
          listing kept up, deals and job posts, and listing views over the last 12 months.
        </p>
      </div>
      {query.isError && !data ? (
        <TabError message={query.error.message} onRetry={() => void query.refetch()} />
      ) : !data ? (
        <TabLoading label="Loading the at-risk members" count={3} className="h-24" />
      ) : data.members.length === 0 ? (
        <TabEmpty icon={HeartHandshakeIcon} title="No membership due soon has a low score.">
          <p className="text-muted-foreground">
            Everyone due within 60 days has taken part this year.
          </p>
        </TabEmpty>
      ) : (
        <TabList
          label="At-risk members"
          items={data.members.map((m) => ({ ...m, id: m.membershipId }))}
          busy={query.isFetching && !query.isPending}
          render={(member) => <AtRiskItem member={member} />}
        />
      )}
    </section>
  );
}

function AtRiskItem({ member: m }: { member: AtRisk['members'][number] }) {
  return (
    <article className="grid gap-3 rounded-xl border bg-card p-4 text-sm shadow-sm sm:grid-cols-[1fr_auto] sm:items-start">
      <div className="grid min-w-0 gap-1">
        <h3 className="font-semibold">
          <Link
            to={`/admin?${new URLSearchParams({ tab: 'memberships', membership: m.membershipId })}`}
            className="underline-offset-4 hover:underline"
          >
            {m.businessName}
          </Link>
        </h3>
        <p className="text-muted-foreground">
          Due <time dateTime={m.paidThrough}>{dueDay.format(new Date(m.paidThrough))}</time>
        </p>
        <p className="text-muted-foreground">
          {plural(m.eventsAttended, 'event', 'events')} attended · {m.listingComplete} of 6 listing
          parts · {plural(m.deals, 'deal', 'deals')} · {plural(m.jobPosts, 'job post', 'job posts')}{' '}
          · {plural(m.listingViews, 'listing view', 'listing views')}
        </p>
        <p className="flex flex-wrap gap-x-4 gap-y-1">
          {m.phone ? (
            <a
              href={`tel:${m.phone}`}
              className="inline-flex items-center gap-1.5 font-medium underline-offset-4 hover:underline"
            >
              <PhoneIcon className="size-4" aria-hidden="true" />
              {m.phone}
            </a>
          ) : null}
          {m.email ? (
            <a
              href={`mailto:${m.email}`}
              className="inline-flex min-w-0 items-center gap-1.5 break-all underline-offset-4 hover:underline"
            >
              <MailIcon className="size-4 shrink-0" aria-hidden="true" />
              {m.email}
            </a>
          ) : null}
        </p>
      </div>
      <p className="flex items-baseline gap-1 sm:justify-end">
        <span className="text-muted-foreground">Score</span>
        <span className="text-2xl font-bold text-primary tabular-nums">{m.score}</span>
        <span className="text-muted-foreground">/ 100</span>
      </p>
    </article>
  );
}
