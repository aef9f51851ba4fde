import { NewspaperIcon } from 'lucide-react';
import { NewsletterSignup } from '@/components/newsletter/newsletter-signup';
import { useChamber } from '@/lib/chamber/use-chamber';
import { RecipientCard } from './recipient-card';

/** /newsletter: the public 'Get our newsletter' sign-up, for members and anyone else. */
export function NewsletterPage() {
  const { name } = useChamber();
  return (
    <RecipientCard
      title="Get our newsletter"
      description={`News, events and new members of the ${name}, by email. We mail you a link to confirm first; every newsletter has a link to leave.`}
      icon={<NewspaperIcon aria-hidden="true" />}
    >
      <NewsletterSignup label="Sign up for the newsletter" />
    </RecipientCard>
  );
}
