import type { JoinMembershipResponse, MembershipPlan } from '@chamber/contract';
import { useQuery } from '@tanstack/react-query';
import { type ComponentProps, type ReactNode, useEffect, useId, useState } from 'react';
import { Navigate, useNavigate, useSearchParams } from 'react-router';
import { z } from 'zod';
import { Button } from '@/components/ui/button';
import { Form, FormField, useZodForm } from '@/components/ui/form';
import { Input } from '@/components/ui/input';
import { Skeleton } from '@/components/ui/skeleton';
import { paths } from '@/config/paths';
import { membershipPlansQueryOptions } from '@/lib/api/membership-plans';
import { useAuth } from '@/lib/auth/use-auth';
import { useHydrated } from '@/lib/use-hydrated';
import { myMembershipQueryOptions } from '../api/my-membership';
import {
  detailsFormSchema,
  type JoinDetailsValues,
  price,
  StepCard,
  STORAGE_KEY,
} from './join-parts';
import { InvoiceConfirmation, PaidConfirmation, PayStep } from './join-pay-step';

export type { JoinDetailsValues } from './join-parts';

type Step = 'plan' | 'details' | 'account' | 'pay';
const isStep = (value: string | null): value is Step =>
  value === 'plan' || value === 'details' || value === 'account' || value === 'pay';
const steps: { id: Step; label: string }[] = [
  { id: 'plan', label: 'Plan' },
  { id: 'details', label: 'Business details' },
  { id: 'account', label: 'Sign-in' },
  { id: 'pay', label: 'Payment' },
];

interface Progress {
  step: Step;
  planSlug: string | null;
  details: JoinDetailsValues | null;
  done: JoinMembershipResponse | null;
}

const fresh: Progress = { step: 'plan', planSlug: null, details: null, done: null };

/** The tab's saved step, or a plan chosen on its page (`?plan=`): on to the details. */
function startingProgress(params: URLSearchParams): Progress {
  const saved = readProgress();
  const chosen = params.get('plan');
  return chosen ? { ...saved, planSlug: chosen, step: 'details', done: null } : saved;
}

function readProgress(): Progress {
  try {
    const saved = JSON.parse(sessionStorage.getItem(STORAGE_KEY) ?? 'null') as Progress | null;
    return saved && typeof saved === 'object' ? { ...fresh, ...saved } : fresh;
  } catch {
    return fresh;
  }
}

/**
 * /join: choose a plan → business and contact details → create the sign-in (or sign in) →
 * pay online or 'Send me an invoice' → what happens next. A member who is already current
 * is sent to /membership.
 */
/** The sign-in step's forms (the sign-up's and the sign-in's), given by the page. */
export type SignInForms = (props: { details: JoinDetailsValues; onDone: () => void }) => ReactNode;

