import {
  formatMoney,
  joinDetailsSchema,
  type JoinMembershipResponse,
  type MembershipPlan,
} from '@chamber/contract';
import { useQuery } from '@tanstack/react-query';
import { CircleCheckIcon, MailIcon } from 'lucide-react';
import { type ComponentProps, type ReactNode, useEffect, useId, useState } from 'react';
import { Link, Navigate, useNavigate, useSearchParams } from 'react-router';
import { toast } from 'sonner';
import { z } from 'zod';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader } from '@/components/ui/card';
import { Form, FormField, useZodForm } from '@/components/ui/form';
import { Input } from '@/components/ui/input';
import { Skeleton } from '@/components/ui/skeleton';
import { paths } from '@/config/paths';
import { membershipPlansQueryOptions, staffApprovalQueryOptions } from '@/lib/api/membership-plans';
import { useAuth } from '@/lib/auth/use-auth';
import { formatMemberSince } from '@/lib/members/labels';
import { useHydrated } from '@/lib/use-hydrated';
import { myInvoicesQueryOptions, useJoin } from '../api/join';
import {
  myMembershipQueryOptions,
  paymentOptionsQueryOptions,
  usePayOnline,
} from '../api/my-membership';
import { HowToPaySection } from './how-to-pay';
import { PaymentCancelled } from './payment-outcome';

type Step = 'plan' | 'details' | 'account' | 'pay';
const isStep = (value: string | null): value is Step =>
  value === 'plan' || value === 'details' || value === 'account' || value === 'pay';
const steps: { id: Step; label: string }[] = [
  { id: 'plan', label: 'Plan' },
  { id: 'details', label: 'Business details' },
  { id: 'account', label: 'Sign-in' },
  { id: 'pay', label: 'Payment' },
];

const detailsFormSchema = joinDetailsSchema.required({ firstName: true, lastName: true }).extend({
  businessName: z.string().trim().min(1, 'Business name is required').max(200),
  email: z.string().trim().max(254),
});
export type JoinDetailsValues = z.input<typeof detailsFormSchema>;
type DetailsValues = JoinDetailsValues;

interface Progress {
  step: Step;
  planSlug: string | null;
  details: DetailsValues | null;
  done: JoinMembershipResponse | null;
}

// Kept for the tab, so signing in (or a trip to Stripe and back) returns to the step left.
const STORAGE_KEY = 'chamber.join';
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

const price = (plan: Pick<MembershipPlan, 'priceCents' | 'currency'>) =>
  `${formatMoney(plan.priceCents, plan.currency).replace(/\.00$/, '')} a year`;

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

