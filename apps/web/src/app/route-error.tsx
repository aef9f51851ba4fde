import { Link, isRouteErrorResponse, useRouteError } from 'react-router';
import { Button } from '@/components/ui/button';
import { paths } from '@/config/paths';

/** Shown when a page fails to load or render, with a way out. */
export function RouteError() {
  const error = useRouteError();
  const detail = isRouteErrorResponse(error)
    ? `${error.status} ${error.statusText}`
    : error instanceof Error
      ? error.message
      : null;

  return (
    <div role="alert" className="mx-auto grid max-w-xl gap-4 px-4 py-24 text-center">
      <h1 className="text-2xl font-bold">Something went wrong</h1>
      <p className="text-muted-foreground">
        This page could not be displayed. Check your connection and try again.
      </p>
      {detail ? <p className="text-sm text-muted-foreground">{detail}</p> : null}
      <div className="flex justify-center gap-3">
        <Button type="button" onClick={() => window.location.reload()}>
          Try again
        </Button>
        <Button asChild variant="outline">
          <Link to={paths.home.href()} reloadDocument>
            Go to the home page
          </Link>
        </Button>
      </div>
    </div>
  );
}
