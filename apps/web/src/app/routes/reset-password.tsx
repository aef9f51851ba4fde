import { useSearchParams } from 'react-router';
import { ResetPasswordForm } from '@/features/auth/components/reset-password-form';
import { useMetaDescription } from '@/lib/use-meta-description';

export function Component() {
  useMetaDescription('Choose a new password for your member portal account.');
  const [params] = useSearchParams();
  return <ResetPasswordForm token={params.get('token') || null} />;
}
