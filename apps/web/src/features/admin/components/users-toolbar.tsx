import type { Role, UserStatus } from '@chamber/contract';
import { LabelledSelect } from '@/components/forms/labelled-select';
import { SearchField } from '@/components/forms/search-field';
import { roleFilterOptions, statusFilterOptions } from '../lib/labels';

export interface UserFilters {
  search: string;
  role: Role | 'all';
  status: UserStatus | 'all';
}

/** Search box and the role and status filters above the user table (docs/product.md#screens). */
export function UsersToolbar({
  searchId,
  filters,
  onChange,
}: {
  searchId: string;
  filters: UserFilters;
  onChange: (change: Partial<UserFilters>) => void;
}) {
  return (
    <div className="grid gap-4 rounded-xl border bg-card p-4 shadow-sm sm:grid-cols-[1fr_auto_auto] sm:items-end">
      <SearchField
        id={searchId}
        label="Search users"
        value={filters.search}
        placeholder="Search by name, email, or business..."
        onValueChange={(search) => onChange({ search })}
      />
      <div className="grid grid-cols-2 gap-4 sm:contents">
        <LabelledSelect
          label="Role"
          value={filters.role}
          options={roleFilterOptions}
          onValueChange={(role) => onChange({ role: role as UserFilters['role'] })}
          className="sm:w-40"
        />
        <LabelledSelect
          label="Status"
          value={filters.status}
          options={statusFilterOptions}
          onValueChange={(status) => onChange({ status: status as UserFilters['status'] })}
          className="sm:w-40"
        />
      </div>
    </div>
  );
}
