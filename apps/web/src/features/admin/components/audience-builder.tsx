import type { MembershipPlan } from '@chamber/contract';
import { PlusIcon, Trash2Icon } from 'lucide-react';
import { useId } from 'react';
import { Button } from '@/components/ui/button';
import { Checkbox } from '@/components/ui/checkbox';
import { Label } from '@/components/ui/label';
import { NativeSelect } from '@/components/ui/native-select';
import {
  type DraftSegment,
  MAX_SEGMENTS,
  type MemberRole,
  memberRoleLabels,
  memberRoles,
  type MemberState,
  memberStateLabels,
  memberStates,
  newSegment,
  type SegmentKind,
} from '../lib/audience';
import type { EventChoice } from '../lib/event-choices';

const kindTitles: Record<SegmentKind, string> = {
  members: 'Members',
  registrants: 'Event registrants',
  subscribers: 'Newsletter subscribers',
};

/**
 * Who a campaign goes to, as groups (segments) staff add and remove: the people of member
 * businesses by plan, state and role; the registrants of an event or a series; the
 * newsletter's subscribers. Everyone in any group gets it once.
 */
export function AudienceBuilder({
  segments,
  onChange,
  plans,
  events,
  eventsLoading,
}: {
  segments: DraftSegment[];
  onChange: (segments: DraftSegment[]) => void;
  plans: MembershipPlan[];
  events: EventChoice[];
  eventsLoading: boolean;
}) {
  const full = segments.length >= MAX_SEGMENTS;
  const hasSubscribers = segments.some((s) => s.kind === 'subscribers');
  const replace = (next: DraftSegment) =>
    onChange(segments.map((s) => (s.key === next.key ? next : s)));
  const add = (kind: SegmentKind) => onChange([...segments, newSegment(kind)]);

  return (
    <div className="grid gap-4">
      {segments.length === 0 ? (
        <p className="text-sm text-muted-foreground">No recipients yet: add a group below.</p>
      ) : (
        <ul className="grid gap-3" aria-label="Groups of recipients">
          {segments.map((segment, index) => (
            <li key={segment.key} className="grid gap-3 rounded-lg border p-4">
              <div className="flex flex-wrap items-center justify-between gap-2">
                <h3 className="font-semibold">
                  {index > 0 ? <span className="text-muted-foreground">and </span> : null}
                  {kindTitles[segment.kind]}
                </h3>
                <Button
                  type="button"
                  variant="ghost"
                  size="sm"
                  aria-label={`Remove ${kindTitles[segment.kind].toLowerCase()} (group ${index + 1})`}
                  onClick={() => onChange(segments.filter((s) => s.key !== segment.key))}
                >
                  <Trash2Icon aria-hidden="true" />
                  Remove
                </Button>
              </div>
              {segment.kind === 'members' ? (
                <MembersFields segment={segment} plans={plans} onChange={replace} />
              ) : segment.kind === 'registrants' ? (
                <RegistrantsField
                  segment={segment}
                  events={events}
                  loading={eventsLoading}
                  onChange={replace}
                />
              ) : (
                <p className="text-sm text-muted-foreground">
                  Everyone who confirmed the public newsletter sign-up.
                </p>
              )}
            </li>
          ))}
        </ul>
      )}
      <div className="flex flex-wrap gap-2">
        <Button
          type="button"
          variant="outline"
          size="sm"
          disabled={full}
          onClick={() => add('members')}
        >
          <PlusIcon aria-hidden="true" />
          Add members
        </Button>
        <Button
          type="button"
          variant="outline"
          size="sm"
          disabled={full}
          onClick={() => add('registrants')}
        >
          <PlusIcon aria-hidden="true" />
          Add event registrants
        </Button>
        <Button
          type="button"
          variant="outline"
          size="sm"
          disabled={full || hasSubscribers}
          onClick={() => add('subscribers')}
        >
          <PlusIcon aria-hidden="true" />
          Add newsletter subscribers
        </Button>
      </div>
    </div>
  );
}

