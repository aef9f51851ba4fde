import { describe, expect, it } from 'vitest';
import { userFormSchema, type UserFormValues } from './user-form';

const values: UserFormValues = {
  firstName: ' Priya ',
  lastName: 'Raman',
  email: 'priya@jordanrivercpa.example',
  businessName: '',
  phone: '  ',
  website: '',
  role: 'member',
  status: 'active',
};

describe('userFormSchema', () => {
  it('sends emptied optional fields as null, which clears them', () => {
    expect(userFormSchema.parse(values)).toEqual({
      ...values,
      firstName: 'Priya',
      businessName: null,
      phone: null,
      website: null,
    });
  });

  it('requires first name, last name and a valid email', () => {
    const result = userFormSchema.safeParse({ ...values, firstName: ' ', email: 'nope' });
    expect(result.success).toBe(false);
    const messages = Object.fromEntries(
      (result.error?.issues ?? []).map((issue) => [issue.path.join('.'), issue.message]),
    );
    expect(messages).toEqual({
      firstName: 'First name is required',
      email: 'Please enter a valid email address.',
    });
  });

  it('wants a full web address', () => {
    const result = userFormSchema.safeParse({ ...values, website: 'jordanrivercpa.example' });
    expect(result.error?.issues[0]?.message).toBe('Website must be a full URL (https://...)');
  });
});
