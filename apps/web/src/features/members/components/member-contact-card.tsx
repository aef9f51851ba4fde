import type { Member } from '@chamber/contract';
import { ExternalLinkIcon, GlobeIcon, MailIcon, MapPinIcon, PhoneIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader } from '@/components/ui/card';
import { tierFeatures } from '@/lib/members/tier-features';
import {
  googleMapsEmbedUrl,
  googleMapsSearchUrl,
  memberAddress,
  websiteHref,
} from '@/lib/members/contact-links';

const linkClass = 'rounded-sm font-medium wrap-anywhere text-primary hover:underline';

function Row({ icon, label, children }: { icon: ReactNode; label: string; children: ReactNode }) {
  return (
    <li className="flex min-w-0 gap-3">
      <span className="mt-0.5 text-primary [&_svg]:size-5" aria-hidden="true">
        {icon}
      </span>
      <div className="grid min-w-0 gap-0.5">
        <span className="text-xs font-medium tracking-wide text-muted-foreground uppercase">
          {label}
        </span>
        {children}
      </div>
    </li>
  );
}

/**
 * How to reach the member (spec §2 Contact card). The email is there only for signed-in
 * viewers (the server sends null otherwise); website and map only for enhanced or elite.
 */
export function MemberContactCard({ member }: { member: Member }) {
  const { enhanced } = tierFeatures(member.tags);
  const address = enhanced ? memberAddress(member) : null;
  const website = enhanced && member.website ? member.website : null;
  const empty = !member.email && !member.phone && !website && !address;

  return (
    <Card className="gap-4">
      <CardHeader className="px-4 sm:px-6">
        <h2 className="text-lg leading-tight font-semibold">Contact Information</h2>
      </CardHeader>
      <CardContent className="grid gap-5 px-4 sm:px-6">
        {empty ? (
          <p className="text-muted-foreground">No contact details listed yet.</p>
        ) : (
          <ul className="grid gap-4">
            {member.email ? (
              <Row icon={<MailIcon />} label="Email">
                <a href={`mailto:${member.email}`} className={linkClass}>
                  {member.email}
                </a>
              </Row>
            ) : null}
            {member.phone ? (
              <Row icon={<PhoneIcon />} label="Phone">
                <a href={`tel:${member.phone.replace(/[^\d+]/g, '')}`} className={linkClass}>
                  {member.phone}
                </a>
              </Row>
            ) : null}
            {website ? (
              <Row icon={<GlobeIcon />} label="Website">
                <a
                  href={websiteHref(website)}
                  target="_blank"
                  rel="noopener noreferrer"
                  className={linkClass}
                >
                  {website.replace(/^https?:\/\//, '').replace(/\/$/, '')}
                  <span className="sr-only"> (opens in a new tab)</span>
                </a>
              </Row>
            ) : null}
            {address ? (
              <Row icon={<MapPinIcon />} label="Address">
                <address className="not-italic">
                  {address.lines.map((line) => (
                    <span key={line} className="block">
                      {line}
                    </span>
                  ))}
                </address>
              </Row>
            ) : null}
          </ul>
        )}
        {address ? (
          <div className="grid gap-3">
            <iframe
              title={`Map of ${address.query}`}
              src={googleMapsEmbedUrl(address.query)}
              loading="lazy"
              referrerPolicy="no-referrer-when-downgrade"
              className="aspect-[4/3] w-full rounded-lg border bg-muted"
            />
            <Button asChild variant="outline" className="w-full">
              <a
                href={googleMapsSearchUrl(address.query)}
                target="_blank"
                rel="noopener noreferrer"
              >
                <ExternalLinkIcon aria-hidden="true" />
                View on Maps
                <span className="sr-only"> (opens in a new tab)</span>
              </a>
            </Button>
          </div>
        ) : null}
      </CardContent>
    </Card>
  );
}
