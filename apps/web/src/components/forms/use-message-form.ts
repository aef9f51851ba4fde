import { useState } from 'react';
import type { DefaultValues, FieldValues } from 'react-hook-form';
import type { z } from 'zod';
import { errorMessage } from '@/components/account/done-note';
import { useZodForm } from '@/components/ui/form';

/**
 * The state of a form the server answers with one sentence (a reset link asked for, a
 * password or address changed, a site message sent): the form, the server's sentence once
 * done, and its refusal. `resetOnDone` empties the form for another go.
 */
export function useMessageForm<TIn extends FieldValues, TOut extends FieldValues>(
  schema: z.ZodType<TOut, TIn>,
  defaultValues: DefaultValues<TIn>,
  send: (values: TOut) => Promise<{ message: string }>,
  { resetOnDone = false }: { resetOnDone?: boolean } = {},
) {
  const [done, setDone] = useState<string | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const form = useZodForm(schema, { defaultValues });

  async function submit(values: TOut) {
    setProblem(null);
    setDone(null);
    try {
      setDone((await send(values)).message);
      if (resetOnDone) form.reset();
    } catch (error) {
      setProblem(errorMessage(error));
    }
  }

  return { form, done, setDone, problem, submit };
}
