import type { ReactNode } from 'react';
import { Card, CardContent, CardDescription, CardHeader } from '@/components/ui/card';
import { useDocumentTitle } from '@/lib/use-document-title';
import { useNoIndex } from '@/lib/use-no-index';

/**
 * The narrow card of a mail recipient's pages (preferences, newsletter sign-up and its
 * confirmation): a heading, a line of explanation, the content. Never indexed.
 */
export function RecipientCard({
  title,
  description,
  icon,
  children,
}: {
  title: string;
  description: ReactNode;
  icon: ReactNode;
  children: ReactNode;
}) {
  useDocumentTitle(title);
  useNoIndex();
  return (
    <div className="mx-auto flex max-w-lg flex-col px-4 py-12 sm:py-20">
      <Card>
        <CardHeader className="items-center text-center">
          <div className="mb-2 flex size-12 items-center justify-center rounded-full bg-primary/10 text-primary [&_svg]:size-6">
            {icon}
          </div>
          <h1 className="text-2xl font-bold tracking-tight">{title}</h1>
          <CardDescription>{description}</CardDescription>
        </CardHeader>
        <CardContent className="grid gap-5">{children}</CardContent>
      </Card>
    </div>
  );
}
