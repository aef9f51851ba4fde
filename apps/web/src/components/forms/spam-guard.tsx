import { useState } from 'react';
import { useFormContext } from 'react-hook-form';

/**
 * The honeypot of the native forms: a `website` field people never see or reach by keyboard,
 * which form-filling bots complete. The server drops a message that has it.
 */
export function HoneypotField() {
  const { register } = useFormContext<{ website?: string }>();
  return (
    <div
      aria-hidden="true"
      className="pointer-events-none absolute -left-[9999px] size-px overflow-hidden"
    >
      <label>
        Website (leave empty)
        <input type="text" tabIndex={-1} autoComplete="off" {...register('website')} />
      </label>
    </div>
  );
}

/**
 * When the form was shown (ms since epoch). The server refuses a form sent within seconds of
 * appearing; `restart` starts the clock again for a fresh form.
 */
export function useFormStartedAt() {
  const [startedAt, setStartedAt] = useState(() => Date.now());
  return { startedAt, restart: () => setStartedAt(Date.now()) };
}
