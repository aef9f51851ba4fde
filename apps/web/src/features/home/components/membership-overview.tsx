import { CheckIcon } from 'lucide-react';
import { Link } from 'react-router';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import {
  Card,
  CardContent,
  CardDescription,
  CardFooter,
  CardHeader,
  CardTitle,
} from '@/components/ui/card';
import { membershipTierList } from '@/config/membership-tiers';
import { useChamber } from '@/lib/chamber/use-chamber';
import { cn } from '@/lib/utils';

export function MembershipOverview() {
  const { name } = useChamber();
  return (
    <section aria-labelledby="membership-title" className="mx-auto max-w-7xl px-4 py-16 sm:px-6">
      <h2
        id="membership-title"
        className="max-w-3xl text-3xl font-bold tracking-tight text-balance"
      >
        Start Your {name} Membership Today
      </h2>
      <p className="mt-3 max-w-2xl text-muted-foreground">
        Three membership levels, each building on the one before. Every member is listed in the
        directory and invited to our networking lunches.
      </p>
      <ul className="mt-10 grid gap-6 md:grid-cols-3">
        {membershipTierList.map((tier) => (
          <li key={tier.id}>
            <Card
              className={cn('h-full', tier.mostPopular && 'border-primary ring-1 ring-primary')}
            >
              <CardHeader>
                <div className="flex items-center justify-between gap-2">
                  <CardTitle>{tier.name}</CardTitle>
                  {tier.mostPopular ? <Badge>Most Popular</Badge> : null}
                </div>
                <p className="text-3xl font-bold">
                  ${tier.pricePerYear}
                  <span className="text-base font-normal text-muted-foreground"> / year</span>
                </p>
                <CardDescription>{tier.summary}</CardDescription>
              </CardHeader>
              <CardContent className="flex-1">
                <ul className="grid gap-2 text-sm">
                  {tier.highlights.map((item) => (
                    <li key={item} className="flex gap-2">
                      <CheckIcon
                        className="mt-0.5 size-4 shrink-0 text-primary"
                        aria-hidden="true"
                      />
                      {item}
                    </li>
                  ))}
                </ul>
              </CardContent>
              <CardFooter>
                <Button
                  asChild
                  className="w-full"
                  variant={tier.mostPopular ? 'default' : 'outline'}
                >
                  <Link to={tier.href}>Choose {tier.name}</Link>
                </Button>
              </CardFooter>
            </Card>
          </li>
        ))}
      </ul>
    </section>
  );
}
