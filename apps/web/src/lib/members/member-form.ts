import {
  updateMemberSchema,
  updateOwnProfileSchema,
  type Member,
  type Profile,
  type UpdateMember,
  type UpdateOwnProfile,
} from '@chamber/contract';
import { z } from 'zod';
import type { MemberFeatures } from '@chamber/contract';

/**
 * What the member-page and own-profile editors hold: every field as text (empty for none),
 * the coupon codes as a list, the social links as text, one per line, and the gallery as its
 * images. Both forms share it, so they share the fields component.
 */
export const memberFormFieldsSchema = z.object({
  firstName: z.string().trim(),
  lastName: z.string().trim(),
  email: z.string().trim(),
  phone: z.string().trim(),
  tagline: z.string().trim(),
  businessName: z.string().trim(),
  bio: z.string().trim(),
  website: z.string().trim(),
  address1: z.string().trim(),
  city: z.string().trim(),
  state: z.string().trim(),
  postalCode: z.string().trim(),
  couponCodes: z.array(z.string()),
  socialLinks: z.string(),
  gallery: z.array(z.object({ url: z.string(), caption: z.string() })),
});
export type MemberFormValues = z.input<typeof memberFormFieldsSchema>;

/** The social links box: one link per line. */
export const linesOf = (text: string) => text.split(/\r?\n/).map((line) => line.trim());

/** The member page's form: its rules are the server's (names required, state at most 2). */
export const memberFormSchema = memberFormFieldsSchema
  .transform(({ socialLinks, ...values }): UpdateMember => ({
    ...values,
    socialLinks: linesOf(socialLinks),
  }))
  .pipe(updateMemberSchema);
/** The own-profile form: as the member page; the email shown is the sign-in address. */
export const profileFormSchema = memberFormFieldsSchema
  .transform(({ socialLinks, ...values }): UpdateOwnProfile => ({
    ...values,
    socialLinks: linesOf(socialLinks),
  }))
  .pipe(updateOwnProfileSchema);

type MemberFormOutput = z.output<typeof memberFormSchema>;
type ProfileFormOutput = z.output<typeof profileFormSchema>;

/** What the editors start from: the loaded member (and, on /profile, the login's fields). */
export function memberFormValues(
  member: Member | null | undefined,
  profile?: Profile | null,
): MemberFormValues {
  return {
    firstName: profile?.firstName ?? member?.firstName ?? '',
    lastName: profile?.lastName ?? member?.lastName ?? '',
    email: profile?.email ?? member?.email ?? '',
    phone: (profile ? profile.phone : member?.phone) ?? '',
    tagline: member?.tagline ?? '',
    businessName: member?.businessName ?? profile?.businessName ?? '',
    bio: member?.bio ?? '',
    website: member?.website ?? '',
    address1: member?.address1 ?? '',
    city: member?.city ?? '',
    state: member?.state ?? '',
    postalCode: member?.postalCode ?? '',
    couponCodes: [...(member?.couponCodes ?? [])],
    socialLinks: (member?.socialLinks ?? []).map((link) => link.url).join('\n'),
    gallery: (member?.gallery ?? []).map(({ url, caption }) => ({ url, caption })),
  };
}

/** An emptied field is sent as null, which clears it. */
const orNull = (value: string | null | undefined) => (value ? value : null);

type ContactFields = Pick<
  UpdateMember,
  'tagline' | 'businessName' | 'bio' | 'website' | 'address1' | 'city' | 'state' | 'postalCode'
>;

/**
 * The contact's fields a save may send. Fields the member's tier does not unlock are left out:
 * the server refuses to change them (403), and they were never shown as editable.
 */
function contactFields(
  values: MemberFormOutput | ProfileFormOutput,
  features: MemberFeatures,
): ContactFields {
  const fields: ContactFields = {
    tagline: orNull(values.tagline),
    businessName: orNull(values.businessName),
  };
  if (features.enhanced) {
    Object.assign(fields, {
      bio: orNull(values.bio),
      website: orNull(values.website),
      address1: orNull(values.address1),
      city: orNull(values.city),
      state: orNull(values.state),
      postalCode: orNull(values.postalCode),
    });
  }
  return fields;
}

/**
 * The body of PUT /members/{id}. The email is read-only there, so it is not sent; coupon
 * codes go as `coupon_codes`, a JSON string, as the member page always sent them.
 */
export function memberUpdateBody(values: MemberFormOutput, features: MemberFeatures): UpdateMember {
  const body: UpdateMember = {
    firstName: values.firstName,
    lastName: values.lastName,
    phone: orNull(values.phone),
    ...contactFields(values, features),
  };
  if (features.elite) {
    body.coupon_codes = JSON.stringify(values.couponCodes ?? []);
    body.socialLinks = values.socialLinks ?? [];
    body.gallery = values.gallery ?? [];
  }
  return body;
}

/**
 * The body of PUT /auth/profile. Names and phone are the login's; the rest belongs to the
 * linked contact, so a login without one sends only those three. The sign-in email is never
 * sent: the profile cannot change it (POST /auth/email does, with the password).
 */
export function ownProfileUpdateBody(
  values: ProfileFormOutput,
  features: MemberFeatures,
  hasContact: boolean,
): UpdateOwnProfile {
  const body: UpdateOwnProfile = {
    firstName: values.firstName,
    lastName: values.lastName,
    phone: orNull(values.phone),
  };
  if (!hasContact) return body;
  Object.assign(body, contactFields(values, features));
  if (features.elite) {
    body.couponCodes = values.couponCodes ?? [];
    body.socialLinks = values.socialLinks ?? [];
    body.gallery = values.gallery ?? [];
  }
  return body;
}
