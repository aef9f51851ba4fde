import { LinkIcon } from 'lucide-react';
import { lazy } from 'react';
import { Link } from 'react-router';
import { PageHeader } from '@/components/layout/page-header';
import { paths } from '@/config/paths';
import { MembershipOverview } from '@/features/home/components/membership-overview';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { JoinWizard, type SignInForms } from '@/features/membership/components/join-wizard';
import { useMetaDescription } from '@/lib/use-meta-description';

// The sign-in step's two forms (and their form library and rules) are no part of the page's
// first download: the wizard loads them at the visitor's first input, or at that step.
const loadLoginForm = () => import('@/features/auth/components/login-form');
const loadRegisterForm = () => import('@/features/onboarding/components/register-form');
const LoginForm = lazy(() => loadLoginForm().then((m) => ({ default: m.LoginForm })));
const RegisterForm = lazy(() => loadRegisterForm().then((m) => ({ default: m.RegisterForm })));
const preloadSignInForms = () => Promise.all([loadLoginForm(), loadRegisterForm()]);

/** The join's sign-in step: the sign-up as /register has it, or signing in. */
const signInForms: SignInForms = ({ details, onDone }) => (
  <Tabs defaultValue="create">
    {/* Two halves that wrap their words, so the pair fits a 360 px screen. */}
    <TabsList className="grid h-auto w-full grid-cols-2">
      <TabsTrigger value="create" className="whitespace-normal">
        Create an account
      </TabsTrigger>
      <TabsTrigger value="sign-in" className="whitespace-normal">
        I have an account
      </TabsTrigger>
    </TabsList>
    <TabsContent value="create" className="pt-4">
      <RegisterForm
        defaults={{
          firstName: details.firstName,
          lastName: details.lastName,
          businessName: details.businessName,
          email: details.email,
        }}
        onRegistered={onDone}
        joining
      />
    </TabsContent>
    <TabsContent value="sign-in" className="pt-4">
      <LoginForm defaultEmail={details.email} onSuccess={onDone} />
    </TabsContent>
  </Tabs>
);

export function Component() {
  useMetaDescription('Compare the membership levels and prices, and join the chamber.');
  return (
    <>
      <PageHeader
        title="Join the Chamber"
        description="Choose the membership level that fits your business, tell us about it, and pay online or by invoice."
      />
      <div className="mx-auto grid max-w-5xl gap-6 px-4 pt-8 pb-16 sm:px-6 sm:pt-12">
        <JoinWizard signInForms={signInForms} preloadSignInForms={preloadSignInForms} />
        <p className="flex gap-2 text-sm text-muted-foreground">
          <LinkIcon className="mt-0.5 size-4 shrink-0 text-primary" aria-hidden="true" />
          <span>
            Already a member? Your business is on our roster:{' '}
            <Link
              to={paths.registerExisting.href()}
              className="font-medium text-primary hover:underline"
            >
              Connect your membership
            </Link>{' '}
            with a code we email you.
          </span>
        </p>
      </div>
      {/* Each plan's page describes it in full. */}
      <MembershipOverview />
    </>
  );
}
