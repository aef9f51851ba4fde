import {
  BadgeCheckIcon,
  LayoutDashboardIcon,
  LogOutIcon,
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
import { useAuth } from '@/lib/auth/use-auth';
import { initials } from './initials';
import { useSignOut } from './use-sign-out';

/** The signed-in user's menu: My account, Profile, My membership, Admin Dashboard (admins), Sign out. */
export function ProfileMenu() {
  const { user, role } = useAuth();
  const signOut = useSignOut();
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
        </DropdownMenuLabel>
        <DropdownMenuSeparator />
        <DropdownMenuItem asChild>
          <Link to={paths.account.href()}>
            <LayoutDashboardIcon aria-hidden="true" />
            My account
          </Link>
        </DropdownMenuItem>
        <DropdownMenuItem asChild>
          <Link to={paths.profile.href()}>
            <UserIcon aria-hidden="true" />
            Profile
          </Link>
        </DropdownMenuItem>
        <DropdownMenuItem asChild>
          <Link to={paths.membership.href()}>
            <BadgeCheckIcon aria-hidden="true" />
            My membership
          </Link>
        </DropdownMenuItem>
        {role === 'admin' ? (
          <DropdownMenuItem asChild>
            <Link to={paths.admin.href()}>
              <ShieldIcon aria-hidden="true" />
              Admin Dashboard
            </Link>
          </DropdownMenuItem>
        ) : null}
        <DropdownMenuSeparator />
        <DropdownMenuItem onSelect={() => void signOut()}>
          <LogOutIcon aria-hidden="true" />
          Sign out
        </DropdownMenuItem>
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
