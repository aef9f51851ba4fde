import type { Member } from '@chamber/contract';
import { useEffect } from 'react';
import { toast } from 'sonner';
import { EditFormActions } from '@/components/members/edit-form-actions';
import { ContactImagesSection } from '@/components/members/contact-images';
import { MemberEditFields } from '@/components/members/member-edit-fields';
import { Form, useZodForm } from '@/components/ui/form';
import { memberFormSchema, memberFormValues, memberUpdateBody } from '@/lib/members/member-form';
import { useUpdateMember } from '../api/update-member';
import { CategoryPicker } from './category-picker';
import { HoursEditor } from './hours-editor';
import { PinEditor } from './pin-editor';

/**
 * The member page's edit mode (docs/product.md#screens): the images and fields /profile edits too (one
 * ContactImagesSection, one MemberEditFields, one set of rules), the opening hours, and Save;
 * Cancel drops the form's changes.
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
      <ContactImagesSection
        member={member}
        firstName={member.firstName}
        lastName={member.lastName}
      />

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
