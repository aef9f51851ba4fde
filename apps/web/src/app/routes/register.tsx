import { emailSchema } from '@chamber/contract';
import { BadgeCheckIcon, LinkIcon, UserRoundPenIcon } from 'lucide-react';
import { Link, Navigate, useSearchParams } from 'react-router';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader } from '@/components/ui/card';
import { paths } from '@/config/paths';
import { RegisterForm } from '@/features/onboarding/components/register-form';
import { useAuth } from '@/lib/auth/use-auth';
import { useChamber } from '@/lib/chamber/use-chamber';
import { useDocumentTitle } from '@/lib/use-document-title';
import { useMetaDescription } from '@/lib/use-meta-description';

const nextSteps = [
  {
    icon: UserRoundPenIcon,
    title: 'Sign in right away',
    text: 'Fill in your business profile: photo, tagline and contact details.',
  },
  {
    icon: BadgeCheckIcon,
    title: 'Staff confirm your membership',
    text: 'Usually within two business days. Then your business appears in the member directory.',
  },
];

export function Component() {
  useMetaDescription('Create a member portal account for your business.');
  useDocumentTitle('Create an Account');
  const { name } = useChamber();
  const { isAuthenticated } = useAuth();
  const [params] = useSearchParams();
  const email = emailSchema.safeParse(params.get('email') ?? '');

  if (isAuthenticated) return <Navigate to={paths.profile.href()} replace />;

  return (
    <div className="mx-auto grid max-w-5xl gap-8 px-4 py-12 sm:px-6 sm:py-16 lg:grid-cols-[3fr_2fr]">
      <Card>
        <CardHeader>
          <h1 className="text-2xl font-bold tracking-tight">Create an Account</h1>
          <CardDescription className="text-base">Join the {name} member portal.</CardDescription>
        </CardHeader>
        <CardContent>
          <RegisterForm defaultEmail={email.success ? email.data : ''} />
          <p className="mt-6 text-center text-sm text-muted-foreground">
            Already have an account?{' '}
            <Link to={paths.login.href()} className="font-medium text-primary hover:underline">
              Sign in
            </Link>
          </p>
        </CardContent>
      </Card>
      <aside className="grid content-start gap-6" aria-label="About registering">
        <Card className="border-primary/40 bg-primary/5">
          <CardHeader>
            <h2 className="flex items-center gap-2 text-lg font-semibold">
              <LinkIcon className="size-5 text-primary" aria-hidden="true" />
              Already a member?
            </h2>
            <CardDescription>
              If your business is already on the chamber&apos;s roster, connect to your existing
              listing instead of creating a new one.
            </CardDescription>
          </CardHeader>
          <CardContent>
            <Button asChild variant="outline" className="w-full">
              <Link to={paths.registerExisting.href(email.success ? email.data : undefined)}>
                Connect your membership
              </Link>
            </Button>
          </CardContent>
        </Card>
        <section aria-labelledby="next-steps" className="grid gap-4 px-1">
          <h2 id="next-steps" className="text-lg font-semibold">
            What happens next
          </h2>
          <ol className="grid gap-4">
            {nextSteps.map(({ icon: Icon, title, text }) => (
              <li key={title} className="flex gap-3">
                <Icon className="mt-0.5 size-5 shrink-0 text-primary" aria-hidden="true" />
                <div>
                  <p className="font-medium">{title}</p>
                  <p className="text-sm text-muted-foreground">{text}</p>
                </div>
              </li>
            ))}
          </ol>
          <p className="text-sm text-muted-foreground">
            Choosing a membership level?{' '}
            <Link to={paths.join.href()} className="font-medium text-primary hover:underline">
              Compare the levels
            </Link>
          </p>
        </section>
      </aside>
    </div>
  );
}
