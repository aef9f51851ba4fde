import { businessRoleLabels, type MembershipDetail } from '@chamber/contract';
import { useId, useState } from 'react';
import { toast } from 'sonner';
import { errorMessage } from '@/components/account/done-note';
import { Button } from '@/components/ui/button';
import { Checkbox } from '@/components/ui/checkbox';
import { Label } from '@/components/ui/label';
import { membershipActions, useMembershipAction } from '../api/memberships';

type Recipient = MembershipDetail['billingRecipients'][number];

/** What a person of the business receives of its money mail, in words. */
function receives(person: Recipient): string {
  const kinds = [
    person.receivesInvoices ? 'invoices and receipts' : '',
    person.receivesDuesNotices ? 'dues notices' : '',
  ].filter(Boolean);
  return kinds.join(', ');
}

/**
 * Who of the business receives its invoices, receipts and dues notices, and staff's choice of
 * them (docs/staff/billing.md, "Who receives invoices"): a checkbox for each person with an
 * address, ticked for those who receive them now. Saving sends the ticked people as
 * `billingRecipientIds`; "Use the rule" sends none, and the server's rule decides again (the
 * billing person, else the primary contact; dues notices to both).
 */
export function BillingRecipients({
  membershipId,
  recipients,
}: {
  membershipId: string;
  recipients: Recipient[];
}) {
  const ids = useId();
  const reachable = recipients.filter((p) => Boolean(p.email?.trim()));
  const chosen = recipients.some((p) => p.chosen);
  const current = reachable.filter((p) => receives(p)).map((p) => p.id);
  const [ticked, setTicked] = useState<string[]>(current);
  const [problem, setProblem] = useState<string | null>(null);
  const save = useMembershipAction((billingRecipientIds: string[]) =>
    membershipActions.changePlan(membershipId, { billingRecipientIds }),
  );
  const unchanged =
    ticked.length === current.length && ticked.every((id) => current.includes(id)) && chosen;

  async function submit(billingRecipientIds: string[]) {
    setProblem(null);
    try {
      await save.mutateAsync(billingRecipientIds);
      toast.success(
        billingRecipientIds.length === 0
          ? 'Invoices go to the billing person again, else the primary contact'
          : 'Saved who receives invoices and dues notices',
      );
    } catch (error) {
      setProblem(errorMessage(error));
    }
  }

  return (
    <section className="grid gap-3" aria-labelledby={`${ids}-title`}>
      <h3 id={`${ids}-title`} className="text-base font-semibold">
        Who receives invoices
      </h3>
      {reachable.length === 0 ? (
        <p className="text-sm text-muted-foreground">
          Nobody of the business has an email address.
        </p>
      ) : (
        <form
          className="grid gap-3"
          aria-labelledby={`${ids}-title`}
          onSubmit={(event) => {
            event.preventDefault();
            void submit(ticked);
          }}
        >
          <ul aria-label="Who receives invoices" className="grid gap-2 text-sm">
            {reachable.map((person) => (
              <li key={person.id} className="flex items-start gap-2">
                <Checkbox
                  id={`${ids}-${person.id}`}
                  className="mt-0.5"
                  checked={ticked.includes(person.id)}
                  disabled={save.isPending}
                  onCheckedChange={(checked) =>
                    setTicked((now) =>
                      checked === true
                        ? [...now.filter((id) => id !== person.id), person.id]
                        : now.filter((id) => id !== person.id),
                    )
                  }
                />
                <Label htmlFor={`${ids}-${person.id}`} className="grid gap-0.5 font-normal">
                  <span className="font-medium">
                    {person.name || person.email} ({businessRoleLabels[person.role]})
                  </span>
                  <span className="break-all text-muted-foreground">
                    {person.email}
                    {receives(person) ? `: ${receives(person)}` : ''}
                  </span>
                </Label>
              </li>
            ))}
          </ul>
          <p className="text-sm text-muted-foreground">
            {chosen
              ? 'Chosen by staff: each ticked person receives invoices, receipts and dues notices.'
              : 'The billing person, else the primary contact; dues notices also go to the primary contact. Tick people and save to choose others.'}
          </p>
          {problem ? (
            <p role="alert" className="text-sm font-medium text-destructive">
              {problem}
            </p>
          ) : null}
          <div className="flex flex-wrap gap-2">
            <Button
              type="submit"
              size="sm"
              disabled={save.isPending || ticked.length === 0 || unchanged}
            >
              {save.isPending ? 'Saving...' : 'Save recipients'}
            </Button>
            {chosen ? (
              <Button
                type="button"
                size="sm"
                variant="outline"
                disabled={save.isPending}
                onClick={() => void submit([])}
              >
                Use the rule
              </Button>
            ) : null}
          </div>
        </form>
      )}
    </section>
  );
}
