import { emailSchema } from '@chamber/contract';
import { useSearchParams } from 'react-router';
import { ForgotPasswordForm } from '@/features/auth/components/forgot-password-form';
import { useMetaDescription } from '@/lib/use-meta-description';

export function Component() {
  useMetaDescription('Forgot your password? Get a link by mail to choose a new one.');
  const [params] = useSearchParams();
  const email = emailSchema.safeParse(params.get('email') ?? '');
  return <ForgotPasswordForm {...(email.success ? { defaultEmail: email.data } : {})} />;
}
