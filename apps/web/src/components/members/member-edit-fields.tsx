import { LockIcon } from 'lucide-react';
import { useId, type ComponentProps, type ReactNode } from 'react';
import { Controller, type Control, type FieldValues } from 'react-hook-form';
import { Link } from 'react-router';
import { CharacterCount } from '@/components/ui/character-count';
import { FormField } from '@/components/ui/form';
import { Input } from '@/components/ui/input';
import { Textarea } from '@/components/ui/textarea';
import { paths } from '@/config/paths';
import type { MemberFormValues } from '@/lib/members/member-form';
import { BIO_MAX, SOCIAL_LINKS_MAX, type MemberFeatures } from '@chamber/contract';
import { cn } from '@/lib/utils';
import { CouponCodesInput } from './coupon-codes-input';
import { GalleryInput } from './gallery-input';

interface MemberEditFieldsProps<TOut extends FieldValues> {
  control: Control<MemberFormValues, unknown, TOut>;
  features: MemberFeatures;
  /**
   * What to do with fields the member's tier does not unlock: the member page hides them;
   * the own-profile page shows them disabled with a pointer to the tier that unlocks them.
   */
  lockedFields: 'hide' | 'disable';
  /** False for a login without a contact: only the account's own fields can be edited. */
  contactFields?: boolean;
  /** The contact the gallery's uploads are for. */
  contactId?: string;
}

/**
 * The fields of a member's profile (docs/product.md#screens Member profile edit fields, Own profile edit
 * mode), grouped by the tier that unlocks them.
 */
