import type { LocationWithEmbeds } from '@chamber/contract';
import { MailIcon, MapPinIcon, PhoneIcon, Share2Icon } from 'lucide-react';
import type { ReactNode } from 'react';
import { Card, CardContent, CardHeader } from '@/components/ui/card';
import { googleMapsEmbedUrl, googleMapsSearchUrl } from '@/lib/members/contact-links';

const linkClass = 'rounded-sm font-medium text-primary hover:underline';

/** The office's street line and "City, ST ZIP", as the chamber's record has them. */
export function officeAddress(location: LocationWithEmbeds) {
  const place = [location.city, [location.state, location.postalCode].filter(Boolean).join(' ')]
    .filter(Boolean)
    .join(', ');
  const lines = [location.address1, place].filter(Boolean);
  return lines.length ? { lines, query: lines.join(', ') } : null;
}

function Row({ icon, label, children }: { icon: ReactNode; label: string; children: ReactNode }) {
  return (
    <li className="flex gap-3">
      <span className="mt-0.5 text-primary [&_svg]:size-5" aria-hidden="true">
        {icon}
      </span>
      <div className="grid gap-0.5">
        <span className="text-sm text-muted-foreground">{label}</span>
        {children}
      </div>
    </li>
  );
}

/** The chamber office's address, phone, email and social page, from its settings. */
export function ContactDetails({ location }: { location: LocationWithEmbeds }) {
  const address = officeAddress(location);
  return (
    <Card>
      <CardHeader>
        <h2 className="text-lg leading-tight font-semibold">Chamber office</h2>
      </CardHeader>
      <CardContent>
        <ul className="grid gap-5">
          {address ? (
            <Row icon={<MapPinIcon />} label="Office address">
              <address className="not-italic">
                {address.lines.map((line) => (
                  <span key={line} className="block">
                    {line}
                  </span>
                ))}
              </address>
            </Row>
          ) : null}
          {location.phone ? (
            <Row icon={<PhoneIcon />} label="Office phone">
              <a href={`tel:${location.phone.replace(/[^\d+]/g, '')}`} className={linkClass}>
                {location.phone}
              </a>
            </Row>
          ) : null}
          {location.email ? (
            <Row icon={<MailIcon />} label="Email">
              <a href={`mailto:${location.email}`} className={linkClass}>
                {/* Breaks after the @ on narrow screens, not mid-word. */}
                {location.email.split('@')[0]}@<wbr />
                {location.email.split('@').slice(1).join('@')}
              </a>
            </Row>
          ) : null}
          {location.socialUrl ? (
            <Row icon={<Share2Icon />} label="Social media">
              <a
                href={location.socialUrl}
                className={linkClass}
                target="_blank"
                rel="noopener noreferrer"
              >
                Follow us on social media
                <span className="sr-only"> (opens in a new tab)</span>
              </a>
            </Row>
          ) : null}
        </ul>
      </CardContent>
    </Card>
  );
}

/** The office on a map (zoom 12), loaded only when scrolled near. */
export function OfficeMap({ location }: { location: LocationWithEmbeds }) {
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
        className={`${linkClass} w-fit text-sm`}
      >
        Get directions
        <span className="sr-only"> (opens in a new tab)</span>
      </a>
    </div>
  );
}
