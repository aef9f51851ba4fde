import type { AdminUser } from '@chamber/contract';
import type { ReactNode } from 'react';
import { initials } from '@/components/layout/initials';
import { TierBadge } from '@/components/members/tier-badge';
import { Badge } from '@/components/ui/badge';
import { Skeleton } from '@/components/ui/skeleton';
import { capitalise } from '@/lib/members/labels';
import { cn } from '@/lib/utils';
import { formatDate, fullName } from '../lib/labels';
import { rowActions } from '../lib/row-actions';
import { RoleBadge, StatusBadge } from './user-badges';
import { UserActionsMenu, type UserAction } from './user-actions-menu';

interface UsersTableProps {
  users: AdminUser[];
  currentUserId: string | null | undefined;
  /** A new page or search is loading; the rows shown are the previous ones. */
  stale: boolean;
  onAction: (action: UserAction, user: AdminUser, returnFocusTo: string) => void;
}

/**
 * The user list (spec §2 columns: User, Role & Status, Membership, Joined, Actions): a table
 * from 768 px, and one card a user on narrower screens, where five columns do not fit.
 */
export function UsersTable({ users, currentUserId, stale, onAction }: UsersTableProps) {
  const rows = users.map((user) => ({ user, actions: rowActions(user, currentUserId) }));
  return (
    <div aria-busy={stale} className={cn('transition-opacity', stale && 'opacity-60')}>
      <div className="hidden overflow-hidden rounded-xl border bg-card md:block">
        <table className="w-full text-left text-sm">
          <caption className="sr-only">Users</caption>
          <thead className="border-b bg-muted/50 text-xs font-semibold tracking-wide text-muted-foreground uppercase">
            <tr>
              <th scope="col" className="px-4 py-3">
                User
              </th>
              <th scope="col" className="px-4 py-3">
                Role &amp; Status
              </th>
              <th scope="col" className="px-4 py-3">
                Membership
              </th>
              <th scope="col" className="px-4 py-3">
                Joined
              </th>
              <th scope="col" className="px-4 py-3 text-right">
                Actions
              </th>
            </tr>
          </thead>
          <tbody className="divide-y">
            {rows.map(({ user, actions }) => (
              <tr key={user.id} className="align-middle">
                <td className="w-2/5 max-w-0 px-4 py-3">
                  <UserIdentity user={user} isSelf={actions.isSelf} />
                </td>
                <td className="px-4 py-3">
                  <div className="flex flex-wrap gap-1.5">
                    <RoleBadge role={user.role} />
                    <StatusBadge status={user.status} />
                  </div>
                </td>
                <td className="px-4 py-3">
                  <Membership user={user} />
                </td>
                <td className="px-4 py-3 whitespace-nowrap text-muted-foreground">
                  <time dateTime={user.createdAt}>{formatDate(user.createdAt)}</time>
                </td>
                <td className="px-4 py-3 text-right">
                  <UserActionsMenu
                    user={user}
                    actions={actions}
                    layout="table"
                    onAction={onAction}
                  />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>

      <ul aria-label="Users" className="grid gap-3 md:hidden">
        {rows.map(({ user, actions }) => (
          <li key={user.id} className="grid gap-4 rounded-xl border bg-card p-4 shadow-sm">
            <div className="flex items-start gap-3">
              <div className="min-w-0 flex-1">
                <UserIdentity user={user} isSelf={actions.isSelf} wrap />
              </div>
              <UserActionsMenu user={user} actions={actions} layout="cards" onAction={onAction} />
            </div>
            <dl className="grid grid-cols-2 gap-x-4 gap-y-3 text-sm">
              <CardField label="Role & Status" className="col-span-2">
                <div className="flex flex-wrap gap-1.5">
                  <RoleBadge role={user.role} />
                  <StatusBadge status={user.status} />
                </div>
              </CardField>
              <CardField label="Membership">
                <Membership user={user} />
              </CardField>
              <CardField label="Joined">
                <time dateTime={user.createdAt}>{formatDate(user.createdAt)}</time>
              </CardField>
            </dl>
          </li>
        ))}
      </ul>
    </div>
  );
}

function UserIdentity({
  user,
  isSelf,
  wrap = false,
}: {
  user: AdminUser;
  isSelf: boolean;
  /** Cards have the width to wrap long addresses; table cells cut them short. */
  wrap?: boolean;
}) {
  const line = wrap ? '[overflow-wrap:anywhere]' : 'truncate';
  return (
    <div className="flex min-w-0 items-center gap-3">
      <span
        aria-hidden="true"
        className="flex size-10 shrink-0 items-center justify-center rounded-full bg-primary text-sm font-semibold text-primary-foreground"
      >
        {initials(user.firstName, user.lastName)}
      </span>
      <div className="grid min-w-0 gap-0.5">
        <p className="flex min-w-0 items-center gap-2 font-medium">
          <span className={line}>{fullName(user)}</span>
          {isSelf ? (
            <Badge variant="secondary" className="shrink-0">
              You
            </Badge>
          ) : null}
        </p>
        <p className={cn(line, 'text-muted-foreground')} title={user.email}>
          {user.email}
        </p>
        {user.businessName ? (
          <p className={cn(line, 'text-muted-foreground')} title={user.businessName}>
            {user.businessName}
          </p>
        ) : null}
      </div>
    </div>
  );
}

function Membership({ user }: { user: AdminUser }) {
  return (
    <div className="grid justify-items-start gap-1">
      <TierBadge tier={user.membershipTier} />
      <span className="text-xs text-muted-foreground">
        Payment: {capitalise(user.paymentStatus)}
      </span>
    </div>
  );
}

function CardField({
  label,
  className,
  children,
}: {
  label: string;
  className?: string;
  children: ReactNode;
}) {
  return (
    <div className={cn('grid content-start gap-1.5', className)}>
      <dt className="text-xs font-medium text-muted-foreground">{label}</dt>
      <dd>{children}</dd>
    </div>
  );
}

/** Placeholder rows while the first page loads. */
export function UsersTableSkeleton() {
  return (
    <div className="grid gap-3">
      <p role="status" className="sr-only">
        Loading users
      </p>
      {Array.from({ length: 6 }, (_, i) => (
        <div key={i} className="flex items-center gap-3 rounded-xl border bg-card p-4">
          <Skeleton className="size-10 rounded-full" />
          <div className="grid flex-1 gap-2">
            <Skeleton className="h-4 w-1/3" />
            <Skeleton className="h-3 w-1/2" />
          </div>
          <Skeleton className="hidden h-6 w-24 sm:block" />
          <Skeleton className="size-9" />
        </div>
      ))}
    </div>
  );
}
