import type { ReactNode } from 'react';
import { useDocumentTitle } from '@/lib/use-document-title';
import { cn } from '@/lib/utils';

/** A page's title band; also sets the document title. */
export function PageHeader({
  title,
  description,
  children,
  className,
}: {
  title: string;
  description?: ReactNode;
  children?: ReactNode;
  className?: string;
}) {
  useDocumentTitle(title);
  return (
    <div className={cn('border-b bg-surface', className)}>
      <div className="mx-auto max-w-7xl px-4 py-10 sm:px-6 sm:py-14">
        <h1 className="text-3xl font-bold tracking-tight text-balance sm:text-4xl">{title}</h1>
        {description ? (
          <p className="mt-3 max-w-2xl text-lg text-muted-foreground">{description}</p>
        ) : null}
        {children ? <div className="mt-6 flex flex-wrap gap-3">{children}</div> : null}
      </div>
    </div>
  );
}

/** The content column under a PageHeader. */
export function PageBody({ children, className }: { children: ReactNode; className?: string }) {
  return <div className={cn('mx-auto max-w-7xl px-4 py-10 sm:px-6', className)}>{children}</div>;
}
