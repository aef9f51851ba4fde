import type { MemberSort, Role } from '@chamber/contract';
import { CheckIcon, ClockIcon, LayoutGridIcon, ListIcon, RefreshCwIcon, XIcon } from 'lucide-react';
import { Link } from 'react-router';
import { useId, type ReactNode } from 'react';
import { Button } from '@/components/ui/button';
import { LabelledSelect } from '@/components/forms/labelled-select';
import { SearchField } from '@/components/forms/search-field';
import { ToggleGroup, ToggleGroupItem } from '@/components/ui/toggle-group';
import { paths } from '@/config/paths';
import { cn } from '@/lib/utils';
import type { ViewMode } from './use-view-mode';

export const ALL = 'all';
export type RoleFilter = Role | typeof ALL;

const roleOptions: { value: RoleFilter; label: string }[] = [
  { value: ALL, label: 'All roles' },
  { value: 'admin', label: 'Admin' },
  { value: 'moderator', label: 'Moderator' },
  { value: 'member', label: 'Member' },
];

export const sortOptions: { value: MemberSort; label: string }[] = [
  { value: 'name', label: 'Member Name A-Z' },
  { value: 'memberSince', label: 'Member Since' },
  { value: 'tier', label: 'Membership Tier' },
];

export interface DirectoryControls {
  search: string;
  role: RoleFilter;
  specialty: string;
  sort: MemberSort;
  view: ViewMode;
}

interface DirectoryToolbarProps extends DirectoryControls {
  /** Showing only the businesses open now (/members/open-now). */
  openNow: boolean;
  onChange: (change: Partial<DirectoryControls>) => void;
  /** Role filter for admins only (docs/product.md#permissions). */
  showRoleFilter: boolean;
  /**
   * The roles with a listed member, as the server counts them for admins: only those are
   * offered, since a staff login without a listing is not in the directory.
   */
  listedRoles: Role[];
  specialties: string[];
  filtered: boolean;
  onClear: () => void;
  onRefresh: () => void;
  refreshing: boolean;
  /** The map's buttons (Map, Near me), once scripts run: the map is an enhancement. */
  mapControls?: ReactNode;
}

/** Search, filters, sort, layout and refresh for the member directory. */
export function DirectoryToolbar(props: DirectoryToolbarProps) {
  const { onChange, specialties, specialty, listedRoles } = props;
  const searchId = useId();
  const roleChoices = roleOptions.filter(
    ({ value }) => value === ALL || value === props.role || listedRoles.includes(value),
  );
  const specialtyOptions = [
    { value: ALL, label: 'All specialties' },
    ...(specialty !== ALL && !specialties.includes(specialty) ? [specialty] : [])
      .concat(specialties)
      .map((s) => ({ value: s, label: s })),
  ];

  return (
    <div className="grid gap-4 rounded-xl border bg-card p-4 shadow-sm">
      <SearchField
        id={searchId}
        label="Search members"
        value={props.search}
        placeholder="Name, business or specialty"
        onValueChange={(search) => onChange({ search })}
      />
      <div className="flex flex-wrap items-end gap-3">
        {props.showRoleFilter ? (
          <LabelledSelect
            label="Role"
            value={props.role}
            onValueChange={(value) => onChange({ role: value as RoleFilter })}
            options={roleChoices}
            className="w-full sm:w-40"
          />
        ) : null}
        <LabelledSelect
          label="Specialty"
          value={specialty}
          onValueChange={(value) => onChange({ specialty: value })}
          options={specialtyOptions}
          className="w-full sm:w-48"
        />
        <LabelledSelect
          label="Sort by"
          value={props.sort}
          onValueChange={(value) => onChange({ sort: value as MemberSort })}
          options={sortOptions}
          className="w-full sm:w-48"
        />
        {/* A link, not a state: the server draws /members/open-now, so it works without scripts. */}
        <Button asChild variant={props.openNow ? 'default' : 'outline'}>
          <Link
            to={props.openNow ? paths.members.href() : paths.membersOpenNow.href()}
            aria-current={props.openNow ? 'page' : undefined}
            title={props.openNow ? 'Show all members' : 'Show only the businesses open now'}
          >
            {props.openNow ? <CheckIcon aria-hidden="true" /> : <ClockIcon aria-hidden="true" />}
            Open now
          </Link>
        </Button>
        {props.mapControls}
        <div className="flex flex-wrap items-center gap-2 sm:ml-auto">
          {props.filtered ? (
            <Button type="button" variant="ghost" onClick={props.onClear}>
              <XIcon aria-hidden="true" />
              Clear Filters
            </Button>
          ) : null}
          <Button
            type="button"
            variant="outline"
            size="icon"
            onClick={props.onRefresh}
            disabled={props.refreshing}
            aria-label="Refresh members"
            title="Refresh members"
          >
            <RefreshCwIcon aria-hidden="true" className={cn(props.refreshing && 'animate-spin')} />
          </Button>
          <ToggleGroup
            type="single"
            value={props.view}
            onValueChange={(value) => {
              if (value) onChange({ view: value as ViewMode });
            }}
            aria-label="Layout"
          >
            <ToggleGroupItem value="grid" aria-label="Grid view" title="Grid view">
              <LayoutGridIcon aria-hidden="true" />
            </ToggleGroupItem>
            <ToggleGroupItem value="list" aria-label="List view" title="List view">
              <ListIcon aria-hidden="true" />
            </ToggleGroupItem>
          </ToggleGroup>
        </div>
      </div>
    </div>
  );
}
