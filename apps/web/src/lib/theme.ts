import { readItem, THEME_KEY, writeItem } from './storage';

export const themes = ['light', 'dark', 'system'] as const;
export type Theme = (typeof themes)[number];
export type ResolvedTheme = Exclude<Theme, 'system'>;

export const DEFAULT_THEME: Theme = 'light';
export const DARK_QUERY = '(prefers-color-scheme: dark)';

export function isTheme(value: unknown): value is Theme {
  return typeof value === 'string' && (themes as readonly string[]).includes(value);
}

/** The visitor's stored choice; null when they have made none (or it is unknown). */
export function readThemeChoice(): Theme | null {
  const stored = readItem('local', THEME_KEY);
  return isTheme(stored) ? stored : null;
}

/** The stored choice; anything missing or unknown is the default (light). */
export function readStoredTheme(): Theme {
  return readThemeChoice() ?? DEFAULT_THEME;
}

export function storeTheme(theme: Theme) {
  writeItem('local', THEME_KEY, theme);
}

export function resolveTheme(theme: Theme, systemPrefersDark: boolean): ResolvedTheme {
  if (theme === 'system') return systemPrefersDark ? 'dark' : 'light';
  return theme;
}

/** Puts exactly one of the `light` / `dark` classes on the root element. */
export function applyTheme(resolved: ResolvedTheme, root: HTMLElement = document.documentElement) {
  root.classList.remove('light', 'dark');
  root.classList.add(resolved);
}
