import {
  businessRoleLabels,
  businessRoles,
  INVITATION_TTL_DAYS,
  inviteRequestSchema,
  invitableRoles,
  type BusinessInvitation,
  type BusinessPerson,
} from '@chamber/contract';
import { CircleCheckIcon, UserPlusIcon } from 'lucide-react';
import { useId, useState } from 'react';
import { toast } from 'sonner';
import { errorMessage } from '@/components/account/done-note';
import { EmailField } from '@/components/forms/email-field';
import { SelectOptions } from '@/components/forms/labelled-select';
import { SelectField } from '@/components/forms/select-field';
import {
  AlertDialog,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
} from '@/components/ui/alert-dialog';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Checkbox } from '@/components/ui/checkbox';
import { Form, FormError, useZodForm } from '@/components/ui/form';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Select, SelectTrigger, SelectValue } from '@/components/ui/select';
import { Skeleton } from '@/components/ui/skeleton';
import {
  useBusinessPeople,
  useInvite,
  useRemovePerson,
  useUpdatePerson,
  useWithdrawInvitation,
} from '../api/people';

const day = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium' });

const roleOptions = businessRoles.map((role) => ({ value: role, label: businessRoleLabels[role] }));
const invitableOptions = invitableRoles.map((role) => ({
  value: role,
  label: businessRoleLabels[role],
}));

/**
 * The people of a business (docs/decisions/0123-businesses-and-their-people.md): who they are,
 * their role, whether they sign in and whether the listing shows them; the invitations still
 * open; and, for the primary person, editors and staff (`canManage`), inviting, changing roles
 * and removing. Everyone may change their own title and whether the listing shows them. A
 * refusal shows the server's sentence where the change was made.
 */
export function PeoplePanel({
  contactId,
  businessName,
}: {
  contactId: string;
  /** The business's name, for the panel's words; null while it is not known. */
  businessName: string | null;
}) {
  const query = useBusinessPeople(contactId);
  const business = businessName ?? 'the business';

  return (
    <Card role="region" className="max-w-4xl" aria-labelledby="people-title">
      <CardHeader>
        <CardTitle id="people-title">People</CardTitle>
        <CardDescription>
          The people of {business}: who signs in to act for it, and who the listing shows.
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-6">
        {query.isPending ? (
          <div className="grid gap-3" aria-busy="true" aria-label="Loading people">
            <Skeleton className="h-20 w-full" />
            <Skeleton className="h-20 w-full" />
          </div>
        ) : query.isError ? (
          <div role="alert" className="grid justify-items-start gap-3">
            <p>{query.error.message}</p>
            <Button type="button" variant="outline" onClick={() => void query.refetch()}>
              Try Again
            </Button>
          </div>
        ) : (
          <>
            <ul className="grid divide-y rounded-md border" aria-label={`People of ${business}`}>
              {query.data.people.map((person) => (
                <PersonRow
                  key={person.id}
                  contactId={contactId}
                  business={business}
                  person={person}
                  canManage={query.data.canManage}
                />
              ))}
            </ul>
            {query.data.invitations.length > 0 ? (
              <Invitations
                contactId={contactId}
                invitations={query.data.invitations}
                canManage={query.data.canManage}
              />
            ) : null}
            {query.data.canManage ? <InviteForm contactId={contactId} business={business} /> : null}
          </>
        )}
      </CardContent>
    </Card>
  );
}

