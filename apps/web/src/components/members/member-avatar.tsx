import { useState } from 'react';
import { initials } from '@/components/layout/initials';
import { cn } from '@/lib/utils';

/** A member's photo, or their initials when there is none (or it fails to load). */
export function MemberAvatar({
  src,
  firstName,
  lastName,
  alt,
  className,
}: {
  src: string | null | undefined;
  firstName: string;
  lastName: string;
  /** Describes the photo; the initials stand-in is decorative next to the name. */
  alt: string;
  className?: string;
}) {
  const [failedSrc, setFailedSrc] = useState<string | null>(null);
  const base = cn(
    'flex size-16 shrink-0 items-center justify-center overflow-hidden rounded-full bg-primary text-lg font-semibold text-primary-foreground',
    className,
  );
  if (src && src !== failedSrc) {
    return (
      <img
        src={src}
        alt={alt}
        width={64}
        height={64}
        loading="lazy"
        className={cn(base, 'bg-muted object-cover')}
        onError={() => setFailedSrc(src)}
      />
    );
  }
  return (
    <span aria-hidden="true" className={base}>
      {initials(firstName, lastName)}
    </span>
  );
}
