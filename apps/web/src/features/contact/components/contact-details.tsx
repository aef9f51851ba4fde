import type { Chamber } from '@chamber/contract';
import { MailIcon, MapPinIcon, PhoneIcon, Share2Icon } from 'lucide-react';
import { Card, CardContent, CardHeader } from '@/components/ui/card';
import { googleMapsEmbedUrl, googleMapsSearchUrl } from '@/lib/members/contact-links';
import { AddressLines, ContactRow, contactLinkClass } from '@/components/contact/contact-row';

/** The office's street line and "City, ST ZIP", as the chamber's record has them. */
export function officeAddress(location: Chamber) {
  const place = [location.city, [location.state, location.postalCode].filter(Boolean).join(' ')]
    .filter(Boolean)
    .join(', ');
  const lines = [location.address1, place].filter(Boolean);
  return lines.length ? { lines, query: lines.join(', ') } : null;
}

/** The chamber office's address, phone, email and social page, from its settings. */
export function ContactDetails({ location }: { location: Chamber }) {
  const address = officeAddress(location);
  return (
    <Card>
      <CardHeader>
        <h2 className="text-lg leading-tight font-semibold">Chamber office</h2>
      </CardHeader>
      <CardContent>
        <ul className="grid gap-5">
          {address ? (
            <ContactRow icon={<MapPinIcon />} label="Office address">
              <AddressLines lines={address.lines} />
            </ContactRow>
          ) : null}
          {location.phone ? (
            <ContactRow icon={<PhoneIcon />} label="Office phone">
              <a href={`tel:${location.phone.replace(/[^\d+]/g, '')}`} className={contactLinkClass}>
                {location.phone}
              </a>
            </ContactRow>
          ) : null}
          {location.email ? (
            <ContactRow icon={<MailIcon />} label="Email">
              <a href={`mailto:${location.email}`} className={contactLinkClass}>
                {/* Breaks after the @ on narrow screens, not mid-word. */}
                {location.email.split('@')[0]}@<wbr />
                {location.email.split('@').slice(1).join('@')}
              </a>
            </ContactRow>
          ) : null}
          {location.socialUrl ? (
            <ContactRow icon={<Share2Icon />} label="Social media">
              <a
                href={location.socialUrl}
                className={contactLinkClass}
                target="_blank"
                rel="noopener noreferrer"
              >
                Follow us on social media
                <span className="sr-only"> (opens in a new tab)</span>
              </a>
            </ContactRow>
          ) : null}
        </ul>
      </CardContent>
    </Card>
  );
}

/** The office on a map (zoom 12), loaded only when scrolled near. */
export function OfficeMap({ location }: { location: Chamber }) {
  const address = officeAddress(location);
  if (!address) return null;
  return (
    <div className="grid gap-2">
      <iframe
        title={`Map of the chamber office at ${address.query}`}
        src={googleMapsEmbedUrl(address.query)}
        loading="lazy"
        width={640}
        height={360}
        referrerPolicy="no-referrer-when-downgrade"
        className="aspect-video h-auto w-full rounded-xl border bg-muted"
      />
      <a
        href={googleMapsSearchUrl(address.query)}
        target="_blank"
        rel="noopener noreferrer"
        className={`${contactLinkClass} w-fit text-sm`}
      >
        Get directions
        <span className="sr-only"> (opens in a new tab)</span>
      </a>
    </div>
  );
}