function PersonRow({
  contactId,
  business,
  person,
  canManage,
}: {
  contactId: string;
  business: string;
  person: BusinessPerson;
  canManage: boolean;
}) {
  const update = useUpdatePerson(contactId);
  const [problem, setProblem] = useState<string | null>(null);
  const [editingTitle, setEditingTitle] = useState(false);
  const mayEditOwn = canManage || person.isYou;
  const ids = useId();

  async function change(
    body: { role?: BusinessPerson['role']; shownOnListing?: boolean; title?: string },
    done: string,
  ) {
    setProblem(null);
    try {
      await update.mutateAsync({ personId: person.id, ...body });
      toast.success(done);
      return true;
    } catch (error) {
      setProblem(errorMessage(error));
      return false;
    }
  }

  return (
    <li className="grid gap-3 px-4 py-4" aria-labelledby={`${ids}-name`}>
      <div className="grid min-w-0 gap-1">
        <p id={`${ids}-name`} className="flex flex-wrap items-center gap-2 font-medium">
          {person.name}
          {person.isYou ? <Badge variant="secondary">You</Badge> : null}
        </p>
        {person.title ? <p className="text-sm text-muted-foreground">{person.title}</p> : null}
        {person.email ? (
          <p className="text-sm break-all text-muted-foreground">{person.email}</p>
        ) : null}
        <p className="flex flex-wrap gap-2 pt-1">
          <Badge variant="outline">{businessRoleLabels[person.role]}</Badge>
          <Badge variant="outline">{person.hasSignIn ? 'Signs in' : 'No sign-in'}</Badge>
          <Badge variant="outline">
            {person.shownOnListing ? 'Shown on listing' : 'Not on listing'}
          </Badge>
        </p>
      </div>

      {mayEditOwn ? (
        <div className="flex flex-wrap items-end gap-x-4 gap-y-3">
          {canManage ? (
            <div className="grid gap-1.5">
              <Label htmlFor={`${ids}-role`}>
                Role<span className="sr-only"> of {person.name}</span>
              </Label>
              <Select
                value={person.role}
                disabled={update.isPending}
                onValueChange={(role) =>
                  void change(
                    { role: role as BusinessPerson['role'] },
                    `${person.name} is now ${businessRoleLabels[role as BusinessPerson['role']]}`,
                  )
                }
              >
                <SelectTrigger id={`${ids}-role`} className="w-44">
                  <SelectValue />
                </SelectTrigger>
                <SelectOptions options={roleOptions} />
              </Select>
            </div>
          ) : null}
          <div className="flex min-h-9 items-center gap-2">
            <Checkbox
              id={`${ids}-shown`}
              checked={person.shownOnListing}
              disabled={update.isPending}
              onCheckedChange={(checked) =>
                void change(
                  { shownOnListing: checked === true },
                  checked === true
                    ? `The listing shows ${person.name}`
                    : `The listing no longer shows ${person.name}`,
                )
              }
            />
            <Label htmlFor={`${ids}-shown`}>
              Show on listing<span className="sr-only">: {person.name}</span>
            </Label>
          </div>
          {editingTitle ? null : (
            <Button
              type="button"
              variant="outline"
              size="sm"
              onClick={() => {
                setProblem(null);
                setEditingTitle(true);
              }}
            >
              Edit title<span className="sr-only"> of {person.name}</span>
            </Button>
          )}
          {canManage ? (
            <RemovePerson contactId={contactId} business={business} person={person} />
          ) : null}
        </div>
      ) : null}

      {editingTitle ? (
        <TitleForm
          person={person}
          pending={update.isPending}
          onCancel={() => setEditingTitle(false)}
          onSave={async (title) => {
            if (await change({ title }, `Saved the title of ${person.name}`)) {
              setEditingTitle(false);
            }
          }}
        />
      ) : null}

      {problem ? (
        <p
          role="alert"
          className="rounded-md border border-destructive/40 bg-destructive/10 px-3 py-2 text-sm font-medium text-destructive"
        >
          {problem}
        </p>
      ) : null}
    </li>
  );
}

function TitleForm({
  person,
  pending,
  onSave,
  onCancel,
}: {
  person: BusinessPerson;
  pending: boolean;
  onSave: (title: string) => Promise<void>;
  onCancel: () => void;
}) {
  const [title, setTitle] = useState(person.title);
  const id = useId();
  return (
    <form
      className="flex flex-wrap items-end gap-3"
      aria-label={`Title of ${person.name}`}
      onSubmit={(event) => {
        event.preventDefault();
        void onSave(title.trim());
      }}
    >
      <div className="grid min-w-0 flex-1 basis-48 gap-1.5">
        <Label htmlFor={id}>Title</Label>
        <Input
          id={id}
          value={title}
          maxLength={100}
          autoFocus
          autoComplete="organization-title"
          onChange={(event) => setTitle(event.target.value)}
        />
      </div>
      <div className="flex gap-2">
        <Button type="submit" size="sm" disabled={pending}>
          {pending ? 'Saving...' : 'Save title'}
        </Button>
        <Button type="button" size="sm" variant="outline" onClick={onCancel}>
          Cancel
        </Button>
      </div>
    </form>
  );
}

function RemovePerson({
  contactId,
  business,
  person,
}: {
  contactId: string;
  business: string;
  person: BusinessPerson;
}) {
  const remove = useRemovePerson(contactId);
  const [open, setOpen] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);

  async function confirm() {
    setProblem(null);
    try {
      await remove.mutateAsync(person.id);
      setOpen(false);
      toast.success(`Removed ${person.name} from ${business}`);
    } catch (error) {
      setProblem(errorMessage(error));
    }
  }

  return (
    <AlertDialog
      open={open}
      onOpenChange={(next) => {
        setOpen(next);
        if (!next) setProblem(null);
      }}
    >
      <Button type="button" variant="outline" size="sm" onClick={() => setOpen(true)}>
        Remove<span className="sr-only"> {person.name}</span>
      </Button>
      <AlertDialogContent>
        <AlertDialogHeader>
          <AlertDialogTitle>Remove {person.name}?</AlertDialogTitle>
          <AlertDialogDescription>
            {person.name} will no longer be one of the people of {business}: they lose its member
            prices and rights at once. Their past registrations stay.
          </AlertDialogDescription>
        </AlertDialogHeader>
        {problem ? (
          <p role="alert" className="text-sm font-medium text-destructive">
            {problem}
          </p>
        ) : null}
        <AlertDialogFooter>
          <AlertDialogCancel>Cancel</AlertDialogCancel>
          <Button
            type="button"
            variant="destructive"
            disabled={remove.isPending}
            onClick={() => void confirm()}
          >
            {remove.isPending ? 'Removing...' : 'Remove'}
          </Button>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  );
}

function Invitations({
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

function InviteForm({ contactId, business }: { contactId: string; business: string }) {
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
