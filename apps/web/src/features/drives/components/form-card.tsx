import type { ReactNode } from 'react';
import { useId } from 'react';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { type Outcome, OutcomeMessage } from '@/components/ui/outcome-message';

/** A card holding one form: its title, its fields, what the last try said, and its button. */
export function FormCard({
  title,
  submit,
  variant,
  pending,
  outcome,
  onSubmit,
  children,
}: {
  title: string;
  submit: string;
  variant?: 'outline';
  pending: boolean;
  outcome: Outcome | null;
  onSubmit: () => void;
  children: ReactNode;
}) {
  const id = useId();
  return (
    <Card role="region" aria-labelledby={id}>
      <CardHeader>
        <CardTitle id={id}>{title}</CardTitle>
      </CardHeader>
      <CardContent>
        <form
          className="grid gap-3"
          onSubmit={(e) => {
            e.preventDefault();
            onSubmit();
          }}
        >
          {children}
          <OutcomeMessage outcome={outcome} />
          <Button type="submit" variant={variant} disabled={pending}>
            {submit}
          </Button>
        </form>
      </CardContent>
    </Card>
  );
}
