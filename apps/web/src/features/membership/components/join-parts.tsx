import { formatMoney, type MembershipPlan } from '@chamber/contract';
import type { ReactNode } from 'react';
import { Card, CardContent, CardDescription, CardHeader } from '@/components/ui/card';

/** What the joining wizard's steps share: the tab's key, a plan's price, a step's card. */

export type { JoinDetailsValues } from './join-details-schema';

// Kept for the tab, so signing in (or a trip to Stripe and back) returns to the step left.
export const STORAGE_KEY = 'chamber.join';

export const price = (plan: Pick<MembershipPlan, 'priceCents' | 'currency'>) =>
  `${formatMoney(plan.priceCents, plan.currency).replace(/\.00$/, '')} a year`;

export function StepCard({
  title,
  description,
  children,
}: {
  title: string;
  description?: string;
  children: ReactNode;
}) {
  return (
    <Card>
      <CardHeader>
        <h2 className="text-xl leading-tight font-semibold">{title}</h2>
        {description ? <CardDescription>{description}</CardDescription> : null}
      </CardHeader>
      <CardContent className="grid gap-6">{children}</CardContent>
    </Card>
  );
}
