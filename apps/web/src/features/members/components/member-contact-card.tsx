import type { Member } from '@chamber/contract';
import { countListingClick } from '@/lib/api/listing-counts';
import { ExternalLinkIcon, GlobeIcon, MailIcon, MapPinIcon, PhoneIcon } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader } from '@/components/ui/card';
import {
  googleMapsEmbedUrl,
  googleMapsSearchUrl,
  memberAddress,
  websiteHref,
} from '@/lib/members/contact-links';
import { AddressLines, ContactRow, contactLinkClass } from '@/components/contact/contact-row';
import { SocialLinks } from '@/components/members/social-links';

/**
 * How to reach the member (docs/product.md#screens Contact card). The email is there only for signed-in
 * viewers (the server sends null otherwise); website and map only for enhanced or elite,
 * the profile links for elite.
 */
export function MemberContactCard({ member }: { member: Member }) {
  const { enhanced } = member.features;
  const address = enhanced ? memberAddress(member) : null;
  const website = enhanced && member.website ? member.website : null;
  const socialLinks = member.features.elite ? member.socialLinks : [];
  const empty = !member.email && !member.phone && !website && !address && socialLinks.length === 0;

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
              <ContactRow icon={<MailIcon />} label="Email">
                <a href={`mailto:${member.email}`} className={contactLinkClass}>
                  {member.email}
                </a>
              </ContactRow>
            ) : null}
            {member.phone ? (
              <ContactRow icon={<PhoneIcon />} label="Phone">
                <a
                  href={`tel:${member.phone.replace(/[^\d+]/g, '')}`}
                  className={contactLinkClass}
                  onClick={() => countListingClick(member.id, 'phone')}
                >
                  {member.phone}
                </a>
              </ContactRow>
            ) : null}
            {website ? (
              <ContactRow icon={<GlobeIcon />} label="Website">
                <a
                  href={websiteHref(website)}
                  onClick={() => countListingClick(member.id, 'website')}
                  target="_blank"
                  rel="noopener noreferrer"
                  className={contactLinkClass}
                >
                  {website.replace(/^https?:\/\//, '').replace(/\/$/, '')}
                  <span className="sr-only"> (opens in a new tab)</span>
                </a>
              </ContactRow>
            ) : null}
            {address ? (
              <ContactRow icon={<MapPinIcon />} label="Address">
                <AddressLines lines={address.lines} />
              </ContactRow>
            ) : null}
          </ul>
        )}
        <SocialLinks links={socialLinks} owner={member.businessName || member.name} />
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
