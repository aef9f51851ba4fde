import { businessRoleLabels, businessRoles, type BusinessPerson } from '@chamber/contract';
import { useId, useState } from 'react';
import { toast } from 'sonner';
import { errorMessage } from '@/components/account/done-note';
import { SelectOptions } from '@/components/forms/select-options';
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
import { Checkbox } from '@/components/ui/checkbox';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Select, SelectTrigger, SelectValue } from '@/components/ui/select';
import { useRemovePerson, useUpdatePerson } from '../api/people';
import { MovePersonDialog } from './staff-people-actions';

const roleOptions = businessRoles.map((role) => ({ value: role, label: businessRoleLabels[role] }));

/**
 * One person of a business in the people panel: who they are and, for those who may, their
 * role, whether the listing shows them, their title, removing them and (staff) moving them.
 */
export function PersonRow({
  contactId,
  business,
  person,
  canManage,
  staff,
}: {
  contactId: string;
  business: string;
  person: BusinessPerson;
  canManage: boolean;
  /** Whether the viewer is staff: they may move a person (not the primary one) elsewhere. */
  staff: boolean;
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
          {staff && person.role !== 'primary' ? (
            <MovePersonDialog contactId={contactId} business={business} person={person} />
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
