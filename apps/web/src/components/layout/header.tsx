import { AwardIcon } from 'lucide-react';
import { lazy, Suspense } from 'react';
import { Link, NavLink } from 'react-router';
import { Button } from '@/components/ui/button';
import { paths } from '@/config/paths';
import { useAuth } from '@/lib/auth/use-auth';
import { useChamber } from '@/lib/chamber/use-chamber';
import { cn } from '@/lib/utils';
import { ChamberLogo } from './chamber-logo';
import { MobileMenuButton } from './mobile-menu-button';
import { mainNavItems } from './nav-items';
import { SecondaryNav } from './secondary-nav';
import { ThemeToggle } from './theme-toggle';
import { useSignInLink } from './use-sign-in-link';

// Menu code only loads for signed-in visitors.
const ProfileMenu = lazy(() => import('./profile-menu').then((m) => ({ default: m.ProfileMenu })));

const navLinkClass = ({ isActive }: { isActive: boolean }) =>
  cn(
    'rounded-md px-3 py-2 text-sm font-medium whitespace-nowrap text-muted-foreground transition-colors hover:bg-muted hover:text-foreground',
    isActive && 'text-foreground underline decoration-primary decoration-2 underline-offset-8',
  );

export function Header() {
  const { isAuthenticated } = useAuth();
  const website = useChamber().location?.website;
  const signIn = useSignInLink();

  return (
    <header className="sticky top-0 z-40 border-b bg-background/95 px-safe pt-safe backdrop-blur supports-backdrop-filter:bg-background/85">
      <div className="mx-auto flex h-16 max-w-7xl items-center gap-2 px-3 sm:px-6">
        {/*
          The logo leads to the chamber's own site (docs/product.md#screens); home when it has
          none. It gives way to the buttons: a long short name (up to 40 characters), or the
          full name while the chamber's record loads, is cut short rather than widening the row.
        */}
        {website ? (
          <a href={website} className="min-w-0 rounded-md">
            <ChamberLogo />
          </a>
        ) : (
          <Link to={paths.home.href()} className="min-w-0 rounded-md">
            <ChamberLogo />
          </Link>
        )}

        <nav aria-label="Main" className="ml-4 hidden lg:block">
          <ul className="flex items-center gap-1">
            {mainNavItems.map((item) => (
              <li key={item.href}>
                <NavLink to={item.href} className={navLinkClass}>
                  {item.label}
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>

        <div className="ml-auto flex shrink-0 items-center gap-1 sm:gap-2">
          <Button asChild size="sm" className="px-2.5 sm:px-3">
            <Link to={paths.nominations.href()}>
              <AwardIcon aria-hidden="true" className="hidden sm:block" />
              Nominations
            </Link>
          </Button>
          <ThemeToggle />
          {isAuthenticated ? (
            <div className="hidden lg:block">
              <Suspense fallback={<span className="block size-10" />}>
                <ProfileMenu />
              </Suspense>
            </div>
          ) : (
            <Button asChild variant="ghost" size="sm" className="px-2.5 sm:px-3">
              <Link to={signIn.to} state={signIn.state}>
                Sign in
              </Link>
            </Button>
          )}
          <MobileMenuButton />
        </div>
      </div>
      <SecondaryNav />
    </header>
  );
}
