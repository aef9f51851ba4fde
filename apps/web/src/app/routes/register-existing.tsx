import { emailSchema } from '@chamber/contract';
import { Navigate, useSearchParams } from 'react-router';
import { paths } from '@/config/paths';
import { RegisterExistingFlow } from '@/features/onboarding/components/register-existing-flow';
import { useAuth } from '@/lib/auth/use-auth';
import { useMetaDescription } from '@/lib/use-meta-description';

export function Component() {
  useMetaDescription(
    'Already a chamber member? Connect your existing membership to a portal sign-in.',
  );
  const [params] = useSearchParams();
  const { isAuthenticated } = useAuth();
  const fromLink = emailSchema.safeParse(params.get('email') ?? '');

  // Signed in already: there is nothing to connect.
  if (isAuthenticated) return <Navigate to={paths.profile.href()} replace />;

  return (
    <div className="mx-auto flex max-w-md flex-col px-4 py-12 sm:py-20">
      <RegisterExistingFlow lockedEmail={fromLink.success ? fromLink.data : null} />
    </div>
  );
}
