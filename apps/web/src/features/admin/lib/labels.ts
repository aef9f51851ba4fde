import { roles, userStatuses, type AdminUser, type Role, type UserStatus } from '@chamber/contract';
import { capitalise } from '@/lib/members/labels';

export const ALL = 'all';

const options = <T extends string>(
  values: readonly T[],
  label: (value: T) => string = capitalise,
) => values.map((value) => ({ value, label: label(value) }));

/** Edit dialog choices, in the spec's order (docs/product.md#screens Edit dialog fields). */
export const roleOptions = options(roles);
export const statusOptions = options(userStatuses);

/** List filters (docs/product.md#screens User Management): all, then each value. */
export const roleFilterOptions = [
  { value: ALL, label: 'All roles' },
  ...options(['admin', 'moderator', 'member'] as const satisfies readonly Role[]),
];
export const statusFilterOptions = [
  { value: ALL, label: 'All statuses' },
  ...options(['active', 'pending', 'suspended'] as const satisfies readonly UserStatus[]),
];

export const fullName = (user: Pick<AdminUser, 'firstName' | 'lastName'>) =>
  `${user.firstName} ${user.lastName}`.trim();

/** A date as 'Mar 12, 2024'. */
export function formatDate(value: string): string {
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return '';
  return date.toLocaleDateString('en-US', { year: 'numeric', month: 'short', day: 'numeric' });
}

/** A moment as 'Mar 12, 2024, 3:04 PM'. */
export function formatDateTime(value: string): string {
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return '';
  return date.toLocaleString('en-US', {
    year: 'numeric',
    month: 'short',
    day: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
  });
}
