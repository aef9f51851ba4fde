import { CalendarX2Icon } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Spinner } from '@/components/ui/spinner';
import { paths } from '@/config/paths';
import { useDocumentTitle } from '@/lib/use-document-title';

/** A calendar page's first load: a spinner and what it is loading ('Loading event details...'). */
export function PageLoading({ children }: { children: ReactNode }) {
  return (
    <div
      role="status"
      className="flex min-h-[50vh] flex-col items-center justify-center gap-3 text-muted-foreground"
    >
      <Spinner className="size-8 text-primary" />
      {children}
    </div>
  );
}

/**
 * A calendar page that cannot show what its link names: why, Try Again when trying again may
 * help, and the way back to the calendar. The title is also the document's.
 */
export function ProblemCard({
  title,
  detail,
  onRetry,
}: {
  title: string;
  detail?: string;
  onRetry?: () => void;
}) {
  useDocumentTitle(title);
  return (
    <Card role="alert" className="items-center px-6 text-center">
      <CalendarX2Icon className="size-12 text-muted-foreground" aria-hidden="true" />
      <div className="grid gap-2">
        <h1 className="text-2xl font-bold">{title}</h1>
        {detail ? <p className="text-muted-foreground">{detail}</p> : null}
      </div>
      <div className="flex flex-wrap justify-center gap-2">
        {onRetry ? (
          <Button type="button" variant="outline" onClick={onRetry}>
            Try Again
          </Button>
        ) : null}
        <Button asChild>
          <Link to={paths.calendar.href()}>Back to Calendar</Link>
        </Button>
      </div>
    </Card>
  );
}
