import type { DuesSettings } from '@chamber/contract';
import { useQuery } from '@tanstack/react-query';
import { toast } from 'sonner';
import { SelectField } from '@/components/forms/select-field';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import {
  CheckboxField,
  Form,
  FormError,
  InputField,
  TextareaField,
  useZodForm,
} from '@/components/ui/form';
import {
  duesSettingsQueryOptions,
  membershipActions,
  useMembershipAction,
} from '../api/memberships';
import { duesSettingsFormSchema, duesSettingsFormValues } from '../lib/dues-settings-form';
import { TabError, TabLoading } from './tab-states';
import { useFormSave } from './use-form-save';

/** Admin → Memberships → Dues settings: terms, grace, reminders, invoices, approval, lapse. */
export function DuesSettingsForm() {
  const query = useQuery(duesSettingsQueryOptions());
  if (query.data) {
    // Keyed by what the server stored: a save starts the form again from it.
    return <SettingsEditor key={JSON.stringify(query.data)} settings={query.data} />;
  }
  if (query.error) {
    return <TabError message={query.error.message} onRetry={() => void query.refetch()} />;
  }
  return <TabLoading label="Loading the dues settings" count={1} className="h-96" />;
}

const numberInput = { inputMode: 'numeric' as const, autoComplete: 'off', className: 'sm:w-32' };

function SettingsEditor({ settings }: { settings: DuesSettings }) {
  const form = useZodForm(duesSettingsFormSchema, {
    defaultValues: duesSettingsFormValues(settings),
  });
  const { serverError, run } = useFormSave('Failed to save the dues settings');
  const save = useMembershipAction(membershipActions.saveSettings);
  const { control } = form;

  function onSubmit(body: DuesSettings) {
    return run(async () => {
      await save.mutateAsync(body);
      toast.success('Dues settings saved');
    });
  }

  return (
    <Card className="max-w-3xl gap-0 px-4 py-5 sm:px-6 sm:py-6">
      <Form form={form} onSubmit={onSubmit} aria-label="Dues settings" className="grid gap-5">
        <FormError>{serverError}</FormError>
        <div className="grid grid-cols-1 gap-5 sm:grid-cols-2">
          <SelectField
            control={control}
            name="termRule"
            label="Term rule"
            description="Calendar-year terms run to 31 December; the first year costs the months left."
            options={[
              { value: 'anniversary', label: 'Anniversary: a year from the day paid' },
              { value: 'calendar_year', label: 'Calendar year' },
            ]}
          />
          <InputField
            control={control}
            name="currency"
            label="Currency"
            description="Three letters, e.g. USD. Invoices already issued keep theirs."
            maxLength={3}
            autoComplete="off"
            className="sm:w-32"
          />
          <InputField
            control={control}
            name="graceDays"
            label="Grace days"
            description="After the paid-through date, before the membership lapses."
            {...numberInput}
          />
          <InputField
            control={control}
            name="reminderDays"
            label="Reminder schedule"
            description="Days before the paid-through date a renewal reminder is mailed, e.g. 30, 14, 1."
            autoComplete="off"
          />
          <InputField
            control={control}
            name="autoChargeNoticeDays"
            label="Automatic charge notice (days)"
            description="Days before an automatic renewal the member is told the amount and card."
            {...numberInput}
          />
          <InputField
            control={control}
            name="invoiceDueDays"
            label="Invoice due (days)"
            description="Days from issue to the due date printed on an invoice."
            {...numberInput}
          />
          <SelectField
            control={control}
            name="lapsedListing"
            label="Lapsed listing"
            description="What a lapsed member's listing does once the grace period is over."
            options={[
              { value: 'hidden', label: 'Hidden from the directory' },
              { value: 'basic', label: 'Listed as basic' },
            ]}
          />
          <CheckboxField
            control={control}
            name="staffApproveNewMembers"
            label="Staff approve new members"
            description="A paid join waits, pending, until staff approve it."
            className="self-center"
          />
        </div>
        <fieldset className="grid grid-cols-1 gap-5 border-t pt-5 sm:grid-cols-2">
          <legend className="float-left mb-1 w-full font-semibold sm:col-span-2">
            How members pay
          </legend>
          <p className="-mt-3 text-sm text-muted-foreground sm:col-span-2">
            Printed under ‘How to pay’ on every open invoice, its mail, the join’s thank-you page
            and My membership. Fill in what applies; what is empty is left out.
          </p>
          <InputField
            control={control}
            name="payee"
            label="Checks payable to"
            autoComplete="off"
            maxLength={200}
            fieldClassName="sm:col-span-2"
          />
          <TextareaField
            control={control}
            name="mailingAddress"
            label="Mail checks to"
            description="The postal address, one line a line."
            rows={3}
            maxLength={500}
          />
          <TextareaField
            control={control}
            name="bankDetails"
            label="Bank transfer details"
            description="Bank, account holder, routing and account number."
            rows={3}
            maxLength={1000}
          />
          <TextareaField
            control={control}
            name="paymentInstructions"
            label="Other payment instructions"
            description="Anything else, e.g. cash at the office on weekdays."
            fieldClassName="sm:col-span-2"
            rows={3}
            maxLength={2000}
          />
        </fieldset>
        <div>
          <Button type="submit" disabled={save.isPending}>
            {save.isPending ? 'Saving...' : 'Save dues settings'}
          </Button>
        </div>
      </Form>
    </Card>
  );
}
