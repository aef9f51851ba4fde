import {
  type AccountHub,
  type AccountRegistration,
  formatDateKey,
  formatMoney,
  paths,
} from '@chamber/contract';
import { useQuery } from '@tanstack/react-query';
import { CheckCircle2Icon, CircleIcon } from 'lucide-react';
import { type ReactNode, useEffect, useState } from 'react';
import { Link } from 'react-router';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { BenefitsUsed } from '@/components/members/benefits-used';
import { CelebrationEntry } from '@/components/celebrations/celebration-entry';
import { MyDriveEntry } from '@/components/drives/my-drive-entry';
import { MySponsorships } from '@/components/sponsors/my-sponsorships';
import { memberBenefitsQueryOptions } from '@/lib/api/member-benefits';
import { accountQueryOptions } from '../api/account';

const day = (key: string) => formatDateKey(key, { month: 'long', day: 'numeric', year: 'numeric' });
const when = (iso: string) =>
  new Date(iso).toLocaleString('en-US', {
    weekday: 'short',
    month: 'short',
    day: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
  });

function Section({ title, id, children }: { title: string; id: string; children: ReactNode }) {
  return (
    <Card aria-labelledby={id} role="region">
      <CardHeader>
        <h2 id={id} className="text-lg leading-tight font-semibold">
          {title}
        </h2>
      </CardHeader>
      <CardContent className="grid gap-3">{children}</CardContent>
    </Card>
  );
}

const Empty = ({ children }: { children: ReactNode }) => (
  <p className="text-sm text-muted-foreground">{children}</p>
);

/** /account: everything of the signed-in member's, gathered from GET /api/account. */
export function AccountHubView() {
  const query = useQuery(accountQueryOptions());
  if (query.error) {
    return (
      <p
        role="alert"
        className="rounded-xl border border-destructive/40 bg-destructive/5 px-6 py-8 text-center font-medium"
      >
        {query.error.message}
      </p>
    );
  }
  if (!query.data) {
    return (
      <div className="grid gap-6 md:grid-cols-2" aria-busy="true" aria-label="Loading your account">
        {[0, 1, 2, 3].map((i) => (
          <Skeleton key={i} className="h-40 rounded-xl" />
        ))}
      </div>
    );
  }
  const hub = query.data;
  return (
    <div className="grid gap-6 md:grid-cols-2">
      <YearCard hub={hub} />
      <StandingCard hub={hub} />
      {hub.listing ? <PlanBenefitsCard memberId={hub.listing.contactId} /> : null}
      <Section title="Upcoming events" id="account-upcoming">
        {hub.upcoming.length === 0 ? (
          <Empty>
            No registrations yet. <Link to={paths.calendar.href()}>See the calendar</Link>.
          </Empty>
        ) : (
          <ul className="grid gap-4">
            {hub.upcoming.map((r) => (
              <UpcomingItem key={r.id} registration={r} />
            ))}
          </ul>
        )}
      </Section>
      <ListingCard hub={hub} />
      {hub.listing ? <CelebrationEntry /> : null}
      <MyDriveEntry />
      <MySponsorships />
      <Section title="Past events" id="account-past">
        {hub.past.length === 0 ? (
          <Empty>No events in the past year.</Empty>
        ) : (
          <ul className="grid gap-2 text-sm">
            {hub.past.map((e) => (
              <li key={`${e.eventId}-${e.startsAt}`} className="flex flex-wrap items-center gap-2">
                <Link to={e.href} className="font-medium underline-offset-4 hover:underline">
                  {e.title}
                </Link>
                <span className="text-muted-foreground">{when(e.startsAt)}</span>
                {e.attended ? <Badge variant="secondary">Attended</Badge> : null}
              </li>
            ))}
          </ul>
        )}
      </Section>
      <Section title="Job posts and deals" id="account-posts">
        {hub.jobPosts.length === 0 && hub.deals.length === 0 ? (
          <Empty>No job posts or deals yet.</Empty>
        ) : (
          <ul className="grid gap-2 text-sm">
            {hub.jobPosts.map((p) => (
              <li key={p.id} className="flex flex-wrap items-center gap-2">
                <span className="font-medium">{p.title}</span>
                <Badge variant="outline">{p.status}</Badge>
                <span className="text-muted-foreground">closes {day(p.closesOn)}</span>
              </li>
            ))}
            {hub.deals.map((d) => (
              <li key={d.id} className="flex flex-wrap items-center gap-2">
                <span className="font-medium">{d.offer}</span>
                <Badge variant={d.current ? 'secondary' : 'outline'}>
                  {d.current ? 'Deal, current' : 'Deal, ended'}
                </Badge>
              </li>
            ))}
          </ul>
        )}
        <div className="flex flex-wrap gap-2">
          <Button asChild variant="outline" size="sm">
            <Link to={paths.myJobPostings.href()}>Your job posts</Link>
          </Button>
          <Button asChild variant="outline" size="sm">
            <Link to={paths.profile.href()}>Your deals</Link>
          </Button>
        </div>
      </Section>
    </div>
  );
}

