import {
  createContext,
  useCallback,
  useEffect,
  useMemo,
  useSyncExternalStore,
  type ReactNode,
} from 'react';
import {
  applyTheme,
  DARK_QUERY,
  DEFAULT_THEME,
  readThemeChoice,
  resolveTheme,
  storeTheme,
  type ResolvedTheme,
  type Theme,
} from './theme';

export interface ThemeContextValue {
  theme: Theme;
  resolvedTheme: ResolvedTheme;
  setTheme: (theme: Theme) => void;
}

export const ThemeContext = createContext<ThemeContextValue | null>(null);

function subscribeToSystemTheme(onChange: () => void) {
  const media = window.matchMedia(DARK_QUERY);
  media.addEventListener('change', onChange);
  return () => media.removeEventListener('change', onChange);
}

const systemPrefersDark = () => window.matchMedia(DARK_QUERY).matches;

// The stored choice as an external store: server-rendered HTML is drawn without it (null),
// and the browser's first render over that HTML must be the same, then takes the stored one.
const themeListeners = new Set<() => void>();
function subscribeToStoredTheme(onChange: () => void) {
  themeListeners.add(onChange);
  return () => themeListeners.delete(onChange);
}
const noStoredTheme = () => null;
// This tab's choice, which holds even where storage is blocked.
let chosenTheme: Theme | null = null;
// Null, as on the server, while the visitor has made no choice: hydrating such a page then
// needs no second render, which React would draw synchronously with the effects of the whole
// page in the same task.
const currentTheme = () => chosenTheme ?? readThemeChoice();

export function ThemeProvider({ children }: { children: ReactNode }) {
  const stored = useSyncExternalStore(subscribeToStoredTheme, currentTheme, noStoredTheme);
  const theme = stored ?? DEFAULT_THEME;
  // Follows the operating system live, whatever the stored choice.
  const prefersDark = useSyncExternalStore(subscribeToSystemTheme, systemPrefersDark, () => false);
  const resolvedTheme = resolveTheme(theme, prefersDark);

  useEffect(() => {
    // While hydrating, the class set before first paint (index.html's inline script) is right.
    if (stored !== null) applyTheme(resolvedTheme);
  }, [stored, resolvedTheme]);

  const setTheme = useCallback((next: Theme) => {
    storeTheme(next);
    chosenTheme = readThemeChoice() === next ? null : next;
    for (const listener of themeListeners) listener();
  }, []);

  const value = useMemo(
    () => ({ theme, resolvedTheme, setTheme }),
    [theme, resolvedTheme, setTheme],
  );
  return <ThemeContext value={value}>{children}</ThemeContext>;
}
