import type { Member, MemberDetail } from '@chamber/contract';
import type { ReactNode } from 'react';
import { CouponBadges } from '@/components/members/coupon-badges';
import { MemberGallery } from '@/components/members/member-gallery';
import { TierBadge } from '@/components/members/tier-badge';
import { Badge } from '@/components/ui/badge';
import { formatMemberSince } from '@/lib/members/labels';
import { ReadMore } from '@/components/ui/read-more';

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="grid gap-3">
      <h3 className="text-base font-semibold">{title}</h3>
      {children}
    </section>
  );
}

/**
 * The member page's read view (docs/product.md#screens): bio for enhanced and elite, special offers and the
 * image gallery for elite, then the membership facts.
 */
export function MemberDetails({
  member,
}: {
  member: Member & Partial<Pick<MemberDetail, 'people'>>;
}) {
  const { enhanced, elite } = member.features;
  const people = member.people ?? [];
  const bio = enhanced ? member.bio?.trim() : null;
  const coupons = elite ? member.couponCodes : [];
  const gallery = elite ? member.gallery : [];

  return (
    <div className="grid grid-cols-1 gap-8">
      {bio ? (
        <Section title="About">
          <ReadMore text={bio} className="leading-relaxed text-pretty" />
        </Section>
      ) : null}

      {member.specialties.length > 0 ? (
        <Section title="Specialties">
          <ul className="flex flex-wrap gap-2">
            {member.specialties.map((specialty) => (
              <li key={specialty}>
                <Badge variant="outline" className="font-medium whitespace-normal">
                  {specialty}
                </Badge>
              </li>
            ))}
          </ul>
        </Section>
      ) : null}

      {people.length > 0 ? (
        <Section title="People">
          <ul className="grid gap-3 sm:grid-cols-2">
            {people.map((person) => (
              <li
                key={person.id}
                className="grid min-w-0 content-start gap-0.5 rounded-lg border p-3"
              >
                <span className="font-medium">{person.name}</span>
                {person.title ? (
                  <span className="text-sm text-muted-foreground">{person.title}</span>
                ) : null}
                {person.email ? (
                  <a
                    href={`mailto:${person.email}`}
                    className="text-sm text-primary underline-offset-4 hover:underline"
                  >
                    {person.email}
                  </a>
                ) : null}
              </li>
            ))}
          </ul>
        </Section>
      ) : null}

      {coupons.length > 0 ? (
        <Section title="Special Offers">
          <p className="text-sm text-muted-foreground">
            Mention a code when you visit or order to get the offer.
          </p>
          <CouponBadges codes={coupons} />
        </Section>
      ) : null}

      {gallery.length > 0 ? (
        <Section title="Gallery">
          <MemberGallery images={gallery} owner={member.businessName || member.name} />
        </Section>
      ) : null}

      <Section title="Membership">
        <dl className="grid gap-4 sm:grid-cols-2">
          <div className="grid gap-1 rounded-lg bg-muted/60 p-4">
            <dt className="text-sm text-muted-foreground">Member Since</dt>
            <dd className="font-medium">{formatMemberSince(member.memberSince)}</dd>
          </div>
          <div className="grid gap-1 rounded-lg bg-muted/60 p-4">
            <dt className="text-sm text-muted-foreground">Membership Tier</dt>
            <dd>
              <TierBadge tier={member.membershipTier} />
            </dd>
          </div>
        </dl>
      </Section>
    </div>
  );
}
