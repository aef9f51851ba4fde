import { NewsletterPage } from '@/features/mail-preferences/components/newsletter-page';
import { useMetaDescription } from '@/lib/use-meta-description';

export function Component() {
  useMetaDescription('Get the chamber’s newsletter by email.');
  return <NewsletterPage />;
}
