import { celebrationKindLabels, paths } from '@chamber/contract';
import { useQuery } from '@tanstack/react-query';
import { PartyPopperIcon } from 'lucide-react';
import { Link } from 'react-router';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { useHydrated } from '@/lib/use-hydrated';
import { listingCelebrationsQueryOptions } from '@/lib/api/celebrations';
import { whenText } from '@/lib/celebrations/celebration-text';

/**
 * A member page's confirmed celebrations to come (a ribbon cutting, a grand opening), each
 * linking to its event. Read after hydration: the server draws the page without it.
 */
export function ListingCelebrations({ contactId }: { contactId: string }) {
  const hydrated = useHydrated();
  const query = useQuery({ ...listingCelebrationsQueryOptions(contactId), enabled: hydrated });
  const rows = query.data?.celebrations ?? [];
  if (!hydrated || rows.length === 0) return null;
  return (
    <Card>
      <CardHeader>
        <CardTitle id="listing-celebrations-title" className="flex items-center gap-2 text-base">
          <PartyPopperIcon aria-hidden="true" className="size-5 text-primary" />
          Celebrations
        </CardTitle>
      </CardHeader>
      <CardContent>
        <ul className="grid gap-2 text-sm">
          {rows.map((c) => (
            <li key={c.id}>
              <Link className="font-medium text-primary underline" to={paths.event.href(c.eventId)}>
                {celebrationKindLabels[c.kind]}
              </Link>
              <span className="block text-muted-foreground">{whenText(c.start, c.timezone)}</span>
            </li>
          ))}
        </ul>
      </CardContent>
    </Card>
  );
}
