import type { AdminUser } from '@chamber/contract';
import {
  CircleCheckIcon,
  CircleSlashIcon,
  MoreHorizontalIcon,
  PencilIcon,
  Trash2Icon,
  UsersIcon,
} from 'lucide-react';
import { useRef } from 'react';
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
import { fullName } from '../lib/labels';
import type { RowActions } from '../lib/row-actions';

export type UserAction = 'edit' | 'activate' | 'suspend' | 'delete';

/** The id of a row's menu button, so focus can go back to it when a dialog closes. */
export const actionsButtonId = (userId: string, layout: 'table' | 'cards') =>
  `user-actions-${layout}-${userId}`;

/**
 * A row's menu (docs/product.md#screens): Edit User, People of the business (its people panel,
 * for a sign-in that acts for one), Activate, Suspend, Delete User.
 */
export function UserActionsMenu({
  user,
  actions,
  layout,
  onAction,
}: {
  user: AdminUser;
  actions: RowActions;
  layout: 'table' | 'cards';
  onAction: (action: UserAction, user: AdminUser, returnFocusTo: string) => void;
}) {
  const buttonId = actionsButtonId(user.id, layout);
  // A dialog opened from the menu keeps focus; the menu only refocuses its button otherwise.
  const openedDialog = useRef(false);
  const select = (action: UserAction) => () => {
    openedDialog.current = action !== 'activate';
    onAction(action, user, buttonId);
  };
  return (
    // Not modal: a dialog opened from an item takes over focus and the pointer itself.
    <DropdownMenu modal={false}>
      <DropdownMenuTrigger asChild>
        <Button id={buttonId} type="button" variant="ghost" size="icon-sm">
          <MoreHorizontalIcon aria-hidden="true" />
          <span className="sr-only">Actions for {fullName(user)}</span>
        </Button>
      </DropdownMenuTrigger>
      <DropdownMenuContent
        align="end"
        className="w-56"
        onCloseAutoFocus={(event) => {
          if (openedDialog.current) event.preventDefault();
          openedDialog.current = false;
        }}
      >
        <DropdownMenuLabel className="truncate text-muted-foreground">
          {fullName(user)}
        </DropdownMenuLabel>
        <DropdownMenuItem onSelect={select('edit')}>
          <PencilIcon aria-hidden="true" />
          Edit User
        </DropdownMenuItem>
        {user.contactId ? (
          <DropdownMenuItem asChild>
            <Link to={paths.memberPeople.href(user.contactId)}>
              <UsersIcon aria-hidden="true" />
              People of the business
            </Link>
          </DropdownMenuItem>
        ) : null}
        <DropdownMenuItem disabled={!actions.canActivate} onSelect={select('activate')}>
          <CircleCheckIcon aria-hidden="true" />
          Activate
        </DropdownMenuItem>
        <DropdownMenuItem disabled={!actions.canSuspend} onSelect={select('suspend')}>
          <CircleSlashIcon aria-hidden="true" />
          Suspend
        </DropdownMenuItem>
        <DropdownMenuSeparator />
        <DropdownMenuItem
          variant="destructive"
          disabled={!actions.canDelete}
          onSelect={select('delete')}
        >
          <Trash2Icon aria-hidden="true" />
          Delete User
        </DropdownMenuItem>
        {actions.isSelf ? (
          <p className="px-2 pt-1 pb-1.5 text-xs text-muted-foreground">
            You cannot suspend or delete your own account.
          </p>
        ) : null}
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
