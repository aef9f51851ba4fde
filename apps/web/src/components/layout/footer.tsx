import { lazy, Suspense } from 'react';
import { Link } from 'react-router';
import { paths } from '@/config/paths';
import { useChamber } from '@/lib/chamber/use-chamber';
import { useNow } from '@/lib/render-time';
import { ChamberLogo } from './chamber-logo';

// The sign-up's code loads after the page's own: the server writes the form into the page,
// which hydration keeps until the code is there; a page drawn in the browser keeps its room.
const FooterNewsletter = lazy(() =>
  import('@/components/newsletter/footer-newsletter').then((m) => ({
    default: m.FooterNewsletter,
  })),
);

// Platforms and About point nowhere (docs/product.md#screens), so they are plain text, not dead links.
const placeholderGroups = [
  { title: 'Platforms', items: ['Web', 'Mobile'] },
  { title: 'About', items: ['Benefits', 'Pricing', 'FAQ'] },
];

const linkClass = 'rounded-sm text-sm text-muted-foreground hover:text-foreground hover:underline';

export function Footer() {
  const { location, name, shortName } = useChamber();
  const website = location?.website;
  // The server's moment while hydrating, so the year drawn on both sides agrees.
  const year = new Date(useNow()).getFullYear();
  const socialUrl = location?.socialUrl;

  return (
    <footer id="footer" className="mt-16 border-t bg-surface px-safe pb-safe">
      <div className="mx-auto grid max-w-7xl grid-cols-2 gap-10 px-4 py-12 sm:px-6 md:grid-cols-[1.5fr_repeat(4,1fr)]">
        <div className="col-span-2 grid content-start gap-4 md:col-span-1">
          <ChamberLogo full />
          <p className="max-w-xs text-sm text-muted-foreground">
            Connecting local businesses, members and the community.
          </p>
        </div>
        {placeholderGroups.map((group) => (
          <div key={group.title}>
            <h2 className="text-sm font-semibold">{group.title}</h2>
            <ul className="mt-3 grid gap-2 text-sm text-muted-foreground">
              {group.items.map((item) => (
                <li key={item}>{item}</li>
              ))}
            </ul>
          </div>
        ))}
        <div>
          <h2 className="text-sm font-semibold">Community</h2>
          <ul className="mt-3 grid gap-2">
            <li>
              <Link to={paths.news.href()} className={linkClass}>
                News
              </Link>
            </li>
            <li>
              <Link to={paths.sponsorships.href()} className={linkClass}>
                Sponsorships
              </Link>
            </li>
            <li>
              {socialUrl ? (
                <a href={socialUrl} className={linkClass} rel="noopener noreferrer" target="_blank">
                  Social media page
                  <span className="sr-only"> (opens in a new tab)</span>
                </a>
              ) : (
                <span className="text-sm text-muted-foreground">Social media page</span>
              )}
            </li>
          </ul>
        </div>
        <div>
          <h2 className="text-sm font-semibold">Learn more</h2>
          <ul className="mt-3 grid gap-2">
            <li>
              <Link to={paths.about.href()} className={linkClass}>
                About the chamber
              </Link>
            </li>
            <li>
              <Link to={paths.privacy.href()} className={linkClass}>
                Privacy Policy
              </Link>
            </li>
            <li>
              <Link to={paths.terms.href()} className={linkClass}>
                Terms of Service
              </Link>
            </li>
            {website ? (
              <li>
                <a href={website} className={linkClass}>
                  Chamber website
                </a>
              </li>
            ) : null}
          </ul>
        </div>
      </div>
      <div className="border-t">
        <Suspense fallback={<div className="h-64 md:h-34" />}>
          <FooterNewsletter />
        </Suspense>
      </div>
      <div className="border-t">
        <div className="mx-auto flex max-w-7xl flex-col gap-2 px-4 py-6 text-sm text-muted-foreground sm:flex-row sm:justify-between sm:px-6">
          <p>
            © {year} {name}. All rights reserved.
          </p>
          {website ? (
            <p>
              Powered by{' '}
              <a href={website} className="rounded-sm underline hover:text-foreground">
                {shortName} Member Portal
              </a>
            </p>
          ) : null}
        </div>
      </div>
    </footer>
  );
}
