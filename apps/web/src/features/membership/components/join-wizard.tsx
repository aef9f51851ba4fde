import type { JoinMembershipResponse, MembershipPlan } from '@chamber/contract';
import { useQuery } from '@tanstack/react-query';
import { lazy, type ReactNode, Suspense, useEffect, useId, useState } from 'react';
import { Navigate, useNavigate, useSearchParams } from 'react-router';
import { Button } from '@/components/ui/button';
import { FormSkeleton } from '@/components/ui/form-skeleton';
import { Skeleton } from '@/components/ui/skeleton';
import { paths } from '@/config/paths';
import { membershipPlansQueryOptions } from '@/lib/api/membership-plans';
import { useAuth } from '@/lib/auth/use-auth';
import { useHydrated } from '@/lib/use-hydrated';
import { usePreload } from '@/lib/use-preload';
import { myMembershipQueryOptions } from '../api/my-membership';
import { type JoinDetailsValues, price, StepCard, STORAGE_KEY } from './join-parts';

export type { JoinDetailsValues } from './join-parts';

// The steps after the plan (their forms, zod, the payment's parts) are chunks of their own:
// a visitor reading the plans downloads and runs none of them. They load at the visitor's
// first press, touch, key or scroll on the page, or when a step is shown at the latest, behind
// a skeleton (decision 176).
const loadDetails = () => import('./join-details-step');
const loadPay = () => import('./join-pay-step');
const DetailsStep = lazy(() => loadDetails().then((m) => ({ default: m.DetailsStep })));
const PayStep = lazy(() => loadPay().then((m) => ({ default: m.PayStep })));
const PaidConfirmation = lazy(() => loadPay().then((m) => ({ default: m.PaidConfirmation })));
const InvoiceConfirmation = lazy(() => loadPay().then((m) => ({ default: m.InvoiceConfirmation })));
const loadSteps = () => Promise.all([loadDetails(), loadPay()]);

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

export function JoinWizard({
  signInForms,
  preloadSignInForms,
}: {
  signInForms: SignInForms;
  /** Starts loading the sign-in step's forms (a chunk of the page's own). */
  preloadSignInForms: () => Promise<unknown>;
}) {
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
  usePreload(loadSteps, true, 'first-input');
  usePreload(preloadSignInForms, !isAuthenticated, 'first-input');

  const paid = params.get('paid');
  if (paid) {
    return (
      <Suspense fallback={<StepSkeleton label="Loading your membership" />}>
        <PaidConfirmation number={paid} />
      </Suspense>
    );
  }
  if (progress.done) {
    return (
      <Suspense fallback={<StepSkeleton label="Loading your membership" />}>
        <InvoiceConfirmation
          done={progress.done}
          email={user?.email ?? progress.details?.email ?? ''}
          onStartOver={() => setMoved(fresh)}
        />
      </Suspense>
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
      {/* The plan step stays outside the boundary: drawn by the server, it hydrates with the
          page (inside a Suspense boundary it would hydrate later, after the page's effects). */}
      {step === 'plan' ? (
        <PlanStep
          plans={plans}
          chosen={progress.planSlug}
          onChoose={(slug) => go('details', { planSlug: slug })}
        />
      ) : (
        <Suspense fallback={<StepSkeleton label="Loading the next step" />}>
          {step === 'details' ? (
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
        </Suspense>
      )}
    </div>
  );
}

/** A step still loading its part of the page. */
function StepSkeleton({ label }: { label: string }) {
  return (
    <div className="rounded-xl border p-6">
      <FormSkeleton label={label} />
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
