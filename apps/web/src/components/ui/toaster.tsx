import { startTransition, useEffect, useState } from 'react';
import type { ToasterProps } from 'sonner';
import { useTheme } from '@/lib/use-theme';

type Sonner = typeof import('sonner');

let loading: Promise<Sonner> | null = null;
/** sonner's code, fetched once: the first call starts it, every later one shares it. */
const loadSonner = () => (loading ??= import('sonner'));

/**
 * Toast outlet, following the app's theme. Call `toast()` from 'sonner' anywhere.
 *
 * sonner (about 12 kB compressed) is no part of any page's first load: the outlet fetches it
 * once the page has hydrated (it draws nothing before, on the server neither). A toast raised
 * before it is there is not lost: sonner's outlet shows the toasts still active when it starts
 * listening.
 */
export function Toaster(props: ToasterProps) {
  const { resolvedTheme } = useTheme();
  const [sonner, setSonner] = useState<Sonner | null>(null);
  useEffect(() => {
    let live = true;
    void loadSonner().then((module) => {
      // Drawn in slices with the page's other first updates, not in a task of its own.
      if (live) startTransition(() => setSonner(module));
    });
    return () => {
      live = false;
    };
  }, []);
  if (!sonner) return null;
  return (
    <sonner.Toaster
      theme={resolvedTheme}
      closeButton
      richColors
      toastOptions={{ className: 'font-sans' }}
      {...props}
    />
  );
}
