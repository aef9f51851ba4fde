import { Toaster as Sonner, type ToasterProps } from 'sonner';
import { useTheme } from '@/lib/use-theme';

/** Toast outlet, following the app's theme. Call `toast()` from 'sonner' anywhere. */
export function Toaster(props: ToasterProps) {
  const { resolvedTheme } = useTheme();
  return (
    <Sonner
      theme={resolvedTheme}
      closeButton
      richColors
      toastOptions={{ className: 'font-sans' }}
      {...props}
    />
  );
}