export function JoinWizard({ signInForms }: { signInForms: SignInForms }) {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const { user, isAuthenticated, isLoading } = useAuth();
  const plansQuery = useQuery(membershipPlansQueryOptions());
  // Over server-rendered HTML (drawn for every visitor) the tab's saved step is read once
  // hydrated; until then nothing is saved over it. Read once: the page's own moves follow.
  const hydrated = useHydrated();
  const [starting, setStarting] = useState<Progress | null>(null);
  if (hydrated && starting === null) setStarting(startingProgress(params));
  const [moved, setMoved] = useState<Progress | null>(null);
  const progress = moved ?? starting ?? fresh;
  const setProgress = (change: Partial<Progress>) =>
    setMoved((p) => ({ ...(p ?? starting ?? fresh), ...change }));
  // Each step is an entry of the browser's history (`?step=`): Back returns to the step before,
  // and Back from Checkout to the payment step. An address without a step is where the visit
  // started (a plan's page, or the step the tab left).
  const urlStep = params.get('step');
  const shownStep = isStep(urlStep) ? urlStep : (starting ?? fresh).step;
  const go = (step: Step, change: Partial<Progress> = {}) => {
    setProgress({ ...change, step });
    void navigate({ search: `?step=${step}` });
  };
  const mine = useQuery({
    ...myMembershipQueryOptions(),
    enabled: isAuthenticated && Boolean(user?.contactId),
    retry: false,
  });

  useEffect(() => {
    if (hydrated) sessionStorage.setItem(STORAGE_KEY, JSON.stringify(progress));
  }, [hydrated, progress]);

  const paid = params.get('paid');
  if (paid) return <PaidConfirmation number={paid} />;
  if (progress.done) {
    return (
      <InvoiceConfirmation
        done={progress.done}
        email={user?.email ?? progress.details?.email ?? ''}
        onStartOver={() => setMoved(fresh)}
      />
    );
  }
  const membership = mine.data?.membership;
  if (
    membership &&
    (membership.status === 'active' || membership.status === 'grace' || membership.awaitingApproval)
  ) {
    return <Navigate to={paths.membership.href()} replace />;
  }
  if (isLoading || !plansQuery.data || (isAuthenticated && mine.isLoading)) {
    return (
      <div className="grid gap-4" aria-busy="true">
        <p role="status" className="sr-only">
          Loading the membership plans
        </p>
        <Skeleton className="h-10 w-full" />
        <Skeleton className="h-72 w-full" />
      </div>
    );
  }

  const plans = plansQuery.data.filter((p) => p.available);
  const plan = plans.find((p) => p.slug === progress.planSlug) ?? null;
  // Signed in, there is no sign-in to create; without a plan or details, those come first.
  const step: Step = !plan
    ? 'plan'
    : shownStep === 'account' && isAuthenticated
      ? 'pay'
      : shownStep === 'pay' && !isAuthenticated
        ? 'account'
        : shownStep !== 'plan' && !progress.details
          ? 'details'
          : shownStep;

  return (
    <div className="grid gap-6">
      <StepList current={step} />
      {step === 'plan' ? (
        <PlanStep
          plans={plans}
          chosen={progress.planSlug}
          onChoose={(slug) => go('details', { planSlug: slug })}
        />
      ) : step === 'details' ? (
        <DetailsStep
          initial={progress.details}
          signedInEmail={isAuthenticated ? (user?.email ?? '') : null}
          defaults={{
            firstName: user?.firstName ?? '',
            lastName: user?.lastName ?? '',
            businessName: user?.businessName ?? '',
            phone: user?.phone ?? '',
          }}
          onBack={() => go('plan')}
          onDone={(details) => go(isAuthenticated ? 'pay' : 'account', { details })}
        />
      ) : step === 'account' ? (
        <AccountStep onBack={() => go('details')}>
          {signInForms({ details: progress.details!, onDone: () => go('pay') })}
        </AccountStep>
      ) : (
        <PayStep
          plan={plan!}
          details={progress.details!}
          cancelled={params.has('cancelled')}
          onBack={() => go('details')}
          onInvoiced={(done) => setProgress({ done })}
        />
      )}
    </div>
  );
}

function StepList({ current }: { current: Step }) {
  const index = steps.findIndex((s) => s.id === current);
  return (
    <nav aria-label="Joining steps">
      <ol className="grid grid-cols-2 gap-2 text-sm sm:grid-cols-4">
        {steps.map((s, i) => (
          <li
            key={s.id}
            aria-current={i === index ? 'step' : undefined}
            className={
              i === index
                ? 'rounded-md border border-primary bg-primary/10 px-3 py-2 font-semibold text-foreground'
                : 'rounded-md border px-3 py-2 text-muted-foreground'
            }
          >
            <span className="mr-1" aria-hidden="true">
              {i + 1}.
            </span>
            {s.label}
            {i < index ? <span className="sr-only"> (done)</span> : null}
          </li>
        ))}
      </ol>
    </nav>
  );
}

