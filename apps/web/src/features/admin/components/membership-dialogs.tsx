import {
  formatMoney,
  notOfferedOverrideReason,
  type Membership,
  type StaffChangePlanRequest,
} from '@chamber/contract';
import { useQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { SelectOptions } from '@/components/forms/select-options';
import { Checkbox } from '@/components/ui/checkbox';
import { Label } from '@/components/ui/label';
import { Select, SelectTrigger, SelectValue } from '@/components/ui/select';
import { membershipPlansQueryOptions } from '@/lib/api/membership-plans';
import { membershipActions, useMembershipAction } from '../api/memberships';
import { memberName } from '../lib/dues';
import { ActionField, ActionInput, describedBy, DuesActionDialog } from './dues-action-dialog';

/** The membership's own actions on staff's membership page: approve, change plan, cancel. */
type DialogProps = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  fallbackFocus: () => HTMLElement | null;
  membership: Membership;
};

export function ApproveDialog({ membership, ...props }: DialogProps) {
  const approve = useMembershipAction(() => membershipActions.approve(membership.id));
  return (
    <DuesActionDialog
      {...props}
      title={`Approve ${memberName(membership)}?`}
      description="The membership becomes active and the member is listed in the directory."
      confirmLabel="Approve"
      pendingLabel="Approving..."
      run={async () => {
        await approve.mutateAsync(undefined);
        return `${memberName(membership)} approved`;
      }}
    />
  );
}

export function ChangePlanDialog({ membership, ...props }: DialogProps) {
  const id = useId();
  const plans = useQuery(membershipPlansQueryOptions());
  const choices = (plans.data ?? []).filter((p) => p.id !== membership.plan.id);
  const [planId, setPlanId] = useState('');
  const [reason, setReason] = useState('');
  const [override, setOverride] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [reasonError, setReasonError] = useState<string | null>(null);
  const chosen = choices.find((p) => p.id === planId);
  // A plan the chamber no longer offers is refused unless staff override it, with a reason.
  const notOffered = chosen !== undefined && !chosen.available;
  const change = useMembershipAction((body: StaffChangePlanRequest) =>
    membershipActions.changePlan(membership.id, body),
  );
  return (
    <DuesActionDialog
      {...props}
      title={`Change the plan of ${memberName(membership)}`}
      description={`Now ${membership.plan.name}. The new plan applies at once, with no invoice; the reason is kept in the history.`}
      confirmLabel="Change plan"
      pendingLabel="Changing..."
      run={async () => {
        if (!chosen) {
          setError('Choose the new plan');
          return null;
        }
        setError(null);
        const overriding = notOffered && override;
        if (overriding && !reason.trim()) {
          setReasonError(notOfferedOverrideReason);
          return null;
        }
        setReasonError(null);
        await change.mutateAsync({
          planId,
          ...(reason.trim() ? { reason: reason.trim() } : {}),
          ...(overriding ? { overrideNotOffered: true } : {}),
        });
        return `${memberName(membership)} is now on the ${chosen.name} plan`;
      }}
    >
      <ActionField id={`${id}-plan`} label="New plan" error={error}>
        <Select
          value={planId}
          onValueChange={(value) => {
            setPlanId(value);
            setOverride(false);
            setReasonError(null);
          }}
        >
          <SelectTrigger id={`${id}-plan`} {...describedBy(`${id}-plan`, error)}>
            <SelectValue placeholder="Choose a plan" />
          </SelectTrigger>
          <SelectOptions
            options={choices.map((plan) => ({
              value: plan.id,
              label: `${plan.name} (${formatMoney(plan.priceCents, plan.currency)} a year)${plan.available ? '' : ', no longer offered'}`,
            }))}
          />
        </Select>
      </ActionField>
      {notOffered ? (
        <div className="grid gap-2 rounded-md border border-dashed p-3">
          <p id={`${id}-not-offered`} className="text-sm">
            The chamber no longer offers the {chosen.name} plan. Members already on it keep it when
            they renew; choose another plan, or confirm the staff override and give the reason.
          </p>
          <div className="flex items-start gap-2">
            <Checkbox
              id={`${id}-override`}
              checked={override}
              onCheckedChange={(checked) => setOverride(checked === true)}
              aria-describedby={`${id}-not-offered`}
              className="mt-0.5"
            />
            <Label htmlFor={`${id}-override`} className="font-normal">
              Staff override: put the member on the {chosen.name} plan anyway
            </Label>
          </div>
        </div>
      ) : null}
      <ActionInput
        id={`${id}-reason`}
        label={notOffered && override ? 'Reason (required for the override)' : 'Reason (optional)'}
        value={reason}
        onValueChange={setReason}
        error={reasonError}
        maxLength={500}
        autoComplete="off"
      />
    </DuesActionDialog>
  );
}

export function CancelDialog({ membership, ...props }: DialogProps) {
  const id = useId();
  const [reason, setReason] = useState('');
  const cancel = useMembershipAction((body: { reason?: string }) =>
    membershipActions.cancel(membership.id, body),
  );
  return (
    <DuesActionDialog
      {...props}
      title={`Cancel the membership of ${memberName(membership)}?`}
      description="It ends now: the plan's listing fields are hidden (not deleted), open invoices are voided and automatic renewal is turned off."
      confirmLabel="Cancel membership"
      pendingLabel="Cancelling..."
      destructive
      run={async () => {
        await cancel.mutateAsync(reason.trim() ? { reason: reason.trim() } : {});
        return `The membership of ${memberName(membership)} is cancelled`;
      }}
    >
      <ActionInput
        id={`${id}-reason`}
        label="Reason (optional)"
        value={reason}
        onValueChange={setReason}
        maxLength={500}
        autoComplete="off"
      />
    </DuesActionDialog>
  );
}
