import type { EventForm } from '@chamber/contract';
import { FileUpIcon } from 'lucide-react';
import { useId, useState } from 'react';
import { useWatch, type UseFormReturn } from 'react-hook-form';
import { FilePickButton } from '@/components/forms/file-pick-button';
import { FormField } from '@/components/ui/form';
import { Input } from '@/components/ui/input';
import { Spinner } from '@/components/ui/spinner';
import { IMAGE_ACCEPT } from '@/lib/media/image-file';
import {
  DOWNLOAD_ACCEPT,
  uploadEventFile,
  validateEventFile,
  type EventFileKind,
} from '../api/upload-event-file';
import type { EventFormValues } from '../lib/event-form';

type Status =
  | { state: 'idle' }
  | { state: 'uploading' }
  | { state: 'done' }
  | { state: 'error'; message: string };

interface EventFileFieldProps {
  form: UseFormReturn<EventFormValues, unknown, EventForm>;
  kind: EventFileKind;
  upload: { contactId: string | null; locationId?: string };
}

const settings = {
  cover: {
    name: 'coverImageUrl',
    label: 'Cover image URL',
    button: 'Upload cover image',
    hint: 'JPEG or PNG, less than 5MB.',
    accept: IMAGE_ACCEPT,
  },
  download: {
    name: 'downloadFileUrl',
    label: 'Download URL',
    button: 'Upload download file',
    hint: 'PDF, JPEG or PNG, less than 10MB.',
    accept: DOWNLOAD_ACCEPT,
  },
} as const;

/**
 * A link field with an upload beside it (docs/product.md#screens Event dialog): the uploaded file's address is
 * put in the field, so either way the form saves one URL.
 */
export function EventFileField({ form, kind, upload }: EventFileFieldProps) {
  const { name, label, button, hint, accept } = settings[kind];
  const [status, setStatus] = useState<Status>({ state: 'idle' });
  const hintId = useId();
  const url = useWatch({ control: form.control, name });

  async function onFile(file: File | undefined) {
    const invalid = validateEventFile(kind, file);
    if (invalid || !file) {
      setStatus({ state: 'error', message: invalid ?? 'Invalid file' });
      return;
    }
    setStatus({ state: 'uploading' });
    try {
      const mediaUrl = await uploadEventFile(kind, file, upload);
      form.setValue(name, mediaUrl, { shouldDirty: true, shouldValidate: true });
      setStatus({ state: 'done' });
    } catch (error) {
      setStatus({
        state: 'error',
        message: error instanceof Error ? error.message : 'Upload failed',
      });
    }
  }

  return (
    <div className="grid gap-2">
      <div className="flex items-end gap-3">
        {kind === 'cover' && url ? (
          <img
            src={url}
            alt="Cover image preview"
            className="aspect-video h-10 shrink-0 rounded border object-cover"
          />
        ) : null}
        <FormField
          control={form.control}
          name={name}
          label={label}
          className="min-w-0 flex-1"
          render={({ field, controlProps }) => (
            <Input {...field} {...controlProps} type="url" inputMode="url" placeholder="https://" />
          )}
        />
      </div>
      <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
        <FilePickButton
          accept={accept}
          disabled={status.state === 'uploading'}
          describedBy={hintId}
          onFile={(file) => void onFile(file)}
        >
          {status.state === 'uploading' ? (
            <Spinner className="size-4" />
          ) : (
            <FileUpIcon aria-hidden="true" />
          )}
          {button}
        </FilePickButton>
        <span id={hintId} className="text-xs text-muted-foreground">
          {hint}
        </span>
      </div>
      <p role="status" className={status.state === 'done' ? 'text-sm text-success' : 'sr-only'}>
        {status.state === 'uploading'
          ? 'Uploading...'
          : status.state === 'done'
            ? 'Uploaded. Save the event to keep it.'
            : null}
      </p>
      <div role="alert">
        {status.state === 'error' ? (
          <p className="text-sm font-medium text-destructive">{status.message}</p>
        ) : null}
      </div>
    </div>
  );
}
