import type { Member } from '@chamber/contract';
import { useEffect } from 'react';
import { toast } from 'sonner';
import { EditFormActions } from '@/components/members/edit-form-actions';
import { ProfilePhotoUploader, useContactImageUpload } from '@/components/members/contact-images';
import { ImageUploader } from '@/components/members/image-uploader';
import { MemberEditFields } from '@/components/members/member-edit-fields';
import { Form, useZodForm } from '@/components/ui/form';
import { memberFormSchema, memberFormValues, memberUpdateBody } from '@/lib/members/member-form';
import { useUpdateMember } from '../api/update-member';
import { CategoryPicker } from './category-picker';
import { HoursEditor } from './hours-editor';
import { PinEditor } from './pin-editor';

/**
 * The member page's edit mode (spec §2): photo (and, for elite, cover) uploads, which apply at
 * once, and the profile form, which applies on Save. Cancel drops the form's changes.
 */
export function MemberEditor({
  member,
  onDone,
  onSaved,
}: {
  member: Member;
  /** Leaves edit mode (after Save or Cancel). */
  onDone: () => void;
  onSaved?: (member: Member) => void;
}) {
  const features = member.features;
  const upload = useContactImageUpload(member.id);
  const mutation = useUpdateMember(member.id);
  const form = useZodForm(memberFormSchema, { defaultValues: memberFormValues(member) });

  useEffect(() => {
    form.setFocus('firstName');
  }, [form]);

  async function onSubmit(values: Parameters<typeof memberUpdateBody>[0]) {
    try {
      const saved = await mutation.mutateAsync(memberUpdateBody(values, features));
      toast.success('Profile updated successfully!');
      onSaved?.(saved);
      onDone();
    } catch (error) {
      toast.error(
        error instanceof Error && error.message ? error.message : 'Failed to update profile',
      );
    }
  }

  return (
    <div className="grid grid-cols-1 gap-8">
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
          firstName={member.firstName}
          lastName={member.lastName}
        />
        {features.elite ? (
          <ImageUploader
            label="Cover image"
            shape="wide"
            currentUrl={member.coverImage}
            upload={upload('coverImage')}
          />
        ) : null}
      </section>

      <CategoryPicker member={member} />

      <HoursEditor member={member} />

      {features.enhanced ? <PinEditor member={member} /> : null}

      <Form
        form={form}
        onSubmit={onSubmit}
        className="grid grid-cols-1 gap-8"
        aria-label="Edit member profile"
      >
        <MemberEditFields
          control={form.control}
          features={features}
          lockedFields="hide"
          email="read-only"
          contactId={member.id}
        />
        <EditFormActions
          saving={mutation.isPending}
          onCancel={() => {
            form.reset(memberFormValues(member));
            onDone();
          }}
        />
      </Form>
    </div>
  );
}