function YearCard({ hub }: { hub: AccountHub }) {
  const v = hub.value;
  if (!v) return null;
  const figures: [string, number][] = [
    ['Events attended', v.eventsAttended],
    ['Listing views', v.listingViews],
    ['Website visits', v.websiteClicks],
    ['Phone taps', v.phoneClicks],
    ['Deal views', v.dealViews],
    ['Job post views', v.jobViews],
    ['Apply clicks', v.applyClicks],
  ];
  return (
    <Section title="Your year with the chamber" id="account-year">
      <p className="text-sm">{v.summary}.</p>
      <dl className="grid grid-cols-2 gap-3 sm:grid-cols-4">
        {figures.map(([label, n]) => (
          <div key={label} className="rounded-lg border p-3">
            <dt className="text-xs text-muted-foreground">{label}</dt>
            <dd className="text-2xl font-semibold tabular-nums">{n.toLocaleString('en-US')}</dd>
          </div>
        ))}
      </dl>
      <p className="text-xs text-muted-foreground">
        {day(v.from)} to {day(v.to)}. Counted without cookies; bots are left out.
      </p>
    </Section>
  );
}

/** The plan's ticket benefits, used and left: only for a plan that has some. */
function PlanBenefitsCard({ memberId }: { memberId: string }) {
  const query = useQuery(memberBenefitsQueryOptions(memberId));
  if (!query.data || query.data.benefits.length === 0) return null;
  return (
    <Section title="Plan benefits" id="account-benefits">
      <p className="text-sm text-muted-foreground">
        Applied by themselves to your orders for the events they name.
      </p>
      <BenefitsUsed memberId={memberId} whose="your" hideWhenNone />
    </Section>
  );
}

function StandingCard({ hub }: { hub: AccountHub }) {
  const m = hub.membership;
  return (
    <Section title="Membership" id="account-membership">
      {m ? (
        <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
          <dt className="text-muted-foreground">Plan</dt>
          <dd>
            {m.planName} <Badge variant="outline">{m.status}</Badge>
          </dd>
          {m.paidThrough ? (
            <>
              <dt className="text-muted-foreground">Paid through</dt>
              <dd>{day(m.paidThrough)}</dd>
            </>
          ) : null}
          {m.nextPayment ? (
            <>
              <dt className="text-muted-foreground">Next payment</dt>
              <dd>
                {formatMoney(m.nextPayment.amountCents, m.nextPayment.currency)} on{' '}
                {day(m.nextPayment.dueOn)}
                {m.autoRenew ? ' (charged automatically)' : ''}
              </dd>
            </>
          ) : null}
        </dl>
      ) : (
        <Empty>
          No membership yet. <Link to={paths.join.href()}>Join the chamber</Link>.
        </Empty>
      )}
      {hub.invoicesToPay.length > 0 ? (
        <div className="grid gap-2">
          <h3 className="text-sm font-semibold">Invoices to pay</h3>
          <ul className="grid gap-1 text-sm">
            {hub.invoicesToPay.map((i) => (
              <li key={i.id}>
                Invoice {i.number}: {formatMoney(i.totalCents, i.currency)}, due {day(i.dueOn)}
              </li>
            ))}
          </ul>
          <Button asChild size="sm" className="justify-self-start">
            <Link to={paths.membership.href()}>Pay now</Link>
          </Button>
        </div>
      ) : null}
      <div className="flex flex-wrap gap-2">
        <Button asChild variant="outline" size="sm">
          <Link to={paths.membership.href()}>My membership</Link>
        </Button>
        <Button asChild variant="outline" size="sm">
          <Link to={paths.profile.href()}>Profile</Link>
        </Button>
      </div>
    </Section>
  );
}

