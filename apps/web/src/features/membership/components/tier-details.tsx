import { CheckIcon } from 'lucide-react';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import type { MembershipTierInfo } from '@/config/membership-tiers';
import { paths } from '@/config/paths';

/** A tier's benefits and price; online sign-up arrives with a later release. */
export function TierDetails({ tier }: { tier: MembershipTierInfo }) {
  return (
    <div className="grid gap-8 lg:grid-cols-[2fr_1fr]">
      <Card>
        <CardHeader>
          <CardTitle>What&apos;s included</CardTitle>
        </CardHeader>
        <CardContent>
          <ul className="grid gap-3">
            {tier.highlights.map((item) => (
              <li key={item} className="flex gap-2">
                <CheckIcon className="mt-1 size-4 shrink-0 text-primary" aria-hidden="true" />
                {item}
              </li>
            ))}
          </ul>
        </CardContent>
      </Card>
      <Card>
        <CardHeader>
          <CardTitle>Sign up</CardTitle>
        </CardHeader>
        <CardContent className="grid gap-4">
          <p className="text-3xl font-bold">
            ${tier.pricePerYear}
            <span className="text-base font-normal text-muted-foreground"> / year</span>
          </p>
          <p className="text-sm text-muted-foreground">
            Online registration and payment are coming soon. Until then, contact the chamber office
            to join.
          </p>
          <Button asChild>
            <Link to={paths.contact.href()}>Contact Us</Link>
          </Button>
          <Button asChild variant="link" className="justify-start px-0">
            <Link to={paths.about.href()}>Learn more about the chamber</Link>
          </Button>
        </CardContent>
      </Card>
    </div>
  );
}
