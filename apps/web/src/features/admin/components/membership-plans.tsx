import type { MembershipPlan, UpdateMembershipPlan } from '@chamber/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import {
  CheckboxField,
  Form,
  FormError,
  InputField,
  TextareaField,
  useZodForm,
} from '@/components/ui/form';
import { formatTierPrice } from '@/config/membership-tiers';
import { membershipPlansQueryOptions, updateMembershipPlan } from '@/lib/api/membership-plans';
import { adminKeys } from '../api/admin-keys';
import { planFormSchema, planFormValues } from '../lib/plan-form';
import { TabError, TabLoading } from './tab-states';
import { TicketBenefitsFields } from './ticket-benefits-fields';
import { useFormSave } from './use-form-save';

/** What each level unlocks in the portal: fixed in code, so the editor says it, not edits it. */
const levelFeatures: Record<MembershipPlan['level'], string> = {
  standard: 'Lowest level: a directory listing.',
  enhanced: 'Unlocks the bio, website and address map on the listing.',
  elite: 'Unlocks coupons, the cover image and the gallery on the listing.',
};

/**
 * Admin → Membership plans: each plan's name, yearly price, texts and whether it is offered.
 * The home page's price cards, benefits table and carousel and the plan's page show them.
 */
export function MembershipPlans() {
  const query = useQuery(membershipPlansQueryOptions());
  return (
    <div className="grid max-w-4xl gap-6">
      <div className="grid gap-1">
        <h2 className="text-xl font-semibold">Membership plans</h2>
        <p className="text-sm text-muted-foreground">
          Names, yearly prices and benefits as the home page, the plan pages and the join form show
          them. A new price applies to invoices issued from now on.
        </p>
      </div>
      {query.data ? (
        query.data.map((plan) => (
          // Keyed by the saved plan: a save starts the form again from what the server stored.
          <PlanEditor key={`${plan.id}-${JSON.stringify(plan)}`} plan={plan} />
        ))
      ) : query.error ? (
        <TabError message={query.error.message} onRetry={() => void query.refetch()} />
      ) : (
        <TabLoading label="Loading the plans" count={3} className="h-96 rounded-xl" />
      )}
    </div>
  );
}

function PlanEditor({ plan }: { plan: MembershipPlan }) {
  const queryClient = useQueryClient();
  const form = useZodForm(planFormSchema, { defaultValues: planFormValues(plan) });
  const { serverError, run } = useFormSave('Failed to save the plan');
  const save = useMutation({
    mutationFn: (body: UpdateMembershipPlan) => updateMembershipPlan(plan.id, body),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: membershipPlansQueryOptions().queryKey }),
        queryClient.invalidateQueries({ queryKey: adminKeys.all }),
      ]),
  });
  const { control } = form;
  const headingId = `plan-${plan.id}`;

  function onSubmit(body: UpdateMembershipPlan) {
    return run(async () => {
      const { plan: saved } = await save.mutateAsync(body);
      toast.success(`${saved.name} saved: ${formatTierPrice(saved)} a year`);
    });
  }

  return (
    <Card className="gap-0 px-4 py-5 sm:px-6 sm:py-6">
      <Form form={form} onSubmit={onSubmit} aria-labelledby={headingId} className="grid gap-4">
        <div className="grid gap-1">
          <h3 id={headingId} className="text-lg leading-tight font-semibold">
            {plan.name} plan
          </h3>
          <p className="text-sm text-muted-foreground">{levelFeatures[plan.level]}</p>
        </div>
        <FormError>{serverError}</FormError>
        <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
          <InputField
            control={control}
            name="name"
            label="Name*"
            maxLength={60}
            autoComplete="off"
          />
          <InputField
            control={control}
            name="price"
            label={`Yearly price (${plan.currency})*`}
            inputMode="decimal"
            autoComplete="off"
          />
          <TextareaField
            control={control}
            name="description"
            label="Description"
            description="One sentence for the price card and the plan's page."
            fieldClassName="sm:col-span-2"
            rows={2}
            maxLength={500}
          />
          <TextareaField
            control={control}
            name="highlights"
            label="Price card lines"
            description="One a line; the price card and the carousel show them."
            rows={5}
          />
          <TextareaField
            control={control}
            name="benefits"
            label="Benefits"
            description="One a line: what this plan adds over the plan below it (the benefits table)."
            rows={5}
          />
          <CheckboxField
            control={control}
            name="available"
            label="Offered to new members"
            description="When off, nobody can join this plan or upgrade or change to it, and staff move a member onto it only with an override and a reason; members already on it keep renewing on it."
          />
          <CheckboxField control={control} name="featured" label="Mark as Most Popular" />
          <TicketBenefitsFields control={control} planName={plan.name} currency={plan.currency} />
        </div>
        <div className="flex justify-end">
          <Button type="submit" disabled={save.isPending}>
            {save.isPending ? 'Saving…' : `Save ${plan.name}`}
          </Button>
        </div>
      </Form>
    </Card>
  );
}