function ListingCard({ hub }: { hub: AccountHub }) {
  const listing = hub.listing;
  if (!listing) return null;
  const left = listing.steps.filter((s) => !s.done);
  return (
    <Section title="Your listing" id="account-listing">
      <div className="grid gap-1">
        <p className="text-sm">
          <Link to={listing.href} className="font-medium underline-offset-4 hover:underline">
            {listing.name}
          </Link>{' '}
          is {listing.completeness}% complete.
        </p>
        <div
          className="h-2 overflow-hidden rounded-full bg-muted"
          role="progressbar"
          aria-label="Listing completeness"
          aria-valuenow={listing.completeness}
          aria-valuemin={0}
          aria-valuemax={100}
        >
          <div className="h-full bg-primary" style={{ width: `${listing.completeness}%` }} />
        </div>
      </div>
      {left.length > 0 ? <p className="text-sm">Next steps:</p> : null}
      <ul className="grid gap-1 text-sm">
        {listing.steps.map((s) => (
          <li key={s.key} className="flex items-center gap-2">
            {s.done ? (
              <CheckCircle2Icon aria-hidden="true" className="size-4 text-primary" />
            ) : (
              <CircleIcon aria-hidden="true" className="size-4 text-muted-foreground" />
            )}
            {s.done ? (
              <span>
                {s.label} <span className="sr-only">(done)</span>
              </span>
            ) : (
              <Link to={s.href} className="underline underline-offset-4">
                {s.label}
              </Link>
            )}
          </li>
        ))}
      </ul>
    </Section>
  );
}

function UpcomingItem({ registration: r }: { registration: AccountRegistration }) {
  return (
    <li className="grid gap-1 rounded-lg border p-3 text-sm">
      <Link to={r.href} className="font-medium underline-offset-4 hover:underline">
        {r.title}
      </Link>
      <span className="text-muted-foreground">
        {when(r.startsAt)}
        {r.location ? ` · ${r.location}` : ''} · {r.guests} {r.guests === 1 ? 'seat' : 'seats'}
      </span>
      {r.seatStatus !== 'confirmed' ? <Badge variant="outline">{r.seatStatus}</Badge> : null}
      {r.ticket ? (
        <span>
          Ticket invoice {r.ticket.number} ({r.ticket.status})
        </span>
      ) : null}
      <div className="flex flex-wrap items-start gap-2">
        {r.checkInCode ? <CheckInQr code={r.checkInCode} title={r.title} /> : null}
        <Button asChild variant="outline" size="sm">
          <Link to={r.href}>Manage</Link>
        </Button>
      </div>
    </li>
  );
}

/** The check-in code as a QR code, drawn once opened (the library loads then). */
function CheckInQr({ code, title }: { code: string; title: string }) {
  const [open, setOpen] = useState(false);
  const [src, setSrc] = useState<string | null>(null);
  useEffect(() => {
    if (!open) return;
    let live = true;
    void import('qrcode').then(({ default: QRCode }) =>
      QRCode.toDataURL(code, { margin: 2, width: 200 }).then((url) => live && setSrc(url)),
    );
    return () => {
      live = false;
    };
  }, [open, code]);
  return (
    <details onToggle={(e) => setOpen(e.currentTarget.open)} className="grid gap-2">
      <summary className="cursor-pointer text-sm font-medium underline underline-offset-4">
        Check-in QR code
      </summary>
      {src ? (
        <img
          src={src}
          alt={`Check-in QR code for ${title}`}
          width={200}
          height={200}
          className="rounded bg-white"
        />
      ) : null}
    </details>
  );
}
