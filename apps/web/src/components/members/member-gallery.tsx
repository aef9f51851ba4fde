import { galleryAlt, type GalleryImage } from '@chamber/contract';
import { ChevronLeftIcon, ChevronRightIcon } from 'lucide-react';
import { useRef, useState, type KeyboardEvent } from 'react';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogTitle } from '@/components/ui/dialog';

/**
 * An elite listing's gallery: a grid of thumbnails, each a button that opens the picture in a
 * dialog. There the arrow keys or the Previous/Next buttons move through the pictures and
 * Escape closes, and the focus goes back to the thumbnail of the picture last shown.
 */
export function MemberGallery({ images, owner }: { images: GalleryImage[]; owner: string }) {
  const [open, setOpen] = useState(false);
  const [index, setIndex] = useState(0);
  const thumbs = useRef<(HTMLButtonElement | null)[]>([]);
  if (images.length === 0) return null;

  const count = images.length;
  const current = images[Math.min(index, count - 1)]!;
  const step = (by: number) => setIndex((i) => (i + by + count) % count);
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'ArrowRight') step(1);
    else if (event.key === 'ArrowLeft') step(-1);
    else return;
    event.preventDefault();
  };

  return (
    <>
      <ul aria-label={`${owner} gallery`} className="grid grid-cols-2 gap-3 sm:grid-cols-3">
        {images.map((image, i) => (
          <li key={image.url} className="grid min-w-0 content-start gap-1.5">
            <button
              ref={(el) => {
                thumbs.current[i] = el;
              }}
              type="button"
              aria-haspopup="dialog"
              className="group block overflow-hidden rounded-lg border bg-muted focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring"
              onClick={() => {
                setIndex(i);
                setOpen(true);
              }}
            >
              <img
                src={image.url}
                alt={galleryAlt(image, i, owner)}
                loading="lazy"
                className="aspect-[4/3] w-full object-cover transition-transform group-hover:scale-105"
              />
            </button>
            {image.caption ? (
              // The thumbnail's name already says it; this is for the eye.
              <p aria-hidden="true" className="line-clamp-2 text-sm text-muted-foreground">
                {image.caption}
              </p>
            ) : null}
          </li>
        ))}
      </ul>
      <Dialog open={open} onOpenChange={setOpen}>
        <DialogContent
          className="max-w-4xl grid-cols-[minmax(0,1fr)] gap-3 p-4 sm:p-6"
          onKeyDown={onKeyDown}
          onCloseAutoFocus={(event) => {
            event.preventDefault();
            thumbs.current[Math.min(index, count - 1)]?.focus();
          }}
        >
          <DialogTitle className="pr-10">{current.caption || `${owner} gallery`}</DialogTitle>
          <DialogDescription aria-live="polite">
            Image {Math.min(index, count - 1) + 1} of {count}
            {count > 1 ? '. Use the arrow keys to see the others.' : null}
          </DialogDescription>
          <img
            src={current.url}
            alt={galleryAlt(current, Math.min(index, count - 1), owner)}
            className="max-h-[65dvh] w-full rounded-md bg-muted object-contain"
          />
          {count > 1 ? (
            <div className="flex justify-between gap-2">
              <Button type="button" variant="outline" onClick={() => step(-1)}>
                <ChevronLeftIcon aria-hidden="true" />
                Previous<span className="sr-only sm:not-sr-only">&nbsp;image</span>
              </Button>
              <Button type="button" variant="outline" onClick={() => step(1)}>
                Next<span className="sr-only sm:not-sr-only">&nbsp;image</span>
                <ChevronRightIcon aria-hidden="true" />
              </Button>
            </div>
          ) : null}
        </DialogContent>
      </Dialog>
    </>
  );
}
