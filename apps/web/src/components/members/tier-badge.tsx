import type { MembershipTier } from '@chamber/contract';
import { CrownIcon, StarIcon } from 'lucide-react';
import { Badge } from '@/components/ui/badge';
import { usePlanName } from '@/lib/membership/use-membership-tiers';
import { cn } from '@/lib/utils';

/** The level's plan name (Basic, Enhanced, Elite), each styled apart so it reads at a glance. */
export function TierBadge({
  tier,
  className,
}: {
  tier: MembershipTier | null | undefined;
  className?: string;
}) {
  const planName = usePlanName();
  return <TierBadgeView tier={tier} name={planName(tier)} className={className} />;
}

/**
 * The badge, given the plan's name: for a list that reads the chamber's plans once for all its
 * entries (the directory), rather than one query observer per badge.
 */
export function TierBadgeView({
  tier,
  name,
  className,
}: {
  tier: MembershipTier | null | undefined;
  name: string;
  className?: string;
}) {
  const variant = tier === 'elite' ? 'default' : tier === 'enhanced' ? 'secondary' : 'outline';
  return (
    <Badge variant={variant} className={cn('[&_svg]:size-3', className)}>
      {tier === 'elite' ? <CrownIcon aria-hidden="true" /> : null}
      {tier === 'enhanced' ? <StarIcon aria-hidden="true" /> : null}
      {name}
    </Badge>
  );
}
