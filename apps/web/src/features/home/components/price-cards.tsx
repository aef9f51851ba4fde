import { CheckIcon } from 'lucide-react';
import { Link } from 'react-router';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import {
  Card,
  CardContent,
  CardDescription,
  CardFooter,
  CardHeader,
  CardTitle,
} from '@/components/ui/card';
import { formatTierPrice } from '@/config/membership-tiers';
import { useMembershipTiers } from '@/lib/membership/use-membership-tiers';
import { cn } from '@/lib/utils';
import { PlansUnavailable } from '@/components/members/plans-unavailable';

const article = (word: string) => (/^[aeiou]/i.test(word) ? 'an' : 'a');

/** The levels' yearly prices, the featured plan marked 'Most Popular' (docs/product.md#screens Home). */
export function PriceCards() {
  const { tiers, isPending, error } = useMembershipTiers();
  if (error) return <PlansUnavailable error={error} />;
  if (isPending) return <Skeleton className="h-96 w-full" />;
  return (
    <ul className="grid gap-6 md:grid-cols-3">
      {tiers.map((tier) => (
        <li key={tier.id}>
          <Card
            className={cn(
              'h-full',
              tier.mostPopular && 'border-primary ring-1 ring-primary md:-translate-y-2',
            )}
          >
            <CardHeader>
              <div className="flex items-center justify-between gap-2">
                <CardTitle className="text-xl">{tier.name}</CardTitle>
                {tier.mostPopular ? <Badge>Most Popular</Badge> : null}
              </div>
              <p className="text-4xl font-bold tracking-tight">
                {formatTierPrice(tier)}
                <span className="text-base font-normal text-muted-foreground"> / year</span>
              </p>
              <CardDescription>{tier.summary}</CardDescription>
            </CardHeader>
            <CardContent className="flex-1">
              <ul className="grid gap-2 text-sm">
                {tier.highlights.map((item) => (
                  <li key={item} className="flex gap-2">
                    <CheckIcon className="mt-0.5 size-4 shrink-0 text-primary" aria-hidden="true" />
                    {item}
                  </li>
                ))}
              </ul>
            </CardContent>
            <CardFooter>
              <Button asChild className="w-full" variant={tier.mostPopular ? 'default' : 'outline'}>
                <Link to={tier.href}>
                  Become {article(tier.name)} {tier.name} member
                </Link>
              </Button>
            </CardFooter>
          </Card>
        </li>
      ))}
    </ul>
  );
}
