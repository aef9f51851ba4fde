import { MailIcon, MapPinIcon, PhoneIcon, Share2Icon } from 'lucide-react';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { useChamber } from '@/lib/chamber/use-chamber';

const linkClass = 'rounded-sm font-medium text-primary hover:underline';

/** The chamber office's address, phone, email and social page, from its settings. */
export function ContactDetails() {
  const { location, locationError } = useChamber();

  if (!location) {
    if (locationError) {
      return <p className="text-muted-foreground">Contact details are unavailable right now.</p>;
    }
    return <Skeleton className="h-48 w-full max-w-md" />;
  }

  const cityLine = [location.city, [location.state, location.postalCode].filter(Boolean).join(' ')]
    .filter(Boolean)
    .join(', ');

  return (
    <Card className="max-w-md">
      <CardHeader>
        <CardTitle>Chamber office</CardTitle>
      </CardHeader>
      <CardContent>
        <ul className="grid gap-4">
          <li className="flex gap-3">
            <MapPinIcon className="mt-0.5 size-5 shrink-0 text-primary" aria-hidden="true" />
            <address className="not-italic">
              {location.address1}
              <br />
              {cityLine}
            </address>
          </li>
          {location.phone ? (
            <li className="flex gap-3">
              <PhoneIcon className="mt-0.5 size-5 shrink-0 text-primary" aria-hidden="true" />
              <a href={`tel:${location.phone.replace(/[^\d+]/g, '')}`} className={linkClass}>
                {location.phone}
              </a>
            </li>
          ) : null}
          {location.email ? (
            <li className="flex gap-3">
              <MailIcon className="mt-0.5 size-5 shrink-0 text-primary" aria-hidden="true" />
              <a href={`mailto:${location.email}`} className={linkClass}>
                {location.email}
              </a>
            </li>
          ) : null}
          {location.socialUrl ? (
            <li className="flex gap-3">
              <Share2Icon className="mt-0.5 size-5 shrink-0 text-primary" aria-hidden="true" />
              <a
                href={location.socialUrl}
                className={linkClass}
                target="_blank"
                rel="noopener noreferrer"
              >
                Follow us on social media
                <span className="sr-only"> (opens in a new tab)</span>
              </a>
            </li>
          ) : null}
        </ul>
      </CardContent>
    </Card>
  );
}
