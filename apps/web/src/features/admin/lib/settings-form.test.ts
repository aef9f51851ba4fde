import { describe, expect, it } from 'vitest';
import { makeLocation } from '@/test/render-with-providers';
import { isLogoAddress, settingsFormSchema, settingsFormValues } from './settings-form';

const upload = `/api/media/${'a'.repeat(64)}.png`;

const location = makeLocation({
  id: 'riverton-chamber',
  logoUrl: upload,
  basicSignupUrl: 'https://forms.example/basic',
});

const issues = (values: Record<string, string>) =>
  Object.fromEntries(
    (settingsFormSchema.safeParse(values).error?.issues ?? []).map((issue) => [
      issue.path.join('.'),
      issue.message,
    ]),
  );

describe('settingsFormValues', () => {
  it('takes the editable fields of the record, not its id or timezone', () => {
    const values = settingsFormValues(location);
    expect(values).not.toHaveProperty('id');
    expect(values).not.toHaveProperty('timezone');
    expect(values.basicSignupUrl).toBe('https://forms.example/basic');
    expect(values.coursesUrl).toBe('');
    expect(Object.keys(values)).toHaveLength(20);
    expect(settingsFormSchema.parse(values)).toEqual(values);
  });
});

describe('settingsFormSchema', () => {
  const values = settingsFormValues(location);

  it('trims what it sends', () => {
    expect(settingsFormSchema.parse({ ...values, phone: ' (801) 555-0199 ' }).phone).toBe(
      '(801) 555-0199',
    );
  });

  it('holds the server’s rules', () => {
    expect(
      issues({
        ...values,
        name: ' ',
        state: 'Utah',
        accentColor: 'blue',
        website: 'rivertonchamber.example',
        contactFormUrl: 'http://forms.example/contact',
      }),
    ).toEqual({
      name: 'Name is required',
      state: 'State must be at most 2 characters (e.g. UT)',
      accentColor: 'Accent colour must be a hex colour such as #1f5f8b',
      website: 'Must be a full web address (https://...)',
      contactFormUrl: 'Must be an https:// address',
    });
  });

  it('takes a logo that is uploaded, an https address or none', () => {
    expect(isLogoAddress('')).toBe(true);
    expect(isLogoAddress(upload)).toBe(true);
    expect(isLogoAddress('https://cdn.example/logo.png')).toBe(true);
    expect(isLogoAddress('http://cdn.example/logo.png')).toBe(false);
    expect(isLogoAddress('/api/media/../secret')).toBe(false);
    expect(isLogoAddress('logo.png')).toBe(false);
    expect(issues({ ...values, logoUrl: 'http://cdn.example/logo.png' })).toEqual({
      logoUrl: 'Upload the logo, or paste an https:// address of an image.',
    });
  });
});
