/** Browser storage keys (docs/product.md#constants). */
export const TOKEN_KEY = 'token';
export const PKCE_VERIFIER_KEY = 'pkce_code_verifier';
export const THEME_KEY = 'vite-ui-theme';

// Storage can throw (blocked cookies, private modes); a failed read counts as "nothing stored".
function safely<T>(action: () => T, fallback: T): T {
  try {
    return action();
  } catch {
    return fallback;
  }
}

export function readItem(storage: 'local' | 'session', key: string): string | null {
  return safely(() => (storage === 'local' ? localStorage : sessionStorage).getItem(key), null);
}

export function writeItem(storage: 'local' | 'session', key: string, value: string) {
  safely(
    () => (storage === 'local' ? localStorage : sessionStorage).setItem(key, value),
    undefined,
  );
}

export function removeItem(storage: 'local' | 'session', key: string) {
  safely(() => (storage === 'local' ? localStorage : sessionStorage).removeItem(key), undefined);
}

/** The access token, from local storage (remember me) or session storage. */
export function getToken(): string | null {
  return readItem('local', TOKEN_KEY) ?? readItem('session', TOKEN_KEY);
}

/** Stores the token where `remember` says and removes it from the other storage. */
export function setToken(token: string, remember: boolean) {
  writeItem(remember ? 'local' : 'session', TOKEN_KEY, token);
  removeItem(remember ? 'session' : 'local', TOKEN_KEY);
}

export function clearToken() {
  removeItem('local', TOKEN_KEY);
  removeItem('session', TOKEN_KEY);
}
