import { useState } from 'react';
import type { DefaultValues, FieldValues } from 'react-hook-form';
import type { z } from 'zod';
import { useZodForm } from '@/components/ui/form';
import { useFormStartedAt } from './spam-guard';

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
  const [sent, setSent] = useState<string | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const form = useZodForm(schema, { defaultValues: empty });

  async function submit(values: TOut) {
    setProblem(null);
    try {
      setSent((await send(values, startedAt)).message);
    } catch (error) {
      setProblem((error as Error).message);
    }
  }

  function again() {
    form.reset(empty);
    restart();
    setSent(null);
  }

  return { form, sent, problem, submit, again };
}
