import type { Member } from '@chamber/contract';
import { useQueryClient } from '@tanstack/react-query';
import { uploadContactImage, type ContactImageKind } from '@/lib/api/contact-images';
import { memberKeys } from '@/lib/api/members';
import { useChamber } from '@/lib/chamber/use-chamber';
import { ImageUploader } from './image-uploader';
import { MemberAvatar } from './member-avatar';

/**
 * Uploads a contact's photo or cover, which applies at once (the member page's and the
 * profile's editors): every member-shaped view refetches.
 */
export function useContactImageUpload(contactId: string) {
  const { config } = useChamber();
  const queryClient = useQueryClient();
  return (kind: ContactImageKind) => async (file: File) => {
    const url = await uploadContactImage(kind, {
      contactId,
      locationId: config?.locationId,
      file,
    });
    void queryClient.invalidateQueries({ queryKey: memberKeys.all });
    return url;
  };
}

/** The editors' profile photo: the current one, or the initials until one is uploaded. */
export function ProfilePhotoUploader({
  contactId,
  currentUrl,
  firstName,
  lastName,
}: {
  contactId: string;
  currentUrl: string | null;
  firstName: string;
  lastName: string;
}) {
  const upload = useContactImageUpload(contactId);
  return (
    <ImageUploader
      label="Profile photo"
      currentUrl={currentUrl}
      upload={upload('avatar')}
      placeholder={
        <MemberAvatar
          src={null}
          firstName={firstName}
          lastName={lastName}
          alt=""
          className="size-full text-2xl"
        />
      }
    />
  );
}

/**
 * The images of both profile editors (/profile and the member page): the photo, and for elite
 * the cover. Each applies as soon as it has uploaded.
 */
export function ContactImagesSection({
  member,
  firstName,
  lastName,
}: {
  member: Member;
  firstName: string;
  lastName: string;
}) {
  const upload = useContactImageUpload(member.id);
  return (
    <section aria-labelledby="member-images" className="grid gap-5">
      <div className="grid gap-1">
        <h3 id="member-images" className="text-base font-semibold">
          Images
        </h3>
        <p className="text-sm text-muted-foreground">
          A new image is saved as soon as it has uploaded.
        </p>
      </div>
      <ProfilePhotoUploader
        contactId={member.id}
        currentUrl={member.avatar}
        firstName={firstName}
        lastName={lastName}
      />
      {member.features.elite ? (
        <ImageUploader
          label="Cover image"
          shape="wide"
          currentUrl={member.coverImage}
          upload={upload('coverImage')}
        />
      ) : null}
    </section>
  );
}
