import { ArrowLeftIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';

/**
 * The way back to a list from the top of a page's banner (an event's, a member's). Its focus
 * ring takes the banner's text colour, so it shows on a photo and on the accent colour alike.
 */
export function HeroBackLink({ to, children }: { to: string; children: ReactNode }) {
  return (
    <Link
      to={to}
      className="inline-flex w-fit items-center gap-1.5 rounded-sm text-sm font-medium hover:underline focus-visible:outline-current"
    >
      <ArrowLeftIcon className="size-4" aria-hidden="true" />
      {children}
    </Link>
  );
}
