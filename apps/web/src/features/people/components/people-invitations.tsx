import {
  businessRoleLabels,
  INVITATION_TTL_DAYS,
  inviteRequestSchema,
  invitableRoles,
  type BusinessInvitation,
} from '@chamber/contract';
import { CircleCheckIcon, UserPlusIcon } from 'lucide-react';
import { useState } from 'react';
import { toast } from 'sonner';
import { errorMessage } from '@/components/account/done-note';
import { EmailField } from '@/components/forms/email-field';
import { SelectField } from '@/components/forms/select-field';
import { Button } from '@/components/ui/button';
import { Form, FormError, useZodForm } from '@/components/ui/form';
import { useInvite, useWithdrawInvitation } from '../api/people';

const day = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium' });

export const invitableOptions = invitableRoles.map((role) => ({
  value: role,
  label: businessRoleLabels[role],
}));

/** The people panel's open invitations and the form that sends one. */
export function Invitations({
  contactId,
  invitations,
  canManage,
}: {
  contactId: string;
  invitations: BusinessInvitation[];
  canManage: boolean;
}) {
  return (
    <section className="grid gap-3" aria-labelledby="people-invitations-title">
      <h3 id="people-invitations-title" className="font-semibold">
        Pending invitations
      </h3>
      <ul className="grid divide-y rounded-md border" aria-label="Pending invitations">
        {invitations.map((invitation) => (
          <InvitationRow
            key={invitation.id}
            contactId={contactId}
            invitation={invitation}
            canManage={canManage}
          />
        ))}
      </ul>
    </section>
  );
}

function InvitationRow({
  contactId,
  invitation,
  canManage,
}: {
  contactId: string;
  invitation: BusinessInvitation;
  canManage: boolean;
}) {
  const withdraw = useWithdrawInvitation(contactId);
  const [problem, setProblem] = useState<string | null>(null);

  async function onWithdraw() {
    setProblem(null);
    try {
      await withdraw.mutateAsync(invitation.id);
      toast.success(`Withdrew the invitation to ${invitation.email}`);
    } catch (error) {
      setProblem(errorMessage(error));
    }
  }

  return (
    <li className="grid gap-3 px-4 py-3">
      <div className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
        <div className="grid min-w-0 gap-1">
          <p className="font-medium break-all">{invitation.email}</p>
          <p className="text-sm text-muted-foreground">
            {businessRoleLabels[invitation.role]}
            {invitation.invitedBy ? ` · invited by ${invitation.invitedBy}` : ''} · expires{' '}
            {day.format(new Date(invitation.expiresAt))}
          </p>
        </div>
        {canManage ? (
          <Button
            type="button"
            variant="outline"
            size="sm"
            className="self-start sm:self-center"
            disabled={withdraw.isPending}
            onClick={() => void onWithdraw()}
          >
            Withdraw<span className="sr-only"> the invitation to {invitation.email}</span>
          </Button>
        ) : null}
      </div>
      {problem ? (
        <p role="alert" className="text-sm font-medium text-destructive">
          {problem}
        </p>
      ) : null}
    </li>
  );
}

export function InviteForm({ contactId, business }: { contactId: string; business: string }) {
  const invite = useInvite(contactId);
  const [sent, setSent] = useState<string | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const form = useZodForm(inviteRequestSchema, { defaultValues: { email: '', role: 'employee' } });

  async function submit(values: { email: string; role: (typeof invitableRoles)[number] }) {
    setSent(null);
    setProblem(null);
    try {
      const invitation = await invite.mutateAsync(values);
      setSent(
        `Invitation sent to ${invitation.email}. The link works once, for ${INVITATION_TTL_DAYS} days.`,
      );
      form.reset({ email: '', role: values.role });
    } catch (error) {
      setProblem(errorMessage(error));
    }
  }

  return (
    <section className="grid gap-3 border-t pt-6" aria-labelledby="people-invite-title">
      <h3 id="people-invite-title" className="flex items-center gap-2 font-semibold">
        <UserPlusIcon className="size-4" aria-hidden="true" />
        Invite a colleague
      </h3>
      <p className="text-sm text-muted-foreground">
        We mail them a link to join {business} with their own sign-in.
      </p>
      <Form
        form={form}
        onSubmit={submit}
        className="grid gap-4 sm:grid-cols-[1fr_12rem] sm:items-start"
        aria-label="Invite a colleague"
      >
        <FormError className="sm:col-span-2">{problem}</FormError>
        {sent ? (
          <p
            role="status"
            className="flex gap-2 rounded-md border border-success/40 bg-success/10 px-3 py-2 text-sm font-medium sm:col-span-2"
          >
            <CircleCheckIcon className="mt-0.5 size-4 shrink-0 text-success" aria-hidden="true" />
            {sent}
          </p>
        ) : null}
        <EmailField control={form.control} />
        <SelectField control={form.control} name="role" label="Role" options={invitableOptions} />
        <Button type="submit" className="justify-self-start" disabled={invite.isPending}>
          {invite.isPending ? 'Sending...' : 'Send invitation'}
        </Button>
      </Form>
    </section>
  );
}
