import type { AdminUser } from '@chamber/contract';
import { SearchXIcon } from 'lucide-react';
import { useEffect, useId, useState } from 'react';
import { toast } from 'sonner';
import { DownloadButton } from '@/components/files/download-button';
import { Button } from '@/components/ui/button';
import { useAuth } from '@/lib/auth/use-auth';
import { useDebouncedValue } from '@/lib/use-debounced-value';
import { useDeleteUser } from '../api/delete-user';
import { useUsers } from '../api/get-users';
import { useUpdateUserStatus } from '../api/update-user-status';
import { failureMessage, isForbidden } from '../lib/errors';
import { clampPage } from '../lib/pagination';
import { DeleteUserDialog } from './delete-user-dialog';
import { EditUserDialog } from './edit-user-dialog';
import { Pager } from './pager';
import { SuspendUserDialog } from './suspend-user-dialog';
import { TabEmpty, TabError } from './tab-states';
import type { UserAction } from './user-actions-menu';
import { UsersTable, UsersTableSkeleton } from './users-table';
import { UsersToolbar, type UserFilters } from './users-toolbar';

export const SEARCH_DEBOUNCE_MS = 400;

const noFilters: UserFilters = { search: '', role: 'all', status: 'all' };

interface Target {
  kind: Exclude<UserAction, 'activate'>;
  user: AdminUser;
  /** The menu button the dialog was opened from. */
  returnFocusTo: string;
}

/** The list's filters as the export's query string: the file holds what the table shows. */
function exportQuery({ search, role, status }: { search: string; role: string; status: string }) {
  const params = new URLSearchParams();
  if (search) params.set('search', search);
  if (role !== 'all') params.set('role', role);
  if (status !== 'all') params.set('status', status);
  const query = params.toString();
  return query ? `?${query}` : '';
}

/** User Management tab (docs/product.md#screens): search, filters, the paged table and each row's actions. */
export function UserManagement() {
  const { user: me } = useAuth();
  const [filters, setFilters] = useState<UserFilters>(noFilters);
  const search = useDebouncedValue(filters.search.trim(), SEARCH_DEBOUNCE_MS);

  // A change of search or filter starts again at the first page.
  const filterKey = JSON.stringify([search, filters.role, filters.status]);
  const [paging, setPaging] = useState({ key: filterKey, page: 0 });
  const page = paging.key === filterKey ? paging.page : 0;
  const setPage = (next: number) => setPaging({ key: filterKey, page: next });

  const query = useUsers({ search, role: filters.role, status: filters.status, page });
  const data = query.data;
  // The last page emptied (its only user deleted): show the page before it instead.
  if (data && !query.isPlaceholderData && data.users.length === 0 && page > 0) {
    setPage(clampPage(page, data.pagination.total));
  }

  useEffect(() => {
    if (query.error && !isForbidden(query.error)) toast.error('Failed to load users');
  }, [query.error]);

  const statusMutation = useUpdateUserStatus();
  const deleteMutation = useDeleteUser();
  const [target, setTarget] = useState<Target | null>(null);
  const [dialogOpen, setDialogOpen] = useState(false);
  const searchId = useId();

  function changeStatus(user: AdminUser, status: 'active' | 'suspended', reason?: string) {
    statusMutation.mutate(
      { id: user.id, status, ...(reason ? { reason } : {}) },
      {
        onSuccess: (updated) => {
          toast.success(`User status updated to ${updated.status}`);
          setDialogOpen(false);
        },
        onError: (error) => toast.error(failureMessage(error, 'Failed to update status')),
      },
    );
  }

  function onAction(action: UserAction, user: AdminUser, returnFocusTo: string) {
    if (action === 'activate') {
      changeStatus(user, 'active');
      return;
    }
    setTarget({ kind: action, user, returnFocusTo });
    setDialogOpen(true);
  }

  function deleteTarget(user: AdminUser) {
    deleteMutation.mutate(user.id, {
      onSuccess: () => toast.success('User deleted successfully'),
      onError: (error) => toast.error(failureMessage(error, 'Failed to delete user')),
      onSettled: () => setDialogOpen(false),
    });
  }

  // Back to the row's menu button, or to the search box when the row is gone.
  function returnFocus(event: Event) {
    event.preventDefault();
    const button = target && document.getElementById(target.returnFocusTo);
    if (button) button.focus();
    else document.getElementById(searchId)?.focus();
  }

  const dialogFor = (kind: Target['kind']) => ({
    user: target?.kind === kind ? target.user : null,
    open: dialogOpen && target?.kind === kind,
    onOpenChange: setDialogOpen,
    onCloseAutoFocus: returnFocus,
  });

  const filtered = search !== '' || filters.role !== 'all' || filters.status !== 'all';

  return (
    <div className="grid gap-6">
      <h2 className="sr-only">User Management</h2>
      <UsersToolbar
        searchId={searchId}
        filters={filters}
        onChange={(change) => setFilters((current) => ({ ...current, ...change }))}
      />
      <div className="flex flex-wrap justify-end gap-2">
        <DownloadButton
          path={`/admin/exports/users.csv${exportQuery({ search, role: filters.role, status: filters.status })}`}
          filename="users.csv"
          failureMessage="Failed to export users"
        >
          Export users (CSV)
        </DownloadButton>
        <DownloadButton
          path="/admin/exports/contacts.csv"
          filename="contacts.csv"
          failureMessage="Failed to export contacts"
        >
          Export directory contacts (CSV)
        </DownloadButton>
      </div>

      {query.isError && !data ? (
        <TabError
          message={query.error.message || 'Failed to load users'}
          onRetry={() => void query.refetch()}
        />
      ) : !data ? (
        <UsersTableSkeleton />
      ) : data.users.length === 0 ? (
        <TabEmpty icon={SearchXIcon} title="No users found matching your criteria.">
          {filtered ? (
            <Button type="button" variant="outline" onClick={() => setFilters(noFilters)}>
              Clear Filters
            </Button>
          ) : null}
        </TabEmpty>
      ) : (
        <>
          <UsersTable
            users={data.users}
            currentUserId={me?.id}
            stale={query.isPlaceholderData}
            onAction={onAction}
          />
          <Pager
            page={data.page}
            count={data.users.length}
            total={data.pagination.total}
            hasMore={data.pagination.hasMore}
            noun={['user', 'users']}
            label="User pages"
            onPage={setPage}
          />
        </>
      )}

      <EditUserDialog {...dialogFor('edit')} isSelf={target?.user.id === me?.id} />
      <SuspendUserDialog
        {...dialogFor('suspend')}
        pending={statusMutation.isPending}
        onConfirm={(reason) => target && changeStatus(target.user, 'suspended', reason)}
      />
      <DeleteUserDialog
        {...dialogFor('delete')}
        pending={deleteMutation.isPending}
        onConfirm={() => target && deleteTarget(target.user)}
      />
    </div>
  );
}
