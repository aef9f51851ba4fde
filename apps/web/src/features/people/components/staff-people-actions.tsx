import {
  businessRoleLabels,
  invitableRoles,
  type BusinessPerson,
  type StaffAddPersonRequest,
} from '@chamber/contract';
import { UserPlusIcon } from 'lucide-react';
import { useId, useState, type ReactNode } from 'react';
import { toast } from 'sonner';
import { errorMessage } from '@/components/account/done-note';
import { SelectOptions } from '@/components/forms/select-options';
import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Select, SelectTrigger, SelectValue } from '@/components/ui/select';
import { useAuth } from '@/lib/auth/use-auth';
import { useDebouncedValue } from '@/lib/use-debounced-value';
import { useAddPerson, useBusinessSearch, useMovePerson } from '../api/staff-people';

type Role = (typeof invitableRoles)[number];
const roleOptions = invitableRoles.map((role) => ({
  value: role,
  label: businessRoleLabels[role],
}));

function Field({ id, label, children }: { id: string; label: string; children: ReactNode }) {
  return (
    <div className="grid gap-1.5">
      <Label htmlFor={id}>{label}</Label>
      {children}
    </div>
  );
}

function RoleField({
  id,
  role,
  onChange,
}: {
  id: string;
  role: Role;
  onChange: (r: Role) => void;
}) {
  return (
    <Field id={id} label="Role">
      <Select value={role} onValueChange={(next) => onChange(next as Role)}>
        <SelectTrigger id={id}>
          <SelectValue />
        </SelectTrigger>
        <SelectOptions options={roleOptions} />
      </Select>
    </Field>
  );
}

function Problem({ children }: { children: string | null }) {
  return children ? (
    <p role="alert" className="text-sm font-medium text-destructive">
      {children}
    </p>
  ) : null;
}

const blank = { email: '', firstName: '', lastName: '', title: '', phone: '' };

/**
 * Staff add a person to the business without an invitation: an address that has a sign-in
 * adds that sign-in; otherwise a person without one, named here. The server's refusal (already
 * part of the business, no name for a new person) shows in the dialog.
 */
export function AddPersonDialog({ contactId, business }: { contactId: string; business: string }) {
  const ids = useId();
  const add = useAddPerson(contactId);
  const [open, setOpen] = useState(false);
  const [values, setValues] = useState(blank);
  const [role, setRole] = useState<Role>('employee');
  const [problem, setProblem] = useState<string | null>(null);
  const set = (key: keyof typeof blank) => (event: { target: { value: string } }) =>
    setValues((now) => ({ ...now, [key]: event.target.value }));

  async function submit() {
    setProblem(null);
    const body: StaffAddPersonRequest = { role };
    for (const key of Object.keys(blank) as (keyof typeof blank)[]) {
      const value = values[key].trim();
      if (value) body[key] = value;
    }
    try {
      const person = await add.mutateAsync(body);
      toast.success(`Added ${person.name} to ${business}`);
      setOpen(false);
      setValues(blank);
    } catch (error) {
      setProblem(errorMessage(error));
    }
  }

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        setOpen(next);
        if (!next) setProblem(null);
      }}
    >
      <Button type="button" variant="outline" onClick={() => setOpen(true)}>
        <UserPlusIcon className="size-4" aria-hidden="true" />
        Add person
      </Button>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Add a person to {business}</DialogTitle>
          <DialogDescription>
            An address that has a sign-in adds that sign-in. Anyone else is added without one: enter
            their name.
          </DialogDescription>
        </DialogHeader>
        <form
          className="grid gap-4"
          aria-label={`Add a person to ${business}`}
          onSubmit={(event) => {
            event.preventDefault();
            void submit();
          }}
        >
          <Problem>{problem}</Problem>
          <Field id={`${ids}-email`} label="Email">
            <Input
              id={`${ids}-email`}
              type="email"
              autoComplete="off"
              value={values.email}
              onChange={set('email')}
            />
          </Field>
          <div className="grid gap-4 sm:grid-cols-2">
            <Field id={`${ids}-first`} label="First name">
              <Input id={`${ids}-first`} value={values.firstName} onChange={set('firstName')} />
            </Field>
            <Field id={`${ids}-last`} label="Last name">
              <Input id={`${ids}-last`} value={values.lastName} onChange={set('lastName')} />
            </Field>
            <Field id={`${ids}-title`} label="Title">
              <Input id={`${ids}-title`} value={values.title} onChange={set('title')} />
            </Field>
            <Field id={`${ids}-phone`} label="Phone">
              <Input id={`${ids}-phone`} type="tel" value={values.phone} onChange={set('phone')} />
            </Field>
          </div>
          <RoleField id={`${ids}-role`} role={role} onChange={setRole} />
          <DialogFooter>
            <Button type="submit" disabled={add.isPending}>
              {add.isPending ? 'Adding...' : 'Add person'}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}

