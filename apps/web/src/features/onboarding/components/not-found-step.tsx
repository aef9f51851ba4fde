import { SearchXIcon } from 'lucide-react';
import type { Ref } from 'react';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { paths } from '@/config/paths';
import { StepCard } from './step-card';

/** Step 'Email Not Found': try another address, or register as a new member. */
export function NotFoundStep({
  email,
  onTryAgain,
  headingRef,
}: {
  email: string;
  onTryAgain: () => void;
  headingRef?: Ref<HTMLHeadingElement>;
}) {
  return (
    <StepCard
      title="Email Not Found"
      description={
        <>
          We couldn&apos;t find{' '}
          <strong className="text-foreground [overflow-wrap:anywhere]">{email}</strong> on the
          chamber&apos;s member roster. Try the address your business gave the chamber, or create a
          new account.
        </>
      }
      icon={<SearchXIcon aria-hidden="true" />}
      headingRef={headingRef}
    >
      <div className="grid gap-3 sm:grid-cols-2">
        <Button type="button" size="lg" variant="outline" onClick={onTryAgain}>
          Try Again
        </Button>
        <Button asChild size="lg">
          <Link to={paths.register.href(email)}>Create New Account</Link>
        </Button>
      </div>
    </StepCard>
  );
}
