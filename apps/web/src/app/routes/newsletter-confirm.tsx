import { useSearchParams } from 'react-router';
import { NewsletterConfirmView } from '@/features/mail-preferences/components/newsletter-confirm-view';
import { useMetaDescription } from '@/lib/use-meta-description';

export function Component() {
  useMetaDescription('Confirm your subscription to the chamber’s newsletter.');
  const [params] = useSearchParams();
  return <NewsletterConfirmView token={params.get('token') || null} />;
}