function StepCard({
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
  initial: DetailsValues | null;
  defaults: { firstName: string; lastName: string; businessName: string; phone: string };
  signedInEmail: string | null;
  onBack: () => void;
  onDone: (details: DetailsValues) => void;
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
    name: keyof DetailsValues,
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

function PayStep({
  plan,
  details,
  cancelled,
  onBack,
  onInvoiced,
}: {
  plan: MembershipPlan;
  details: DetailsValues;
  /** Back from Checkout's 'Cancel' (its cancel URL, `?cancelled`). */
  cancelled: boolean;
  onBack: () => void;
  onInvoiced: (done: JoinMembershipResponse) => void;
}) {
  const options = useQuery(paymentOptionsQueryOptions());
  const approves = useQuery(staffApprovalQueryOptions()).data ?? false;
  const join = useJoin();
  const pay = usePayOnline();
  const busy = join.isPending || pay.isPending;
  // The email is the sign-in's; the rest is saved onto the membership's contact.
  const saved = {
    businessName: details.businessName,
    firstName: details.firstName,
    lastName: details.lastName,
    phone: details.phone,
    address1: details.address1,
    city: details.city,
    state: details.state,
    postalCode: details.postalCode,
  };

  async function choose(payBy: 'invoice' | 'card') {
    try {
      const answer = await join.mutateAsync({ planId: plan.id, details: saved, payBy });
      if (payBy === 'invoice' || !answer.invoice) onInvoiced(answer);
      else await pay.mutateAsync(answer.invoice.id);
    } catch (error) {
      toast.error(
        error instanceof Error && error.message
          ? error.message
          : 'Could not complete your membership',
      );
    }
  }

  return (
    <StepCard title="Payment" description="Pay your first year now, or ask for an invoice.">
      {cancelled ? <PaymentCancelled /> : null}
      <dl className="grid gap-3 rounded-lg border p-4 sm:grid-cols-3">
        <div>
          <dt className="text-sm text-muted-foreground">Plan</dt>
          <dd className="font-medium">{plan.name}</dd>
        </div>
        <div>
          <dt className="text-sm text-muted-foreground">Amount</dt>
          <dd className="font-medium">{price(plan)}</dd>
        </div>
        <div>
          <dt className="text-sm text-muted-foreground">Business</dt>
          <dd className="font-medium">{details.businessName}</dd>
        </div>
      </dl>
      <div className="flex flex-wrap gap-3">
        {options.data?.online ? (
          <Button type="button" size="lg" disabled={busy} onClick={() => void choose('card')}>
            {cancelled ? 'Try again' : 'Pay online'}
          </Button>
        ) : null}
        <Button
          type="button"
          size="lg"
          variant={options.data?.online ? 'outline' : 'default'}
          disabled={busy}
          onClick={() => void choose('invoice')}
        >
          <MailIcon aria-hidden="true" />
          Send me an invoice
        </Button>
      </div>
      <p className="text-sm text-muted-foreground">
        {paymentNote(options.data?.online ?? false, approves)}
      </p>
      <Button type="button" variant="outline" className="justify-self-start" onClick={onBack}>
        Back
      </Button>
    </StepCard>
  );
}

/**
 * What paying does, as the mails after it say: with staff approval on, a payment (online or
 * recorded) leads to staff's review, never to 'active at once'.
 */
function paymentNote(online: boolean, approves: boolean): string {
  if (approves) {
    return online
      ? 'Paying online records your payment at once; with an invoice, when the chamber records it. Staff then review your membership and confirm it, usually within two business days.'
      : 'Once the chamber records your payment, staff review your membership and confirm it, usually within two business days.';
  }
  return online
    ? 'Paying online makes your membership active at once. With an invoice, it starts when your payment is recorded.'
    : 'Your membership starts when the chamber records your payment.';
}

function InvoiceConfirmation({
  done,
  email,
  onStartOver,
}: {
  done: JoinMembershipResponse;
  email: string;
  onStartOver: () => void;
}) {
  const invoice = done.invoice!;
  const amount = formatMoney(invoice.totalCents, invoice.currency);
  const online = useQuery(paymentOptionsQueryOptions()).data?.online ?? false;
  const approves = useQuery(staffApprovalQueryOptions()).data ?? false;
  return (
    <StepCard title="Thank you for joining!">
      <p role="status" className="flex gap-2 font-medium">
        <CircleCheckIcon className="mt-0.5 size-5 shrink-0 text-success" aria-hidden="true" />
        We emailed invoice {invoice.number} for {amount}
        {email ? ` to ${email}` : ''}.
      </p>
      <dl className="grid gap-3 rounded-lg border p-4 sm:grid-cols-3">
        <div>
          <dt className="text-sm text-muted-foreground">Invoice</dt>
          <dd className="font-medium">{invoice.number}</dd>
        </div>
        <div>
          <dt className="text-sm text-muted-foreground">Amount</dt>
          <dd className="font-medium">{amount}</dd>
        </div>
        <div>
          <dt className="text-sm text-muted-foreground">Due</dt>
          <dd className="font-medium">{formatMemberSince(invoice.dueOn)}</dd>
        </div>
      </dl>
      <section aria-labelledby="join-next" className="grid gap-2">
        <h3 id="join-next" className="font-semibold">
          What happens next
        </h3>
        <HowToPaySection
          howToPay={done.howToPay}
          invoiceNumber={invoice.number}
          payOnline={online ? `Pay ${amount} online on My membership` : null}
        />
        <p className="text-sm">
          Your membership stays pending until the chamber records your payment; then{' '}
          {approves
            ? 'staff review it and confirm it, usually within two business days, and your business is listed in the directory.'
            : 'it is active and your business is listed in the directory.'}{' '}
          Your receipt is emailed to you.
        </p>
      </section>
      <div className="flex flex-wrap gap-3">
        <Button asChild>
          <Link to={paths.membership.href()} onClick={onStartOver}>
            Go to My membership
          </Link>
        </Button>
      </div>
    </StepCard>
  );
}

function PaidConfirmation({ number }: { number: string }) {
  const { isAuthenticated } = useAuth();
  const mine = useQuery({ ...myMembershipQueryOptions(), enabled: isAuthenticated });
  const invoices = useQuery({ ...myInvoicesQueryOptions(), enabled: isAuthenticated });
  useEffect(() => sessionStorage.removeItem(STORAGE_KEY), []);
  const invoice = invoices.data?.invoices.find((i) => i.number === number);
  const membership = mine.data?.membership;
  return (
    <StepCard title="Thank you for joining!">
      <p role="status" className="flex gap-2 font-medium">
        <CircleCheckIcon className="mt-0.5 size-5 shrink-0 text-success" aria-hidden="true" />
        {invoice && invoice.status === 'paid'
          ? `We received ${formatMoney(invoice.totalCents, invoice.currency)} for invoice ${number}. Your receipt is on its way by email.`
          : `Thank you: your payment for invoice ${number} is being recorded. Your receipt follows by email.`}
      </p>
      {membership ? (
        <p className="text-sm">
          {membership.awaitingApproval
            ? 'The chamber approves new members: your listing goes live once staff have approved it.'
            : membership.status === 'active'
              ? `Your ${membership.plan.name} membership is active and your business is listed in the directory.`
              : 'Your membership becomes active as soon as the payment is recorded.'}
        </p>
      ) : null}
      <div className="flex flex-wrap gap-3">
        <Button asChild>
          <Link to={paths.membership.href()}>Go to My membership</Link>
        </Button>
        <Button asChild variant="outline">
          <Link to={paths.profile.href()}>Edit your business profile</Link>
        </Button>
      </div>
    </StepCard>
  );
}
