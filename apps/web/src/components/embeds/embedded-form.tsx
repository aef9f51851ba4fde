import { useExternalScript } from '@/lib/use-external-script';
import { cn } from '@/lib/utils';

/**
 * A form of the chamber's lead-management service (tier sign-up and payment, nomination
 * surveys, contact form): its iframe plus the provider's embed script, which resizes the
 * frame where the provider supports it. The address comes from the chamber's settings.
 */
export function EmbeddedForm({
  src,
  title,
  height,
  scriptSrc,
  className,
}: {
  src: string;
  /** Names the frame for screen readers, e.g. "Enhanced membership sign-up form". */
  title: string;
  /** Height in CSS pixels before the provider's script adjusts it. */
  height: number;
  scriptSrc?: string | null;
  className?: string;
}) {
  useExternalScript(scriptSrc);
  return (
    <iframe
      src={src}
      title={title}
      loading="lazy"
      height={height}
      style={{ height }}
      data-height={height}
      className={cn('block w-full rounded-lg border-0 bg-background', className)}
    />
  );
}
