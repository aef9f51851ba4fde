import { useSearchParams } from 'react-router';
import { ConfirmEmailView } from '@/features/auth/components/confirm-email-view';
import { useMetaDescription } from '@/lib/use-meta-description';

export function Component() {
  useMetaDescription('Confirm the new email address of your member portal account.');
  const [params] = useSearchParams();
  return <ConfirmEmailView token={params.get('token') || null} />;
}
