import { embedSettingsSchema } from '@chamber/contract';
import type { SettingsField } from './settings-form';

export interface FieldInfo {
  label: string;
  description?: string;
}

/** Labels and hints of the Settings form, also used to name fields in the audit log. */
export const settingsFields = {
  name: { label: 'Chamber name' },
  shortName: {
    label: 'Short name',
    description: 'Used where space is tight, such as the header on phones (e.g. RACC).',
  },
  address1: { label: 'Street address' },
  city: { label: 'City' },
  state: { label: 'State', description: 'Two letters, e.g. UT.' },
  postalCode: { label: 'ZIP code' },
  phone: { label: 'Phone' },
  email: {
    label: 'Email',
    description: 'Shown on the Contact page; messages from the portal’s forms are mailed here.',
  },
  website: { label: 'Website', description: 'The chamber’s own site, linked in the footer.' },
  socialUrl: { label: 'Social media page' },
  logoUrl: { label: 'Logo' },
  accentColor: { label: 'Accent colour' },
  basicSignupUrl: {
    label: 'Basic membership sign-up form',
    description: 'Shown on the Basic Membership page, where people sign up and pay.',
  },
  enhancedSignupUrl: {
    label: 'Enhanced membership sign-up form',
    description: 'Shown on the Enhanced Membership page.',
  },
  eliteSignupUrl: {
    label: 'Elite membership sign-up form',
    description: 'Shown on the Elite Membership page.',
  },
  businessOfMonthSurveyUrl: {
    label: 'Business of the Month nomination form',
    description: 'Shown on the Nominations page, in the Business of the Month tab.',
  },
  customerServiceSurveyUrl: {
    label: 'Customer Service Superstar nomination form',
    description: 'Shown on the Nominations page, in the Customer Service Superstar tab.',
  },
  contactFormUrl: { label: 'Contact form', description: 'Shown on the Contact page.' },
  coursesUrl: {
    label: 'Courses site',
    description:
      'The https:// address of the learning site where the chamber’s courses are. The Courses page links to it; leave it empty and the page says the course catalogue opens soon.',
  },
  formEmbedScriptUrl: {
    label: 'Form embed script',
    description:
      'The service’s script that sizes its forms, loaded on the pages that show one. Leave it empty if the service has none.',
  },
} satisfies Record<SettingsField, FieldInfo>;

export const embedFields = embedSettingsSchema.keyof().options satisfies readonly SettingsField[];
