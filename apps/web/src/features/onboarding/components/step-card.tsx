import type { ReactNode, Ref } from 'react';
import { Link } from 'react-router';
import { Card, CardContent, CardDescription, CardHeader } from '@/components/ui/card';
import { paths } from '@/config/paths';
import { useDocumentTitle } from '@/lib/use-document-title';

/**
 * One step of the existing-contact sign-up: its heading (focusable, so moving between steps
 * can move focus to it), a line of explanation, the step's content, and the links every
 * step offers (docs/product.md#screens: /login and /join).
 */
export function StepCard({
  title,
  description,
  icon,
  headingRef,
  links = true,
  children,
}: {
  title: string;
  description: ReactNode;
  icon?: ReactNode;
  headingRef?: Ref<HTMLHeadingElement>;
  /** The sign-in and join links (docs/product.md#screens); not once the sign-up is done. */
  links?: boolean;
  children: ReactNode;
}) {
  useDocumentTitle(title);
  return (
    <Card>
      <CardHeader className="items-center text-center">
        {icon ? (
          <div className="mb-2 flex size-12 items-center justify-center rounded-full bg-primary/10 text-primary [&_svg]:size-6">
            {icon}
          </div>
        ) : null}
        <h1
          ref={headingRef}
          tabIndex={-1}
          className="text-2xl font-bold tracking-tight focus:outline-none"
        >
          {title}
        </h1>
        <CardDescription className="text-base text-pretty">{description}</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-5">{children}</CardContent>
      {links ? (
        <div className="grid gap-2 border-t px-6 pt-5 text-center text-sm text-muted-foreground">
          <p>
            Already have an account?{' '}
            <Link to={paths.login.href()} className="font-medium text-primary hover:underline">
              Sign in
            </Link>
          </p>
          <p>
            Not a member yet?{' '}
            <Link to={paths.join.href()} className="font-medium text-primary hover:underline">
              Join the chamber
            </Link>
          </p>
        </div>
      ) : null}
    </Card>
  );
}

/** A short confirmation shown in place of an error (resend notice, success message). */
export function SuccessNote({ children }: { children: ReactNode }) {
  return (
    <p className="rounded-md border border-success/40 bg-success/10 px-3 py-2 text-sm font-medium text-success">
      {children}
    </p>
  );
}