function PlanStep({
  plans,
  chosen,
  onChoose,
}: {
  plans: MembershipPlan[];
  chosen: string | null;
  onChoose: (slug: string) => void;
}) {
  const [selected, setSelected] = useState(chosen ?? plans.find((p) => p.featured)?.slug ?? '');
  const name = useId();
  // Server-rendered, the choice waits for hydration: a plain form would be sent as a query.
  const hydrated = useHydrated();
  return (
    <StepCard title="Choose your membership" description="Every plan is billed yearly.">
      <form
        className="grid gap-6"
        onSubmit={(event) => {
          event.preventDefault();
          if (selected) onChoose(selected);
        }}
      >
        <fieldset disabled={!hydrated} className="contents">
          <fieldset className="grid gap-4 md:grid-cols-3">
            <legend className="sr-only">Membership plan</legend>
            {plans.map((plan) => (
              <label
                key={plan.id}
                className="flex cursor-pointer flex-col gap-2 rounded-lg border p-4 has-[:checked]:border-primary has-[:checked]:bg-primary/5 has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-ring"
              >
                <span className="flex items-center gap-2">
                  <input
                    type="radio"
                    aria-labelledby={`${name}-${plan.slug}`}
                    aria-describedby={`${name}-${plan.slug}-price`}
                    name={name}
                    value={plan.slug}
                    checked={selected === plan.slug}
                    onChange={() => setSelected(plan.slug)}
                    className="size-4 accent-primary"
                  />
                  <span id={`${name}-${plan.slug}`} className="font-semibold">
                    {plan.name}
                  </span>
                  {plan.featured ? (
                    <span className="ml-auto rounded-full bg-primary px-2 py-0.5 text-xs font-medium text-primary-foreground">
                      Most Popular
                    </span>
                  ) : null}
                </span>
                <span id={`${name}-${plan.slug}-price`} className="text-lg font-bold">
                  {price(plan)}
                </span>
                <span className="text-sm text-muted-foreground">{plan.description}</span>
                <ul className="grid list-disc gap-1 pl-5 text-sm">
                  {plan.highlights.map((line) => (
                    <li key={line}>{line}</li>
                  ))}
                </ul>
              </label>
            ))}
          </fieldset>
          <Button type="submit" size="lg" className="justify-self-start" disabled={!selected}>
            Continue
          </Button>
        </fieldset>
      </form>
    </StepCard>
  );
}

function DetailsStep({
  initial,
  defaults,
  signedInEmail,
  onBack,
  onDone,
}: {
  initial: JoinDetailsValues | null;
  defaults: { firstName: string; lastName: string; businessName: string; phone: string };
  signedInEmail: string | null;
  onBack: () => void;
  onDone: (details: JoinDetailsValues) => void;
}) {
  const schema = signedInEmail
    ? detailsFormSchema
    : detailsFormSchema.extend({
        email: z.string().trim().min(1, 'Email is required').email('Enter a valid email address'),
      });
  const form = useZodForm(schema, {
    defaultValues: initial ?? {
      ...defaults,
      email: signedInEmail ?? '',
      address1: '',
      city: '',
      state: '',
      postalCode: '',
    },
  });
  const text = (
    name: keyof JoinDetailsValues,
    label: string,
    autoComplete: string,
    extra: Partial<ComponentProps<typeof Input>> = {},
  ) => (
    <FormField
      control={form.control}
      name={name}
      label={label}
      render={({ field, controlProps }) => (
        <Input
          {...field}
          {...controlProps}
          {...extra}
          value={field.value ?? ''}
          autoComplete={autoComplete}
        />
      )}
    />
  );
  return (
    <StepCard
      title="Your business"
      description="How your business appears on invoices and, once you are a member, in the directory."
    >
      <Form
        form={form}
        onSubmit={(values) => onDone({ ...values, email: signedInEmail ?? values.email })}
        className="grid gap-5"
        aria-label="Business details"
      >
        {text('businessName', 'Business name', 'organization')}
        <div className="grid gap-5 sm:grid-cols-2">
          {text('firstName', 'First name', 'given-name')}
          {text('lastName', 'Last name', 'family-name')}
        </div>
        <div className="grid gap-5 sm:grid-cols-2">
          {signedInEmail ? (
            <div className="grid gap-2 text-sm">
              <span className="font-medium">Email</span>
              <span className="text-muted-foreground">{signedInEmail}</span>
            </div>
          ) : (
            text('email', 'Email', 'email', { type: 'email' })
          )}
          {text('phone', 'Phone', 'tel', { type: 'tel' })}
        </div>
        {text('address1', 'Street address', 'street-address')}
        <div className="grid gap-5 sm:grid-cols-[2fr_1fr_1fr]">
          {text('city', 'City', 'address-level2')}
          {text('state', 'State', 'address-level1', { maxLength: 2 })}
          {text('postalCode', 'ZIP code', 'postal-code')}
        </div>
        <div className="flex flex-wrap gap-3">
          <Button type="button" variant="outline" onClick={onBack}>
            Back
          </Button>
          <Button type="submit">Continue</Button>
        </div>
      </Form>
    </StepCard>
  );
}

function AccountStep({ onBack, children }: { onBack: () => void; children: ReactNode }) {
  return (
    <StepCard
      title="Your sign-in"
      description="You use it to manage your listing, pay and download your invoices."
    >
      {children}
      <Button type="button" variant="outline" className="justify-self-start" onClick={onBack}>
        Back
      </Button>
    </StepCard>
  );
}
