import type { Member, Profile } from '@chamber/contract';
import { ExternalLinkIcon, PencilIcon } from 'lucide-react';
import type { ReactNode, Ref } from 'react';
import { Link } from 'react-router';
import { CouponBadges } from '@/components/members/coupon-badges';
import { MemberAvatar } from '@/components/members/member-avatar';
import { TierBadge } from '@/components/members/tier-badge';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { paths } from '@/config/paths';
import { websiteHref } from '@/lib/members/contact-links';
import { capitalise, formatMemberSince } from '@/lib/members/labels';
import { ReadMore } from '@/components/ui/read-more';

const linkClass = 'rounded-sm font-medium wrap-anywhere text-primary hover:underline';

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="grid content-start gap-3">
      <h3 className="text-base font-semibold">{title}</h3>
      {children}
    </section>
  );
}

function Facts({ rows }: { rows: [string, ReactNode][] }) {
  return (
    <dl className="grid grid-cols-1 gap-4">
      {rows.map(([label, value]) => (
        <div key={label} className="grid min-w-0 gap-0.5">
          <dt className="text-sm text-muted-foreground">{label}</dt>
          <dd className="min-w-0">{value}</dd>
        </div>
      ))}
    </dl>
  );
}

const notProvided = <span className="text-muted-foreground">Not provided</span>;

/**
 * The signed-in member's profile (docs/product.md#screens Own profile, view): the login's account fields and,
 * when the login has a contact, its directory entry.
 */
export function ProfileSummary({
  profile,
  member,
  onEdit,
  editButtonRef,
}: {
  profile: Profile;
  member: Member | null;
  onEdit: () => void;
  editButtonRef?: Ref<HTMLButtonElement>;
}) {
  const elite = member?.features.elite ?? false;
  const title = member?.businessName || profile.businessName || profile.name;
  const showsName = title !== profile.name;
  const bio = member?.bio?.trim();
  const coupons = elite ? (member?.couponCodes ?? []) : [];

  return (
    <div className="grid grid-cols-1 gap-8">
      <div className="flex flex-col gap-4 sm:flex-row sm:items-start">
        <MemberAvatar
          src={member?.avatar}
          firstName={profile.firstName}
          lastName={profile.lastName}
          alt={`Photo of ${profile.name}`}
          className="size-20 text-2xl sm:size-24"
        />
        <div className="grid min-w-0 flex-1 gap-1">
          <h2 className="text-2xl font-bold tracking-tight">{title}</h2>
          {showsName ? <p className="text-muted-foreground">{profile.name}</p> : null}
          {member?.tagline ? <p className="text-pretty italic">{member.tagline}</p> : null}
          <ul aria-label="Account status" className="mt-2 flex flex-wrap gap-2">
            <li>
              <Badge variant="outline">{capitalise(profile.status)}</Badge>
            </li>
            <li>
              <Badge variant="secondary">{capitalise(profile.role)}</Badge>
            </li>
          </ul>
        </div>
        <div className="flex flex-col gap-2 sm:items-end">
          <Button ref={editButtonRef} type="button" onClick={onEdit}>
            <PencilIcon aria-hidden="true" />
            Edit Profile
          </Button>
          {member ? (
            <Button asChild variant="link" className="h-auto px-0 py-1">
              <Link to={paths.member.href(member.id)}>
                <ExternalLinkIcon aria-hidden="true" />
                View my member page
              </Link>
            </Button>
          ) : null}
        </div>
      </div>

      {bio ? (
        <Section title="About">
          <ReadMore text={bio} className="leading-relaxed text-pretty" />
        </Section>
      ) : null}

      {coupons.length > 0 ? (
        <Section title="Coupon Codes">
          <CouponBadges codes={coupons} />
        </Section>
      ) : null}

      <div className="grid gap-8 md:grid-cols-2">
        <Section title="Contact Information">
          <Facts
            rows={[
              [
                'Email',
                <a key="email" href={`mailto:${profile.email}`} className={linkClass}>
                  {profile.email}
                </a>,
              ],
              ['Phone', profile.phone || notProvided],
              ...(member
                ? [
                    [
                      'Website',
                      member.website ? (
                        <a
                          key="website"
                          href={websiteHref(member.website)}
                          target="_blank"
                          rel="noopener noreferrer"
                          className={linkClass}
                        >
                          {member.website}
                          <span className="sr-only"> (opens in a new tab)</span>
                        </a>
                      ) : (
                        notProvided
                      ),
                    ] satisfies [string, ReactNode],
                  ]
                : []),
            ]}
          />
        </Section>
        <Section title="Membership">
          <Facts
            rows={[
              [
                'Member Since',
                // A member's join date, or 'Unknown' when the chamber has none (a roster row
                // without one); a login without a business has only its own start.
                formatMemberSince(member ? member.memberSince : profile.createdAt),
              ],
              ['Membership Tier', <TierBadge key="tier" tier={profile.membershipTier} />],
            ]}
          />
        </Section>
      </div>
    </div>
  );
}
