import { type Celebration, CELEBRATION_PHOTOS_MAX, type GalleryImage } from '@chamber/contract';
import { useState, type FormEvent } from 'react';
import { GalleryInput, type ImageListOptions } from '@/components/members/gallery-input';
import { Button } from '@/components/ui/button';
import type { Outcome } from '@/components/ui/outcome-message';
import { ApiError } from '@/lib/api/client';
import { useSaveCelebrationPhotos } from '@/lib/api/celebrations';
import { uploadEventImage } from '@/lib/api/contact-images';
import { useChamber } from '@/lib/chamber/use-chamber';

/** What staff are told once the photos are saved: the page, then the gallery. */
function savedText(added: number, note: string | null): string {
  const gallery =
    added > 0
      ? ` ${added === 1 ? 'One photo' : `${added} photos`} added to the listing’s gallery.`
      : note
        ? ` Not added to the listing’s gallery: ${note.charAt(0).toLowerCase()}${note.slice(1)}`
        : '';
  return `The photos are on the event page.${gallery}`;
}

/**
 * Staff's photos of a celebration that took place: added, captioned and ordered as a
 * listing's gallery is, saved to the event page; with the business's consent new ones also
 * go to its listing's gallery (the server says how many did, or why none).
 */
export function CelebrationPhotos({
  celebration: c,
  onOutcome,
}: {
  celebration: Celebration;
  onOutcome: (outcome: Outcome) => void;
}) {
  const { config } = useChamber();
  const save = useSaveCelebrationPhotos();
  const [photos, setPhotos] = useState<GalleryImage[]>(c.photos);
  const list: ImageListOptions = {
    upload: (file) => uploadEventImage(file, config?.locationId),
    max: CELEBRATION_PHOTOS_MAX,
    label: 'Photos',
    hint: `Up to ${CELEBRATION_PHOTOS_MAX} photos, JPEG or PNG, less than 5MB each. They show on the event page in this order once you save${
      c.galleryConsent
        ? '; the business agreed that new ones also go to its gallery.'
        : '; the business did not agree to photos in its gallery.'
    }`,
    added: 'Photo added. Save to show it on the event page.',
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    save.mutate(
      { id: c.id, photos },
      {
        onSuccess: (answer) =>
          onOutcome({ ok: true, text: savedText(answer.addedToGallery, answer.galleryNote) }),
        onError: (error) =>
          onOutcome({
            ok: false,
            text: error instanceof ApiError ? error.message : 'Something went wrong. Try again.',
          }),
      },
    );
  };

  return (
    <form onSubmit={submit} className="grid gap-3" aria-label="Photos of the celebration">
      <GalleryInput value={photos} onChange={setPhotos} disabled={save.isPending} list={list} />
      <Button type="submit" size="sm" className="w-fit" disabled={save.isPending}>
        Save the photos
      </Button>
    </form>
  );
}
