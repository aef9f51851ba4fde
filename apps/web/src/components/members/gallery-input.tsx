import { GALLERY_CAPTION_MAX, GALLERY_MAX, type GalleryImage } from '@chamber/contract';
import { ArrowDownIcon, ArrowUpIcon, ImagePlusIcon, Trash2Icon } from 'lucide-react';
import { useId, useRef, useState } from 'react';
import { FilePickButton } from '@/components/forms/file-pick-button';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Spinner } from '@/components/ui/spinner';
import { uploadGalleryImage } from '@/lib/api/contact-images';
import { useChamber } from '@/lib/chamber/use-chamber';
import { IMAGE_ACCEPT, validateImageFile } from '@/lib/media/image-file';

type Move = 'up' | 'down' | 'remove';

/** What a list of images other than a listing's gallery says and where it uploads. */
export interface ImageListOptions {
  /** Uploads a picked file; resolves to its URL. */
  upload: (file: File) => Promise<string>;
  max: number;
  /** The list's name, e.g. 'Photos'. */
  label: string;
  /** Under the button while there is room. */
  hint: string;
  /** Said once an image is uploaded. */
  added: string;
}

/**
 * The gallery's editor: add an image (uploaded at once, shown after Save), caption it, move it
 * up or down, remove it. Every action is a button, so the keyboard does all a mouse does;
 * after a move the focus follows the image to its new place. `list` makes it the editor of
 * another list of captioned images (a celebration's photos).
 */
export function GalleryInput({
  contactId,
  value,
  onChange,
  disabled,
  list: options,
}: {
  contactId?: string;
  value: GalleryImage[];
  onChange: (images: GalleryImage[]) => void;
  disabled?: boolean;
  list?: ImageListOptions;
}) {
  const { config } = useChamber();
  const max = options?.max ?? GALLERY_MAX;
  const canUpload = options !== undefined || contactId !== undefined;
  const [status, setStatus] = useState<{ uploading: boolean; message: string; error: string }>({
    uploading: false,
    message: '',
    error: '',
  });
  const hintId = useId();
  const list = useRef<HTMLOListElement>(null);
  const full = value.length >= max;

  async function add(file: File | undefined) {
    if (!file || !canUpload) return;
    const invalid = validateImageFile(file);
    if (invalid) {
      setStatus({ uploading: false, message: '', error: invalid });
      return;
    }
    setStatus({
      uploading: true,
      message: options ? 'Uploading image...' : 'Uploading gallery image...',
      error: '',
    });
    try {
      const url = options
        ? await options.upload(file)
        : await uploadGalleryImage({ contactId: contactId!, locationId: config?.locationId, file });
      if (!value.some((image) => image.url === url)) onChange([...value, { url, caption: '' }]);
      setStatus({
        uploading: false,
        message: options?.added ?? 'Gallery image added. Save to show it on your page.',
        error: '',
      });
    } catch (error) {
      setStatus({
        uploading: false,
        message: '',
        error: error instanceof Error ? error.message : 'Failed to upload gallery image',
      });
    }
  }

  function act(index: number, move: Move) {
    const images = [...value];
    const [image] = images.splice(index, 1);
    if (!image) return;
    if (move === 'remove') {
      onChange(images);
      setStatus({ uploading: false, message: `Image ${index + 1} removed.`, error: '' });
      return;
    }
    const to = move === 'up' ? index - 1 : index + 1;
    images.splice(to, 0, image);
    onChange(images);
    setStatus({ uploading: false, message: `Image moved to position ${to + 1}.`, error: '' });
    // The same button on the image's new row, or its other arrow once it reaches an end.
    const edge = to === 0 || to === images.length - 1;
    const next = edge ? (move === 'up' ? 'down' : 'up') : move;
    requestAnimationFrame(() =>
      list.current
        ?.querySelector<HTMLButtonElement>(`[data-move="${next}"][data-url="${image.url}"]`)
        ?.focus(),
    );
  }

  return (
    <div className="grid gap-4">
      {value.length > 0 ? (
        <ol ref={list} aria-label={options?.label ?? 'Gallery images'} className="grid gap-3">
          {value.map((image, index) => {
            const n = index + 1;
            const captionId = `${hintId}-caption-${n}`;
            return (
              <li
                key={image.url}
                className="grid grid-cols-[5rem_minmax(0,1fr)] gap-3 rounded-lg border p-3 sm:grid-cols-[6rem_minmax(0,1fr)_auto] sm:items-center"
              >
                <img
                  src={image.url}
                  alt={image.caption || `Gallery image ${n}`}
                  className="aspect-[4/3] w-full rounded-md border bg-muted object-cover"
                />
                <div className="grid min-w-0 gap-1.5">
                  <Label htmlFor={captionId}>Caption for image {n}</Label>
                  <Input
                    id={captionId}
                    value={image.caption}
                    maxLength={GALLERY_CAPTION_MAX}
                    disabled={disabled}
                    placeholder="What the picture shows"
                    onChange={(event) =>
                      onChange(
                        value.map((other, i) =>
                          i === index ? { ...other, caption: event.target.value } : other,
                        ),
                      )
                    }
                  />
                </div>
                <div className="col-span-2 flex gap-2 sm:col-span-1">
                  <Button
                    data-move="up"
                    data-url={image.url}
                    type="button"
                    variant="outline"
                    size="icon"
                    aria-label={`Move image ${n} up`}
                    disabled={disabled || index === 0}
                    onClick={() => act(index, 'up')}
                  >
                    <ArrowUpIcon aria-hidden="true" />
                  </Button>
                  <Button
                    data-move="down"
                    data-url={image.url}
                    type="button"
                    variant="outline"
                    size="icon"
                    aria-label={`Move image ${n} down`}
                    disabled={disabled || index === value.length - 1}
                    onClick={() => act(index, 'down')}
                  >
                    <ArrowDownIcon aria-hidden="true" />
                  </Button>
                  <Button
                    type="button"
                    variant="outline"
                    size="icon"
                    aria-label={`Remove image ${n}`}
                    disabled={disabled}
                    onClick={() => act(index, 'remove')}
                  >
                    <Trash2Icon aria-hidden="true" />
                  </Button>
                </div>
              </li>
            );
          })}
        </ol>
      ) : null}
      <div className="flex flex-wrap items-center gap-3">
        <FilePickButton
          accept={IMAGE_ACCEPT}
          disabled={disabled || full || status.uploading || !canUpload}
          describedBy={hintId}
          className="w-fit"
          onFile={(file) => void add(file)}
        >
          <ImagePlusIcon aria-hidden="true" />
          Add image
        </FilePickButton>
        {status.uploading ? <Spinner /> : null}
      </div>
      <p id={hintId} className="text-sm text-muted-foreground">
        {full
          ? `${options ? `${options.label} are` : 'The gallery is'} full (${max} images): remove one to add another.`
          : (options?.hint ??
            `Up to ${GALLERY_MAX} images, JPEG or PNG, less than 5MB each. They show on your page in this order once you save.`)}
      </p>
      <p role="status" className="sr-only">
        {status.message}
      </p>
      <div role="alert">
        {status.error ? (
          <p className="text-sm font-medium text-destructive">{status.error}</p>
        ) : null}
      </div>
    </div>
  );
}
