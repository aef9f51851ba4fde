import type { DefaultValues, FieldValues } from 'react-hook-form';
import type { z } from 'zod';
import { useFormStartedAt } from './spam-guard';
import { useMessageForm } from './use-message-form';

/**
 * The state every native site form shares (contact, nominations, membership requests): the
 * form, when it was shown (for the server's time limit), the server's thank-you once sent,
 * the server's message when it refused, and a fresh form for another message.
 */
export function useSiteForm<TIn extends FieldValues, TOut extends FieldValues>(
  schema: z.ZodType<TOut, TIn>,
  empty: DefaultValues<TIn>,
  send: (values: TOut, startedAt: number) => Promise<{ message: string }>,
) {
  const { startedAt, restart } = useFormStartedAt();
  const { form, done, setDone, problem, submit } = useMessageForm(schema, empty, (values) =>
    send(values, startedAt),
  );

  function again() {
    form.reset(empty);
    restart();
    setDone(null);
  }

  return { form, sent: done, problem, submit, again };
}
