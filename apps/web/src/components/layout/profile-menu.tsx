import {
  BadgeCheckIcon,
  CircleUserIcon,
  LayoutDashboardIcon,
  LogOutIcon,
  type LucideIcon,
  ShieldIcon,
  UserIcon,
} from 'lucide-react';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from '@/components/ui/dropdown-menu';
import { paths } from '@/config/paths';
import { useAccountBusinesses } from '@/lib/api/businesses';
import { useAuth } from '@/lib/auth/use-auth';
import { initials } from './initials';
import { accountNavItems } from './account-nav-items';
import { MenuBusinessSwitcher } from './business-switcher';
import { useSignOut } from './use-sign-out';

/** The entries' icons, by address; an entry without one of its own gets the account's. */
const icons: Record<string, LucideIcon> = {
  [paths.account.href()]: LayoutDashboardIcon,
  [paths.profile.href()]: UserIcon,
  [paths.membership.href()]: BadgeCheckIcon,
  [paths.admin.href()]: ShieldIcon,
};

/**
 * The signed-in user's menu: who they are and the business they act for (a choice when they are
 * a person of several), their own pages (accountNavItems), then Sign out.
 */
export function ProfileMenu() {
  const { user, role } = useAuth();
  const signOut = useSignOut();
  // Read before the menu opens, so its 'Acting for' choice is there at once.
  useAccountBusinesses();
  if (!user) return null;
  const shown = initials(user.firstName, user.lastName);

  return (
    <DropdownMenu>
      <DropdownMenuTrigger asChild>
        {/* The name starts with the initials it shows (WCAG 2.5.3, label in name). */}
        <Button
          variant="ghost"
          size="icon"
          className="rounded-full"
          aria-label={`${shown} Account menu`}
        >
          <span className="flex size-9 items-center justify-center rounded-full bg-primary text-sm font-semibold text-primary-foreground">
            {shown}
          </span>
        </Button>
      </DropdownMenuTrigger>
      <DropdownMenuContent align="end" className="w-60">
        <DropdownMenuLabel>
          <span className="block truncate font-semibold">{user.name}</span>
          <span className="block truncate text-xs font-normal text-muted-foreground">
            {user.email}
          </span>
          {user.businessName ? (
            <span className="mt-1 block truncate text-xs font-normal">{user.businessName}</span>
          ) : null}
        </DropdownMenuLabel>
        <DropdownMenuSeparator />
        <MenuBusinessSwitcher />
        {accountNavItems(role).map(({ label, href }) => {
          const Icon = icons[href] ?? CircleUserIcon;
          return (
            <DropdownMenuItem key={href} asChild>
              <Link to={href}>
                <Icon aria-hidden="true" />
                {label}
              </Link>
            </DropdownMenuItem>
          );
        })}
        <DropdownMenuSeparator />
        <DropdownMenuItem onSelect={() => void signOut()}>
          <LogOutIcon aria-hidden="true" />
          Sign out
        </DropdownMenuItem>
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
