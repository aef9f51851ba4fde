import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { FormError } from '@/components/ui/form';
import { Spinner } from '@/components/ui/spinner';
import { useNewManageLink } from '../api/manage-registration';

/**
 * The links of every mail about a registration work; a registrant who fears one reached
 * someone else asks for a new one here, and the earlier ones stop working.
 */
export function NewLinkButton({
  token,
  onReplaced,
}: {
  token: string;
  onReplaced: (message: string) => void;
}) {
  const replace = useNewManageLink(token);
  const [error, setError] = useState<string | null>(null);

  async function onClick() {
    setError(null);
    try {
      onReplaced((await replace.mutateAsync()).message);
    } catch (failure) {
      setError(failure instanceof Error ? failure.message : 'Could not send a new link.');
    }
  }

  return (
    <div className="grid gap-2 border-t pt-4 text-sm">
      <p className="text-muted-foreground">
        The links in all your emails about this registration work. Worried one reached someone else?
        Get a new link by email; the earlier ones will stop working.
      </p>
      <FormError>{error}</FormError>
      <div>
        <Button
          type="button"
          variant="outline"
          disabled={replace.isPending}
          onClick={() => void onClick()}
        >
          {replace.isPending ? <Spinner className="size-4" /> : null}
          Email me a new link
        </Button>
      </div>
    </div>
  );
}
