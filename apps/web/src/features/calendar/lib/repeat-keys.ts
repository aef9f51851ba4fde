/** How long a repeat of the same registration counts as the same request. */
export const REPEAT_WINDOW_MS = 10 * 60_000;

function newKey(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

const sent = new Map<string, { key: string; at: number }>();

/**
 * The Idempotency-Key of a registration sent from this browser: the same for the same form
 * sent to the same place within REPEAT_WINDOW_MS (a double click, a retry after an error), so
 * the server answers the repeat with the first answer instead of registering (and mailing a
 * new link) again. Any change to the form is a new request with a new key.
 */
export function repeatKey(target: string, body: unknown, now = Date.now()): string {
  const id = `${target} ${JSON.stringify(body)}`;
  const last = sent.get(id);
  if (last && now - last.at < REPEAT_WINDOW_MS) return last.key;
  for (const [other, kept] of sent) if (now - kept.at >= REPEAT_WINDOW_MS) sent.delete(other);
  const key = newKey();
  sent.set(id, { key, at: now });
  return key;
}