/**
 * Staff move a person to another business, found by name (admins among every business,
 * moderators in the directory: use-business-search in ../api/staff-people); the primary
 * contact is not offered (the server refuses it too: hand the role over first).
 */
export function MovePersonDialog({
  contactId,
  business,
  person,
}: {
  contactId: string;
  business: string;
  person: BusinessPerson;
}) {
  const ids = useId();
  const move = useMovePerson(contactId);
  const [open, setOpen] = useState(false);
  const [searchText, setSearchText] = useState('');
  const search = useDebouncedValue(searchText.trim(), 300);
  const { role: staffRole } = useAuth();
  const found = useBusinessSearch(search, staffRole === 'admin');
  const [target, setTarget] = useState<{ id: string; name: string } | null>(null);
  const [role, setRole] = useState<Role>(person.role === 'primary' ? 'editor' : person.role);
  const [problem, setProblem] = useState<string | null>(null);
  const choices = (found.data ?? []).filter((m) => m.id !== contactId);

  async function submit() {
    setProblem(null);
    if (!target) {
      setProblem('Search for the business to move them to, and choose it.');
      return;
    }
    try {
      await move.mutateAsync({ personId: person.id, toId: target.id, role });
      toast.success(`Moved ${person.name} to ${target.name}`);
      setOpen(false);
    } catch (error) {
      setProblem(errorMessage(error));
    }
  }

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        setOpen(next);
        if (!next) setProblem(null);
      }}
    >
      <Button type="button" variant="outline" size="sm" onClick={() => setOpen(true)}>
        Move<span className="sr-only"> {person.name}</span> to another business
      </Button>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Move {person.name}</DialogTitle>
          <DialogDescription>
            {person.name} leaves {business} and joins the business you choose, keeping their
            sign-in.
          </DialogDescription>
        </DialogHeader>
        <form
          className="grid gap-4"
          aria-label={`Move ${person.name} to another business`}
          onSubmit={(event) => {
            event.preventDefault();
            void submit();
          }}
        >
          <Problem>{problem}</Problem>
          <Field id={`${ids}-search`} label="Find the business">
            <Input
              id={`${ids}-search`}
              type="search"
              autoComplete="off"
              placeholder="Business, contact name or email"
              value={searchText}
              onChange={(event) => setSearchText(event.target.value)}
            />
          </Field>
          {search ? (
            <fieldset className="grid gap-2">
              <legend className="mb-1 text-sm font-medium">Business to move to</legend>
              {found.isError ? (
                <p role="alert" className="text-sm text-destructive">
                  {found.error.message}
                </p>
              ) : found.isPending ? (
                <p className="text-sm text-muted-foreground">Searching...</p>
              ) : choices.length === 0 ? (
                <p className="text-sm text-muted-foreground">No other business matches.</p>
              ) : (
                choices.map(({ id: targetId, name }) => {
                  return (
                    <label
                      key={targetId}
                      className="flex min-h-9 cursor-pointer items-center gap-2 rounded-md border px-3 py-2 text-sm"
                    >
                      <input
                        type="radio"
                        name={`${ids}-target`}
                        className="size-4 accent-primary"
                        checked={target?.id === targetId}
                        onChange={() => setTarget({ id: targetId, name })}
                      />
                      <span className="min-w-0">{name}</span>
                    </label>
                  );
                })
              )}
            </fieldset>
          ) : null}
          <RoleField id={`${ids}-role`} role={role} onChange={setRole} />
          <DialogFooter>
            <Button type="submit" disabled={move.isPending}>
              {move.isPending ? 'Moving...' : target ? `Move to ${target.name}` : 'Move'}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
