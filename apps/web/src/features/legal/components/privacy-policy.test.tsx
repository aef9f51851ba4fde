import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '@/test/render-with-providers';
import { PrivacyPolicy } from './privacy-policy';

describe('PrivacyPolicy', () => {
  it('says clicks and opens of bulk mail are recorded only when chosen', () => {
    renderWithProviders(<PrivacyPolicy />);
    const item = screen.getByText('Newsletters and announcements:').closest('li')!;
    expect(item.textContent).toContain(
      'Clicks are recorded only for messages whose sender chose to count them',
    );
    expect(item.textContent).toContain(
      'Opens are recorded only while the chamber has turned on counting them',
    );
    expect(item.textContent).toContain('Otherwise no clicks or opens are recorded.');
  });
});
