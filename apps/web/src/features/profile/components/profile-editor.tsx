import type { Member, Profile } from '@chamber/contract';
import { useEffect } from 'react';
import { toast } from 'sonner';
import { EditFormActions } from '@/components/members/edit-form-actions';
import { ContactImagesSection } from '@/components/members/contact-images';
import { MemberEditFields } from '@/components/members/member-edit-fields';
import { Form, useZodForm } from '@/components/ui/form';
import {
  memberFormValues,
  ownProfileUpdateBody,
  profileFormSchema,
} from '@/lib/members/member-form';
import { useUpdateOwnProfile } from '../api/update-profile';

/**
 * Own-profile edit mode (docs/product.md#screens, docs/product.md#states Profile edit): the member page's images and fields (the
 * photo, and the cover for elite, apply as soon as they upload), with those the member's tier
 * does not unlock shown disabled (and never sent). The sign-in email is shown but not sent:
 * Change sign-in email (below) changes it.
 */
export function ProfileEditor({
  profile,
  member,
  onDone,
}: {
  profile: Profile;
  /** The login's contact; null for a login without one, which edits the account fields only. */
  member: Member | null;
  onDone: () => void;
}) {
  const features = member?.features ?? { enhanced: false, elite: false };
  const mutation = useUpdateOwnProfile();
  const form = useZodForm(profileFormSchema, {
    defaultValues: memberFormValues(member, profile),
  });

  useEffect(() => {
    form.setFocus('firstName');
  }, [form]);

  async function onSubmit(values: Parameters<typeof ownProfileUpdateBody>[0]) {
    try {
      await mutation.mutateAsync(ownProfileUpdateBody(values, features, member !== null));
      toast.success('Profile updated successfully!');
      onDone();
    } catch (error) {
      toast.error(
        error instanceof Error && error.message ? error.message : 'Failed to update profile',
      );
    }
  }

  return (
    <div className="grid grid-cols-1 gap-8">
      <h2 className="text-2xl font-bold tracking-tight">Edit Profile</h2>
      {member ? (
        <ContactImagesSection
          member={member}
          firstName={profile.firstName}
          lastName={profile.lastName}
        />
      ) : null}

      <Form
        form={form}
        onSubmit={onSubmit}
        className="grid grid-cols-1 gap-8"
        aria-label="Edit profile"
      >
        <MemberEditFields
          control={form.control}
          features={features}
          lockedFields="disable"
          contactFields={member !== null}
          contactId={member?.id}
        />
        <EditFormActions
          saving={mutation.isPending}
          onCancel={() => {
            form.reset(memberFormValues(member, profile));
            onDone();
          }}
        />
      </Form>
    </div>
  );
}
