import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { json, stubApi } from '@/test/fake-api';
import { renderWithProviders } from '@/test/render-with-providers';
import { CampaignSettings } from './campaign-settings';

describe('CampaignSettings', () => {
  it('shows the open-counting image off, and turns it on', async () => {
    let countOpens = false;
    const api = stubApi({
      'GET /admin/campaign-settings': () => json(200, { countOpens }),
      'PUT /admin/campaign-settings': (body) => {
        countOpens = (body as { countOpens: boolean }).countOpens;
        return json(200, { countOpens });
      },
    });
    renderWithProviders(<CampaignSettings />);
    const box = await screen.findByRole('checkbox', { name: 'Count opens with a tracking image' });
    expect(box.getAttribute('aria-checked')).toBe('false');
    fireEvent.click(box);
    await waitFor(() => expect(box.getAttribute('aria-checked')).toBe('true'));
    expect(api.bodies('PUT /admin/campaign-settings')).toEqual([{ countOpens: true }]);
  });
});
