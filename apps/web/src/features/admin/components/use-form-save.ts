import { useState } from 'react';
import { toast } from 'sonner';
import { failureMessage } from '../lib/errors';

/**
 * A staff form's save: `run` clears the last refusal, saves, and on failure shows the server's
 * message (or `fallback`) above the fields and as a toast. The success toast is the form's own;
 * `clearError` forgets the refusal (the form's changes were discarded).
 */
export function useFormSave(fallback: string) {
  const [serverError, setServerError] = useState<string | null>(null);
  async function run(save: () => Promise<void>) {
    setServerError(null);
    try {
      await save();
    } catch (error) {
      const message = failureMessage(error, fallback);
      setServerError(message);
      toast.error(message);
    }
  }
  return { serverError, run, clearError: () => setServerError(null) };
}
