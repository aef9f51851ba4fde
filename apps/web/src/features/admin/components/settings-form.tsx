import type { Chamber } from '@chamber/contract';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import { Form, FormError, useZodForm } from '@/components/ui/form';
import { cn } from '@/lib/utils';
import { useUpdateChamberSettings } from '../api/update-chamber-settings';
import { embedFields } from '../lib/settings-fields';
import { settingsFormSchema, settingsFormValues, type SettingsPayload } from '../lib/settings-form';
import { AccentField } from './accent-field';
import { LogoField } from './logo-field';
import { SettingsSection, SettingsTextField } from './settings-controls';
import { useFormSave } from './use-form-save';

/** The chamber's record in five groups: details, contact, look, courses and the external forms. */
export function SettingsForm({ location }: { location: Chamber }) {
  const mutation = useUpdateChamberSettings(location.id);
  const form = useZodForm(settingsFormSchema, { defaultValues: settingsFormValues(location) });
  const { serverError, run, clearError } = useFormSave('Failed to save the settings');
  const { control } = form;
  const dirty = form.formState.isDirty;

  function onSubmit(body: SettingsPayload) {
    return run(async () => {
      const saved = await mutation.mutateAsync(body);
      // Start again from what the server stored (it upper-cases the state, for one).
      form.reset(settingsFormValues(saved));
      toast.success('Settings saved');
    });
  }

  return (
    <Form form={form} onSubmit={onSubmit} className="grid gap-6" aria-label="Chamber settings">
      <SettingsSection
        title="Chamber details"
        description="The name shown in the header, the footer and the portal’s mail."
      >
        <SettingsTextField control={control} name="name" required />
        <SettingsTextField control={control} name="shortName" />
        <SettingsTextField
          control={control}
          name="address1"
          className="sm:col-span-2"
          autoComplete="off"
        />
        <SettingsTextField control={control} name="city" />
        <div className="grid grid-cols-2 gap-4">
          <SettingsTextField
            control={control}
            name="state"
            maxLength={2}
            autoCapitalize="characters"
          />
          <SettingsTextField control={control} name="postalCode" inputMode="numeric" />
        </div>
      </SettingsSection>

      <SettingsSection
        title="Contact"
        description="How people reach the office, as the Contact page shows it."
      >
        <SettingsTextField control={control} name="phone" type="tel" />
        <SettingsTextField control={control} name="email" type="email" />
        <SettingsTextField control={control} name="website" type="url" placeholder="https://" />
        <SettingsTextField control={control} name="socialUrl" type="url" placeholder="https://" />
      </SettingsSection>

      <SettingsSection title="Look" description="The chamber’s colour and logo across the site.">
        <AccentField control={control} />
        <LogoField control={control} locationId={location.id} />
      </SettingsSection>

      <SettingsSection
        title="Courses"
        description="Courses run on the chamber’s own learning site; the Courses page sends members there."
        className="sm:grid-cols-1"
      >
        <SettingsTextField
          control={control}
          name="coursesUrl"
          type="url"
          inputMode="url"
          placeholder="https://"
        />
      </SettingsSection>

      <SettingsSection
        title="External forms"
        description="Forms from the chamber’s lead-management service, each as its https:// address. Leave one empty and its page shows the portal’s own form instead, whose messages arrive under Messages and by mail."
        className="sm:grid-cols-1"
      >
        {embedFields.map((name) => (
          <SettingsTextField
            key={name}
            control={control}
            name={name}
            type="url"
            placeholder="https://"
          />
        ))}
      </SettingsSection>

      <FormError>{serverError}</FormError>
      {/* With unsaved changes the bar stays in view, so saving is never a scroll away. */}
      <div
        className={cn(
          'flex flex-wrap items-center justify-end gap-3 py-3',
          dirty && 'sticky bottom-0 z-10 -mx-1 border-t bg-background/95 px-1 backdrop-blur',
        )}
      >
        <p role="status" className="mr-auto text-sm text-muted-foreground">
          {dirty ? 'You have unsaved changes.' : ''}
        </p>
        {dirty ? (
          <Button
            type="button"
            variant="outline"
            disabled={mutation.isPending}
            onClick={() => {
              clearError();
              form.reset();
            }}
          >
            Discard changes
          </Button>
        ) : null}
        <Button type="submit" disabled={mutation.isPending}>
          {mutation.isPending ? 'Saving...' : 'Save settings'}
        </Button>
      </div>
    </Form>
  );
}
