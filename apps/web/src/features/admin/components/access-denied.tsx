import { ShieldAlertIcon } from 'lucide-react';
import { Link } from 'react-router';
import { PageBody } from '@/components/layout/page-header';
import { Button } from '@/components/ui/button';
import { Card, CardContent } from '@/components/ui/card';
import { paths } from '@/config/paths';
import { useDocumentTitle } from '@/lib/use-document-title';

/** What a session without the admin role sees on /admin (docs/product.md#screens Admin dashboard). */
export function AccessDenied() {
  useDocumentTitle('Access Denied');
  return (
    <PageBody className="grid min-h-[60dvh] place-items-center">
      <Card className="w-full max-w-md text-center">
        <CardContent className="grid justify-items-center gap-4">
          <span className="flex size-14 items-center justify-center rounded-full bg-destructive/10 text-destructive">
            <ShieldAlertIcon className="size-7" aria-hidden="true" />
          </span>
          <h1 className="text-2xl font-bold tracking-tight">Access Denied</h1>
          <p className="text-muted-foreground">
            You don&apos;t have permission to access this page. Admin access is required.
          </p>
          <Button asChild variant="outline">
            <Link to={paths.home.href()}>Back to Home</Link>
          </Button>
        </CardContent>
      </Card>
    </PageBody>
  );
}
