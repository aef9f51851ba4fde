import type { ReactNode } from 'react';
import { PageBody, PageHeader } from './page-header';

/** A page whose content arrives in a later release: its real title and one honest line. */
export function PlaceholderPage({
  title,
  line,
  children,
}: {
  title: string;
  line: string;
  children?: ReactNode;
}) {
  return (
    <>
      <PageHeader title={title} description={line} />
      {children ? <PageBody>{children}</PageBody> : null}
    </>
  );
}
