import {
  faFacebook,
  faInstagram,
  faLinkedin,
  faTiktok,
  faXTwitter,
  faYoutube,
} from '@fortawesome/free-brands-svg-icons';
import type { IconDefinition } from '@fortawesome/free-brands-svg-icons';
import type { SocialLink, SocialNetwork } from '@chamber/contract';
import { GlobeIcon } from 'lucide-react';
import { cn } from '@/lib/utils';

const brandIcons: Record<Exclude<SocialNetwork, 'website'>, IconDefinition> = {
  facebook: faFacebook,
  instagram: faInstagram,
  linkedin: faLinkedin,
  x: faXTwitter,
  youtube: faYoutube,
  tiktok: faTiktok,
};

/** A network's mark, drawn from Font Awesome's brand paths (no icon font, nothing fetched). */
export function SocialIcon({ network, className }: { network: SocialNetwork; className?: string }) {
  if (network === 'website') return <GlobeIcon aria-hidden="true" className={className} />;
  const [width, height, , , path] = brandIcons[network].icon;
  return (
    <svg
      viewBox={`0 0 ${width} ${height}`}
      aria-hidden="true"
      focusable="false"
      className={cn('fill-current', className)}
    >
      {(Array.isArray(path) ? path : [path]).map((d) => (
        <path key={d} d={d} />
      ))}
    </svg>
  );
}

/**
 * An elite listing's profile links as a row of icons. Each link's accessible name is the
 * network's (or the site's host), said with whose it is and that it opens a new tab.
 */
export function SocialLinks({
  links,
  owner,
  className,
  size = 'md',
}: {
  links: readonly SocialLink[];
  owner: string;
  className?: string;
  size?: 'sm' | 'md';
}) {
  if (links.length === 0) return null;
  return (
    <ul aria-label={`${owner} online`} className={cn('flex flex-wrap gap-2', className)}>
      {links.map((link) => (
        <li key={link.url}>
          <a
            href={link.url}
            target="_blank"
            rel="noopener noreferrer"
            aria-label={`${link.label} (opens in a new tab)`}
            title={link.label}
            className={cn(
              'relative z-10 inline-flex items-center justify-center rounded-full border bg-background text-foreground transition-colors hover:border-primary hover:text-primary focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring',
              size === 'sm' ? 'size-9' : 'size-10',
            )}
          >
            <SocialIcon network={link.network} className={size === 'sm' ? 'size-4' : 'size-5'} />
          </a>
        </li>
      ))}
    </ul>
  );
}
