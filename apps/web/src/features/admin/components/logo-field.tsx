import { XIcon } from 'lucide-react';
import { useState } from 'react';
import { useFormContext, useWatch } from 'react-hook-form';
import { ImageUploader } from '@/components/members/image-uploader';
import { Button } from '@/components/ui/button';
import { FormField } from '@/components/ui/form';
import { Input } from '@/components/ui/input';
import { useDebouncedValue } from '@/lib/use-debounced-value';
import { uploadLogo } from '../api/upload-logo';
import { isLogoAddress, type SettingsFormValues } from '../lib/settings-form';
import type { SettingsControl } from './settings-controls';

/**
 * The logo: upload an image (stored at once, used once the settings are saved), or paste the
 * https address of one. Empty shows the chamber's name as a text logo.
 */
export function LogoField({
  control,
  locationId,
}: {
  control: SettingsControl;
  locationId: string;
}) {
  const { setValue } = useFormContext<SettingsFormValues>();
  const setLogo = (url: string) =>
    setValue('logoUrl', url, { shouldDirty: true, shouldValidate: true });
  const value = useWatch({ control, name: 'logoUrl' }).trim();
  // The preview waits for a pasted address to be complete rather than loading each keystroke.
  const typed = useDebouncedValue(value, 400);
  const shown = value === '' ? '' : typed;
  const previewUrl = shown !== '' && isLogoAddress(shown) ? shown : null;
  // The uploader remembers its last upload: a logo typed, removed or discarded since then
  // starts it afresh, showing the field's logo.
  const [uploaded, setUploaded] = useState<string | null>(null);
  const [seen, setSeen] = useState(value);
  const [generation, setGeneration] = useState(0);
  if (value !== seen) {
    setSeen(value);
    if (value !== uploaded) setGeneration(generation + 1);
  }

  return (
    <div className="grid gap-4 sm:col-span-2">
      {/* About the size the header shows it at, rather than a banner's width. */}
      <div className="max-w-xs">
        <ImageUploader
          key={generation}
          label="Logo"
          shape="wide"
          fit="contain"
          currentUrl={previewUrl}
          uploadedMessage="Logo uploaded. Save the settings to use it."
          upload={async (file) => {
            const url = await uploadLogo(file, locationId);
            setUploaded(url);
            setLogo(url);
            return url;
          }}
        />
      </div>
      <FormField
        control={control}
        name="logoUrl"
        label="Logo address"
        description="Filled in by an upload, or paste the https:// address of an image. Leave it empty to show the chamber’s name instead."
        render={({ field, controlProps }) => (
          <div className="flex gap-2">
            <Input
              {...field}
              {...controlProps}
              type="url"
              inputMode="url"
              placeholder="https://"
              autoComplete="off"
            />
            {value ? (
              <Button
                type="button"
                variant="outline"
                className="shrink-0"
                onClick={() => {
                  setLogo('');
                  // The button goes with the logo; focus moves to the emptied field.
                  document.getElementById(controlProps.id)?.focus();
                }}
              >
                <XIcon aria-hidden="true" />
                Remove
                <span className="sr-only"> logo</span>
              </Button>
            ) : null}
          </div>
        )}
      />
    </div>
  );
}
