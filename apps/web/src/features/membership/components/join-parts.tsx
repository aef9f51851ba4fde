import { formatMoney, joinDetailsSchema, type MembershipPlan } from '@chamber/contract';
import type { ReactNode } from 'react';
import { z } from 'zod';
import { Card, CardContent, CardDescription, CardHeader } from '@/components/ui/card';

/** What the joining wizard's steps share: the details' form, the tab's key, a step's card. */

export const detailsFormSchema = joinDetailsSchema
  .required({ firstName: true, lastName: true })
  .extend({
    businessName: z.string().trim().min(1, 'Business name is required').max(200),
    email: z.string().trim().max(254),
  });
export type JoinDetailsValues = z.input<typeof detailsFormSchema>;

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