function toggled<T>(list: readonly T[], value: T, on: boolean): T[] {
  return on ? [...list.filter((v) => v !== value), value] : list.filter((v) => v !== value);
}

function MembersFields({
  segment,
  plans,
  onChange,
}: {
  segment: Extract<DraftSegment, { kind: 'members' }>;
  plans: MembershipPlan[];
  onChange: (segment: DraftSegment) => void;
}) {
  const id = useId();
  return (
    <div className="grid gap-4 sm:grid-cols-3">
      <fieldset className="grid content-start gap-2">
        <legend className="mb-1 text-sm font-medium">Plans</legend>
        {plans.map((plan) => (
          <div key={plan.id} className="flex items-center gap-2">
            <Checkbox
              id={`${id}-plan-${plan.id}`}
              checked={segment.planIds.includes(plan.id)}
              onCheckedChange={(on) =>
                onChange({ ...segment, planIds: toggled(segment.planIds, plan.id, on === true) })
              }
            />
            <Label htmlFor={`${id}-plan-${plan.id}`} className="font-normal">
              {plan.name}
            </Label>
          </div>
        ))}
        <p className="text-xs text-muted-foreground">None ticked: every plan.</p>
      </fieldset>
      <fieldset className="grid content-start gap-2">
        <legend className="mb-1 text-sm font-medium">Membership states</legend>
        {memberStates.map((state: MemberState) => (
          <div key={state} className="flex items-center gap-2">
            <Checkbox
              id={`${id}-state-${state}`}
              checked={segment.states.includes(state)}
              onCheckedChange={(on) =>
                onChange({ ...segment, states: toggled(segment.states, state, on === true) })
              }
            />
            <Label htmlFor={`${id}-state-${state}`} className="font-normal">
              {memberStateLabels[state]}
            </Label>
          </div>
        ))}
      </fieldset>
      <div className="grid content-start gap-2">
        <Label htmlFor={`${id}-role`}>People of each business</Label>
        <NativeSelect
          id={`${id}-role`}
          value={segment.role}
          onChange={(e) => onChange({ ...segment, role: e.target.value as MemberRole })}
        >
          {memberRoles.map((role) => (
            <option key={role} value={role}>
              {memberRoleLabels[role]}
            </option>
          ))}
        </NativeSelect>
      </div>
    </div>
  );
}

function RegistrantsField({
  segment,
  events,
  loading,
  onChange,
}: {
  segment: Extract<DraftSegment, { kind: 'registrants' }>;
  events: EventChoice[];
  loading: boolean;
  onChange: (segment: DraftSegment) => void;
}) {
  const id = useId();
  const known = segment.eventId === '' || events.some((e) => e.id === segment.eventId);
  const single = events.filter((e) => !e.series);
  const series = events.filter((e) => e.series);
  return (
    <div className="grid gap-2 sm:max-w-xl">
      <Label htmlFor={`${id}-event`}>Event or series</Label>
      <NativeSelect
        id={`${id}-event`}
        value={segment.eventId}
        onChange={(e) => onChange({ ...segment, eventId: e.target.value })}
      >
        <option value="">{loading ? 'Loading the events…' : 'Choose an event or series'}</option>
        {known ? null : <option value={segment.eventId}>An event outside the dates listed</option>}
        {series.length > 0 ? (
          <optgroup label="Series (every date)">
            {series.map((e) => (
              <option key={e.id} value={e.id}>
                {e.label}
              </option>
            ))}
          </optgroup>
        ) : null}
        {single.length > 0 ? (
          <optgroup label="Events">
            {single.map((e) => (
              <option key={e.id} value={e.id}>
                {e.label}
              </option>
            ))}
          </optgroup>
        ) : null}
      </NativeSelect>
      <p className="text-xs text-muted-foreground">
        Confirmed registrants (not the waiting list), from a year back to a year ahead.
      </p>
    </div>
  );
}
