import { z } from 'zod';

/**
 * The last step of a staff form's schema: the body it built from the typed text, checked with
 * the contract's own schema, so the form refuses what the server would. Each issue is shown on
 * the field it names (`fallbackField` when it names none), in the contract's words unless
 * `message` says it better for a form.
 */
export function contractChecked<T>(
  schema: z.ZodType<T>,
  body: unknown,
  ctx: z.RefinementCtx,
  fallbackField: string,
  message: (issue: z.core.$ZodIssue) => string = (issue) => issue.message,
): T {
  const checked = schema.safeParse(body);
  if (checked.success) return checked.data;
  for (const issue of checked.error.issues) {
    const field = String(issue.path[0] ?? fallbackField);
    ctx.addIssue({ code: 'custom', path: [field], message: message(issue) });
  }
  return z.NEVER;
}
