import { type AdminUser, businessRoleLabels } from '@chamber/contract';
import { initials } from '@/components/layout/initials';
import { TierBadge } from '@/components/members/tier-badge';
import { Badge } from '@/components/ui/badge';
import { Skeleton } from '@/components/ui/skeleton';
import { capitalise } from '@/lib/members/labels';
import { cn } from '@/lib/utils';
import { formatDate, fullName } from '../lib/labels';
import { rowActions } from '../lib/row-actions';
import { CardField, CardFields, ListTable } from './list-table';
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
 * The user list (docs/product.md#screens columns: User, Role & Status, Membership, Joined, Actions): a table
 * from 768 px, and one card a user on narrower screens, where five columns do not fit.
 */
export function UsersTable({ users, currentUserId, stale, onAction }: UsersTableProps) {
  const rows = users.map((user) => ({ user, actions: rowActions(user, currentUserId) }));
  return (
    <ListTable
      label="Users"
      rows={rows}
      rowKey={({ user }) => user.id}
      stale={stale}
      columns={[
        {
          header: 'User',
          cellClassName: 'w-2/5 max-w-0',
          cell: ({ user, actions }) => <UserIdentity user={user} isSelf={actions.isSelf} />,
        },
        { header: 'Role & Status', cell: ({ user }) => <RoleAndStatus user={user} /> },
        { header: 'Membership', cell: ({ user }) => <Membership user={user} /> },
        {
          header: 'Joined',
          cellClassName: 'whitespace-nowrap text-muted-foreground',
          cell: ({ user }) => <Joined user={user} />,
        },
        {
          header: 'Actions',
          end: true,
          cell: ({ user, actions }) => (
            <UserActionsMenu user={user} actions={actions} layout="table" onAction={onAction} />
          ),
        },
      ]}
      cardClassName="gap-4"
      card={({ user, actions }) => (
        <>
          <div className="flex items-start gap-3">
            <div className="min-w-0 flex-1">
              <UserIdentity user={user} isSelf={actions.isSelf} wrap />
            </div>
            <UserActionsMenu user={user} actions={actions} layout="cards" onAction={onAction} />
          </div>
          <CardFields>
            <CardField label="Role & Status" className="col-span-2 gap-1.5">
              <RoleAndStatus user={user} />
            </CardField>
            <CardField label="Membership" className="gap-1.5">
              <Membership user={user} />
            </CardField>
            <CardField label="Joined" className="gap-1.5">
              <Joined user={user} />
            </CardField>
          </CardFields>
        </>
      )}
    />
  );
}

function RoleAndStatus({ user }: { user: AdminUser }) {
  return (
    <div className="flex flex-wrap gap-1.5">
      <RoleBadge role={user.role} />
      <StatusBadge status={user.status} />
    </div>
  );
}

function Joined({ user }: { user: AdminUser }) {
  return <time dateTime={user.createdAt}>{formatDate(user.createdAt)}</time>;
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
        {user.businesses && user.businesses.length > 0 ? (
          <ul aria-label={`Businesses of ${fullName(user)}`} className="grid min-w-0 gap-0.5">
            {user.businesses.map((b) => {
              const label = `${b.businessName || 'Unnamed business'} (${businessRoleLabels[b.role]})`;
              return (
                <li key={b.contactId} className={cn(line, 'text-muted-foreground')} title={label}>
                  {label}
                </li>
              );
            })}
          </ul>
        ) : user.businessName ? (
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
