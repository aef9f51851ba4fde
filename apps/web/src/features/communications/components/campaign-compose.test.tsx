import type { Campaign } from '@chamber/contract';
import { configure, fireEvent, screen } from '@testing-library/react';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { json, stubApi } from '@/test/fake-api';
import { renderWithProviders } from '@/test/render-with-providers';
import { CampaignCompose } from './campaign-compose';

configure({ asyncUtilTimeout: 5_000 });
vi.setConfig({ testTimeout: 20_000 });

beforeAll(() => {
  Range.prototype.getClientRects ??= () =>
    Object.assign([], { item: () => null }) as unknown as DOMRectList;
  Range.prototype.getBoundingClientRect ??= () => new DOMRect(0, 0, 0, 0);
});

const id = '7c0e4a1b-2d3f-4a5b-8c6d-9e0f1a2b3c4d';
const campaign = (state: Campaign['state']): Campaign => ({
  id,
  subject: 'Spring news',
  topic: 'newsletter',
  state,
  scheduledAt: null,
  startedAt: state === 'draft' ? null : '2026-03-01T10:00:00.000Z',
  finishedAt: null,
  public: false,
  slug: 'spring-news-7c0e4a1b',
  createdAt: '2026-03-01T09:00:00.000Z',
  updatedAt: '2026-03-01T09:00:00.000Z',
  content: '<h2>Spring</h2><div data-block="new-members"></div>',
  audience: { segments: [{ kind: 'subscribers' }] },
  counts: {
    queued: 0,
    sending: 0,
    sent: 0,
    bounced: 0,
    failed: 0,
    unsubscribed: 0,
    cancelled: 0,
    total: 0,
  },
  trackClicks: false,
  links: [],
  opens: null,
});

describe('CampaignCompose', () => {
  it('shows a campaign whose send started read-only', async () => {
    stubApi({ [`GET /admin/campaigns/${id}`]: () => json(200, campaign('sending')) });
    renderWithProviders(<CampaignCompose id={id} />);
    expect(await screen.findByText(/its send has started/)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Save' })).toBeNull();
    expect((screen.getByLabelText('Subject') as HTMLInputElement).readOnly).toBe(true);
    expect(screen.getByRole('button', { name: 'Bold' })).toHaveProperty('disabled', true);
    expect(screen.getByRole('button', { name: 'Send a test to me' })).toBeTruthy();
  });

  it("saves a draft with its audience kept, and shows the server's refusal", async () => {
    const api = stubApi({
      [`GET /admin/campaigns/${id}`]: () => json(200, campaign('draft')),
      [`PUT /admin/campaigns/${id}`]: () =>
        json(409, {
          error: 'conflict',
          message: 'This campaign can no longer be edited: its send has started (it is sending).',
        }),
    });
    renderWithProviders(<CampaignCompose id={id} />);
    const subject = await screen.findByLabelText('Subject');
    fireEvent.change(subject, { target: { value: 'Spring news, again' } });
    const track = screen.getByRole('checkbox', { name: 'Count clicks on links' });
    expect(track.getAttribute('aria-checked')).toBe('false');
    fireEvent.click(track);
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'This campaign can no longer be edited: its send has started (it is sending).',
    );
    expect(api.bodies(`PUT /admin/campaigns/${id}`)).toEqual([
      expect.objectContaining({
        subject: 'Spring news, again',
        audience: { segments: [{ kind: 'subscribers' }] },
        content: '<h2>Spring</h2><div data-block="new-members"></div>',
        trackClicks: true,
      }),
    ]);
  });
});
