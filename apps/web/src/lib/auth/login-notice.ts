/**
 * What a page that sends someone to sign in can tell the sign-in page: a notice to show
 * ('Registration successful! ...') and the email to fill in. It travels as router state.
 */
export interface LoginNotice {
  notice: string | null;
  email: string;
}

export function loginNoticeState(email: string, notice: string | null = null) {
  return { loginNotice: { notice, email } satisfies LoginNotice };
}

export function readLoginNotice(state: unknown): LoginNotice | null {
  if (typeof state !== 'object' || state === null || !('loginNotice' in state)) return null;
  const value = (state as { loginNotice: unknown }).loginNotice;
  if (typeof value !== 'object' || value === null) return null;
  const { notice, email } = value as Record<string, unknown>;
  if (typeof email !== 'string') return null;
  return { notice: typeof notice === 'string' && notice !== '' ? notice : null, email };
}