export function MemberEditFields<TOut extends FieldValues>({
  control,
  features,
  lockedFields,
  contactFields = true,
  contactId,
}: MemberEditFieldsProps<TOut>) {
  const text = (
    name: keyof Omit<MemberFormValues, 'couponCodes' | 'socialLinks' | 'gallery'>,
    label: string,
    inputProps: ComponentProps<typeof Input> = {},
    className?: string,
  ) => (
    <FormField
      control={control}
      name={name}
      label={label}
      className={className}
      render={({ field, controlProps }) => <Input {...field} {...controlProps} {...inputProps} />}
    />
  );

  // A tier's section: open when the member's tier has it; otherwise shown locked, or left out.
  const shows = (tier: 'enhanced' | 'elite') =>
    contactFields && (features[tier] || lockedFields === 'disable');
  const lockedUnless = (tier: 'enhanced' | 'elite') => (features[tier] ? undefined : tier);

  return (
    <div className="grid grid-cols-1 gap-8">
      <Section title="Contact details">
        {text('firstName', 'First Name*', { autoComplete: 'given-name', required: true })}
        {text('lastName', 'Last Name*', { autoComplete: 'family-name', required: true })}
        {text('phone', 'Phone Number', { type: 'tel', autoComplete: 'tel' })}
        {/* Read-only on both editors: only the account's Change sign-in email changes it. */}
        <FormField
          control={control}
          name="email"
          label="Sign-in email"
          description="To change it, use Change sign-in email on your profile page: it takes your password and a link mailed to the new address."
          render={({ field, controlProps }) => (
            <Input {...field} {...controlProps} type="email" readOnly className="bg-muted" />
          )}
        />
        {contactFields ? (
          <>
            {text('businessName', 'Business Name', { autoComplete: 'organization' })}
            {text('tagline', 'Tagline', { placeholder: 'What your business is known for' })}
          </>
        ) : null}
      </Section>

      {shows('enhanced') ? (
        <Section
          title="Business profile"
          locked={lockedUnless('enhanced')}
          className="sm:grid-cols-6"
        >
          <FormField
            control={control}
            name="bio"
            label="Bio/About"
            className="sm:col-span-6"
            render={({ field, controlProps }) => (
              <>
                <Textarea {...field} {...controlProps} rows={4} className="min-h-0" />
                <CharacterCount value={field.value} max={BIO_MAX} />
              </>
            )}
          />
          {text(
            'website',
            'Website',
            { type: 'url', autoComplete: 'url', placeholder: 'https://' },
            'sm:col-span-6',
          )}
          {text('address1', 'Street Address', { autoComplete: 'address-line1' }, 'sm:col-span-6')}
          {text('city', 'City', { autoComplete: 'address-level2' }, 'sm:col-span-3')}
          {text(
            'state',
            'State',
            { maxLength: 2, placeholder: 'UT', autoComplete: 'address-level1' },
            'sm:col-span-1',
          )}
          {text(
            'postalCode',
            'ZIP Code',
            { inputMode: 'numeric', autoComplete: 'postal-code' },
            'sm:col-span-2',
          )}
        </Section>
      ) : null}

      {shows('elite') ? (
        <Section title="Special offers" locked={lockedUnless('elite')} className="sm:grid-cols-1">
          <FormField
            control={control}
            name="couponCodes"
            label="Coupon Codes"
            render={({ field, controlProps }) => (
              <CouponCodesInput
                {...controlProps}
                name={field.name}
                ref={field.ref}
                value={field.value}
                onChange={field.onChange}
                onBlur={field.onBlur}
                disabled={field.disabled}
              />
            )}
          />
        </Section>
      ) : null}

      {shows('elite') ? (
        <Section title="Social links" locked={lockedUnless('elite')} className="sm:grid-cols-1">
          <FormField
            control={control}
            name="socialLinks"
            label="Profile Links"
            description={`Up to ${SOCIAL_LINKS_MAX}, one per line: Facebook, Instagram, LinkedIn, X, YouTube, TikTok or any https:// address. They show as icons on your page, in this order.`}
            render={({ field, controlProps }) => (
              <Textarea
                {...field}
                {...controlProps}
                rows={4}
                spellCheck={false}
                autoCapitalize="off"
                inputMode="url"
                placeholder="https://www.facebook.com/yourbusiness"
                className="font-mono text-sm break-all"
              />
            )}
          />
        </Section>
      ) : null}

      {shows('elite') ? (
        <Section title="Image gallery" locked={lockedUnless('elite')} className="sm:grid-cols-1">
          <Controller
            control={control}
            name="gallery"
            render={({ field }) => (
              <GalleryInput
                contactId={contactId}
                value={field.value}
                onChange={field.onChange}
                disabled={!features.elite}
              />
            )}
          />
        </Section>
      ) : null}
    </div>
  );
}

const unlockedBy = {
  enhanced: { label: 'Enhanced membership', href: paths.enhancedMembership.href() },
  elite: { label: 'Elite membership', href: paths.eliteMembership.href() },
} as const;

/** A group of fields; a locked group is disabled and says which membership unlocks it. */
function Section({
  title,
  locked,
  className,
  children,
}: {
  title: string;
  locked?: keyof typeof unlockedBy;
  className?: string;
  children: ReactNode;
}) {
  const noteId = useId();
  const tier = locked ? unlockedBy[locked] : null;
  return (
    <fieldset
      disabled={Boolean(tier)}
      aria-describedby={tier ? noteId : undefined}
      className="grid min-w-0 gap-4"
    >
      <legend className="mb-4 text-base font-semibold">{title}</legend>
      {tier ? (
        <p
          id={noteId}
          className="-mt-2 flex items-center gap-2 rounded-md bg-muted px-3 py-2 text-sm text-muted-foreground"
        >
          <LockIcon className="size-4 shrink-0" aria-hidden="true" />
          <span>
            Available with{' '}
            <Link
              to={tier.href}
              className="font-medium text-primary underline-offset-4 hover:underline"
            >
              {tier.label}
            </Link>
          </span>
        </p>
      ) : null}
      <div className={cn('grid grid-cols-1 gap-4 sm:grid-cols-2', className)}>{children}</div>
    </fieldset>
  );
}
