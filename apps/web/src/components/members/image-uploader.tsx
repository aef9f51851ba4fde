import { ImageUpIcon } from 'lucide-react';
import { useEffect, useId, useState, type ReactNode } from 'react';
import { FilePickButton } from '@/components/forms/file-pick-button';
import { Spinner } from '@/components/ui/spinner';
import { IMAGE_ACCEPT, validateImageFile } from '@/lib/media/image-file';
import { cn } from '@/lib/utils';

type Status =
  | { state: 'idle' }
  | { state: 'uploading' }
  | { state: 'done' }
  | { state: 'error'; message: string };

interface ImageUploaderProps {
  /** What the image is, e.g. 'Profile photo' or 'Cover image'. */
  label: string;
  currentUrl: string | null | undefined;
  /** Uploads the file and stores it; resolves to the new URL or throws with the message to show. */
  upload: (file: File) => Promise<string>;
  /** Shown when there is no image yet (e.g. the member's initials). */
  placeholder?: ReactNode;
  /** `round` for avatars, `wide` for banners. */
  shape?: 'round' | 'wide';
  /** `contain` shows the whole image (logos); `cover` fills the frame. */
  fit?: 'cover' | 'contain';
  /** Said once the upload is done; by default '<label> updated.' */
  uploadedMessage?: string;
}

/**
 * Pick a file, check it (JPEG or PNG under 5 MB), preview it, upload it (docs/product.md#states Image upload).
 * A failed upload shows its message and discards the preview.
 */
export function ImageUploader({
  label,
  currentUrl,
  upload,
  placeholder,
  shape = 'round',
  fit = 'cover',
  uploadedMessage = `${label} updated.`,
}: ImageUploaderProps) {
  const [preview, setPreview] = useState<string | null>(null);
  const [uploadedUrl, setUploadedUrl] = useState<string | null>(null);
  const [status, setStatus] = useState<Status>({ state: 'idle' });
  const hintId = useId();
  const busy = status.state === 'uploading';

  // Object URLs hold the file in memory until revoked.
  useEffect(() => {
    if (!preview) return;
    return () => URL.revokeObjectURL(preview);
  }, [preview]);

  async function onFile(file: File | undefined) {
    if (!file) return;
    const invalid = validateImageFile(file);
    if (invalid) {
      setStatus({ state: 'error', message: invalid });
      return;
    }
    setPreview(URL.createObjectURL(file));
    setStatus({ state: 'uploading' });
    try {
      setUploadedUrl(await upload(file));
      setStatus({ state: 'done' });
    } catch (error) {
      setStatus({
        state: 'error',
        message: error instanceof Error ? error.message : `Failed to upload ${label}`,
      });
    } finally {
      setPreview(null);
    }
  }

  const shown = preview ?? uploadedUrl ?? currentUrl ?? null;
  const frame =
    shape === 'round'
      ? 'size-24 rounded-full'
      : 'aspect-[3/1] w-full max-w-md rounded-lg sm:max-w-lg';

  return (
    <div className={cn('flex gap-4', shape === 'round' ? 'flex-wrap items-center' : 'flex-col')}>
      <div
        className={cn(
          'relative flex shrink-0 items-center justify-center overflow-hidden border bg-muted',
          frame,
        )}
      >
        {shown ? (
          <img
            src={shown}
            alt={preview ? `${label} preview` : label}
            className={cn('size-full', fit === 'contain' ? 'object-contain p-2' : 'object-cover')}
          />
        ) : (
          (placeholder ?? (
            <ImageUpIcon className="size-8 text-muted-foreground" aria-hidden="true" />
          ))
        )}
        {busy ? (
          <span className="absolute inset-0 flex items-center justify-center bg-background/70">
            <Spinner />
          </span>
        ) : null}
      </div>
      <div className="grid min-w-0 gap-2">
        <p className="text-sm font-medium">{label}</p>
        <FilePickButton
          accept={IMAGE_ACCEPT}
          disabled={busy}
          describedBy={hintId}
          className="w-fit"
          onFile={(file) => void onFile(file)}
        >
          <ImageUpIcon aria-hidden="true" />
          {shown ? `Change ${label.toLowerCase()}` : `Upload ${label.toLowerCase()}`}
        </FilePickButton>
        <p id={hintId} className="text-xs text-muted-foreground">
          JPEG or PNG, less than 5MB.
        </p>
        <p role="status" className={status.state === 'done' ? 'text-sm text-success' : 'sr-only'}>
          {status.state === 'uploading' ? `Uploading ${label.toLowerCase()}...` : null}
          {status.state === 'done' ? uploadedMessage : null}
        </p>
        <div role="alert">
          {status.state === 'error' ? (
            <p className="text-sm font-medium text-destructive">{status.message}</p>
          ) : null}
        </div>
      </div>
    </div>
  );
}
