import { LinkIcon, UserPlusIcon } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { Link } from 'react-router';
import { EmbeddedForm } from '@/components/embeds/embedded-form';
import { Card, CardContent, CardDescription, CardHeader } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { formatTierPrice, type MembershipTierInfo } from '@/config/membership-tiers';
import { paths } from '@/config/paths';
import { useChamber } from '@/lib/chamber/use-chamber';
import { MembershipRequestForm } from './membership-request-form';

/** Height of an embedded sign-up form before the provider's script sizes it. */
const SIGNUP_FORM_HEIGHT = 1100;

const embedField = {
  basic: 'basicSignupUrl',
  enhanced: 'enhancedSignupUrl',
  elite: 'eliteSignupUrl',
} as const;

const linkClass = 'font-medium text-primary hover:underline';

/**
 * Signing up for a level: the chamber's embedded registration and payment form when it has
 * one, else the join page with this plan chosen (and a request to staff for questions first).
 */
export function TierSignup({ tier }: { tier: MembershipTierInfo }) {
  const { location, locationError } = useChamber();
  const embedUrl = location?.[embedField[tier.id]];

  return (
    <Card id="sign-up" className="scroll-mt-24">
      <CardHeader>
        <h2 className="text-xl leading-tight font-semibold">Sign up for {tier.name}</h2>
        <CardDescription>
          {embedUrl
            ? `Register and pay your ${formatTierPrice(tier)} yearly membership online.`
            : `Join online: tell us about your business, create your sign-in, and pay your ${formatTierPrice(tier)} yearly membership by card or by invoice.`}
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-6">
        {!location && !locationError ? (
          <Skeleton className="h-96 w-full" />
        ) : embedUrl ? (
          <EmbeddedForm
            src={embedUrl}
            title={`${tier.name} membership sign-up form`}
            height={SIGNUP_FORM_HEIGHT}
            scriptSrc={location?.formEmbedScriptUrl}
          />
        ) : (
          <>
            <Button asChild size="lg" className="w-full sm:w-auto sm:justify-self-start">
              <Link to={paths.join.href(tier.slug)}>
                <UserPlusIcon aria-hidden="true" />
                Join as {tier.name}
              </Link>
            </Button>
            <div className="grid gap-4 border-t pt-5">
              <h3 className="font-semibold">Questions first?</h3>
              <p className="text-sm text-muted-foreground">
                Send us a note and we will confirm your {tier.name} membership and send the invoice.
              </p>
              <MembershipRequestForm tier={tier} />
            </div>
          </>
        )}
        <div className="grid gap-3 border-t pt-5 text-sm text-muted-foreground">
          <p className="flex gap-2">
            <LinkIcon className="mt-0.5 size-4 shrink-0 text-primary" aria-hidden="true" />
            <span>
              Already a member?{' '}
              <Link to={paths.registerExisting.href()} className={linkClass}>
                Connect your membership
              </Link>
              .
            </span>
          </p>
        </div>
      </CardContent>
    </Card>
  );
}
