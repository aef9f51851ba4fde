import type { Role, UserStatus } from '@chamber/contract';
import { ShieldCheckIcon, ShieldIcon } from 'lucide-react';
import { Badge } from '@/components/ui/badge';
import { capitalise } from '@/lib/members/labels';
import { cn } from '@/lib/utils';

/** Admin, Moderator or Member (docs/product.md#permissions: the capitalised value). */
export function RoleBadge({ role }: { role: Role }) {
  return (
    <Badge
      variant={role === 'admin' ? 'default' : role === 'moderator' ? 'secondary' : 'outline'}
      className="[&_svg]:size-3"
    >
      {role === 'admin' ? <ShieldCheckIcon aria-hidden="true" /> : null}
      {role === 'moderator' ? <ShieldIcon aria-hidden="true" /> : null}
      {capitalise(role)}
    </Badge>
  );
}

const dotColour: Record<UserStatus, string> = {
  active: 'bg-success',
  pending: 'bg-amber-500',
  suspended: 'bg-destructive-foreground',
};

/** Active, Pending or Suspended; the dot is decoration, the word carries the meaning. */
export function StatusBadge({ status }: { status: UserStatus }) {
  return (
    <Badge variant={status === 'suspended' ? 'destructive' : 'outline'}>
      <span aria-hidden="true" className={cn('size-1.5 rounded-full', dotColour[status])} />
      {capitalise(status)}
    </Badge>
  );
}
