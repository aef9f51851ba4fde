import type { MembershipTier } from '@chamber/contract';
import { CrownIcon, StarIcon } from 'lucide-react';
import { Badge } from '@/components/ui/badge';
import { tierLabel } from '@/lib/members/labels';
import { cn } from '@/lib/utils';

/** Standard, Enhanced or Elite, each styled apart so the tier reads at a glance. */
export function TierBadge({
  tier,
  className,
}: {
  tier: MembershipTier | null | undefined;
  className?: string;
}) {
  const variant = tier === 'elite' ? 'default' : tier === 'enhanced' ? 'secondary' : 'outline';
  return (
    <Badge variant={variant} className={cn('[&_svg]:size-3', className)}>
      {tier === 'elite' ? <CrownIcon aria-hidden="true" /> : null}
      {tier === 'enhanced' ? <StarIcon aria-hidden="true" /> : null}
      {tierLabel(tier)}
    </Badge>
  );
}
