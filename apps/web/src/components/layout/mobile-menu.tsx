import { LogInIcon, LogOutIcon } from 'lucide-react';
import type { RefObject } from 'react';
import { Link, NavLink } from 'react-router';
import { Button } from '@/components/ui/button';
import { Sheet, SheetContent, SheetDescription, SheetTitle } from '@/components/ui/sheet';
import { paths } from '@/config/paths';
import { useAuth } from '@/lib/auth/use-auth';
import { cn } from '@/lib/utils';
import { MOBILE_MENU_ID } from './mobile-menu-id';
import { accountNavItems } from './account-nav-items';
import { SideMenuBusinessSwitcher } from './business-switcher';
import { mainNavItems, secondaryNavItems, type NavItem } from './nav-items';
import { ThemeChoice } from './theme-choice';
import { useSignInLink } from './use-sign-in-link';
import { useSignOut } from './use-sign-out';

const linkClass = ({ isActive }: { isActive: boolean }) =>
  cn(
    'block rounded-md px-3 py-2 text-base font-medium hover:bg-muted',
    isActive && 'bg-muted text-primary',
  );

/**
 * The side menu under the md breakpoint (docs/product.md#screens): the signed-in user's name, email and the
 * business they act for (a choice when they are a person of several), the links, Nominations, Sign out and the theme. Anonymous visitors get the header's links,
 * Nominations and Sign in as well, not the theme alone: on a phone the header shows none of
 * them (docs/decisions/0058-the-visitors-side-menu-has-the.md).
 */
export function MobileMenu({
  open,
  onOpenChange,
  triggerRef,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The button that opened the menu gets focus back when it closes. */
  triggerRef: RefObject<HTMLButtonElement | null>;
}) {
  const { user, role } = useAuth();
  const signOut = useSignOut();
  const signIn = useSignInLink();
  const close = () => onOpenChange(false);

  // The account menu's entries, as on wide screens.
  const accountLinks: NavItem[] = user ? accountNavItems(role) : [];

  return (
    <Sheet open={open} onOpenChange={onOpenChange}>
      <SheetContent
        id={MOBILE_MENU_ID}
        {...(user ? { 'aria-describedby': undefined } : {})}
        onCloseAutoFocus={(event) => {
          event.preventDefault();
          triggerRef.current?.focus();
        }}
      >
        <SheetTitle className="text-lg font-semibold">Menu</SheetTitle>
        {user ? (
          <>
            <div className="rounded-lg border bg-surface p-3">
              <p className="font-semibold">
                {user.firstName} {user.lastName}
              </p>
              <p className="truncate text-sm text-muted-foreground">{user.email}</p>
              {user.businessName ? (
                <p className="mt-1 truncate text-sm">{user.businessName}</p>
              ) : null}
            </div>
            <SideMenuBusinessSwitcher onChosen={close} />
            <MenuLinks
              items={[...mainNavItems, ...secondaryNavItems, ...accountLinks]}
              close={close}
            />
            <Button
              type="button"
              variant="outline"
              className="w-full"
              onClick={() => {
                close();
                void signOut();
              }}
            >
              <LogOutIcon aria-hidden="true" />
              Sign out
            </Button>
          </>
        ) : (
          <>
            <SheetDescription className="text-sm text-muted-foreground">
              The chamber's pages, and the theme for this device.
            </SheetDescription>
            <MenuLinks items={mainNavItems} close={close} />
            <Button asChild variant="outline" className="w-full">
              <Link to={signIn.to} state={signIn.state} onClick={close}>
                <LogInIcon aria-hidden="true" />
                Sign in
              </Link>
            </Button>
          </>
        )}
        <div className="mt-auto border-t pt-4">
          <ThemeChoice />
        </div>
      </SheetContent>
    </Sheet>
  );
}

/** The menu's links, then Nominations: the same for a visitor and a signed-in member. */
function MenuLinks({ items, close }: { items: NavItem[]; close: () => void }) {
  return (
    <>
      <nav aria-label="Mobile">
        <ul className="grid gap-1">
          {items.map((item) => (
            <li key={item.href}>
              <NavLink to={item.href} className={linkClass} onClick={close}>
                {item.label}
              </NavLink>
            </li>
          ))}
        </ul>
      </nav>
      <Button asChild variant="default" className="w-full">
        <NavLink to={paths.nominations.href()} onClick={close}>
          Nominations
        </NavLink>
      </Button>
    </>
  );
}
