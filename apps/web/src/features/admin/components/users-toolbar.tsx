import type { Role, UserStatus } from '@chamber/contract';
import { SearchIcon } from 'lucide-react';
import { LabelledSelect } from '@/components/forms/labelled-select';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { roleFilterOptions, statusFilterOptions } from '../lib/labels';

export interface UserFilters {
  search: string;
  role: Role | 'all';
  status: UserStatus | 'all';
}

/** Search box and the role and status filters above the user table (spec §2). */
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
      <div className="grid gap-1.5">
        <Label htmlFor={searchId} className="text-xs text-muted-foreground">
          Search users
        </Label>
        <div className="relative">
          <SearchIcon
            className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted-foreground"
            aria-hidden="true"
          />
          <Input
            id={searchId}
            type="search"
            value={filters.search}
            onChange={(event) => onChange({ search: event.target.value })}
            placeholder="Search by name, email, or business..."
            className="pl-9"
            autoComplete="off"
          />
        </div>
      </div>
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
