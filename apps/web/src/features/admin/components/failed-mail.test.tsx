import type { OutboxList, OutboxMail } from '@chamber/contract';
import { configure, fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { json, stubApi } from '@/test/fake-api';
import { renderWithProviders } from '@/test/render-with-providers';
import { FailedMail } from './failed-mail';

configure({ asyncUtilTimeout: 5_000 });
vi.setConfig({ testTimeout: 20_000 });

const failed: OutboxMail = {
  id: '5d7c2b36-4b8e-4f0e-9b7f-2f6a1c0e9d11',
  kind: 'receipt',
  state: 'failed',
  recipient: 'dana@whitfieldflorist.example',
  subject: 'Your receipt for invoice 2026-0042',
  attempts: 8,
  lastError: '550 5.1.1 no such mailbox',
  createdAt: '2026-03-12T21:04:00.000Z',
  nextAttemptAt: '2026-03-12T23:04:00.000Z',
  sentAt: null,
};
const neverComposed: OutboxMail = {
  ...failed,
  id: '0b8f4c1e-3a55-4d0c-8c7e-1f2d3e4a5b6c',
  kind: 'seat-offer',
  recipient: null,
  subject: null,
  attempts: 3,
  lastError: 'connect ECONNREFUSED',
};

const list = (mails: OutboxMail[], waiting = 0): OutboxList => ({
  mails,
  pagination: { total: mails.length, hasMore: false },
  counts: { waiting, failed: mails.length },
});

const firstPage = 'GET /admin/mail?status=failed&limit=25&offset=0';

describe('FailedMail', () => {
  it('lists each failed mail with its recipient, subject, tries and last error, and retries one', async () => {
    let mails = [failed, neverComposed];
    const api = stubApi({
      [firstPage]: () => json(200, list(mails, 2)),
      [`POST /admin/mail/${failed.id}/retry`]: () => {
        mails = [neverComposed];
        return json(200, {
          message: 'The mail is back in line and goes out shortly.',
          mail: { ...failed, state: 'pending', attempts: 0 },
        });
      },
    });
    renderWithProviders(<FailedMail />);

    const receipt = (await screen.findByRole('heading', { name: failed.subject! })).closest(
      'article',
    )!;
    expect(within(receipt).getByText('dana@whitfieldflorist.example')).toBeTruthy();
    expect(within(receipt).getByText('Receipt')).toBeTruthy();
    expect(within(receipt).getByText('8')).toBeTruthy();
    expect(within(receipt).getByText('550 5.1.1 no such mailbox')).toBeTruthy();
    expect(screen.getByText('2 mails are waiting to go out.')).toBeTruthy();
    // Failed before it was ever composed: its kind stands for the subject.
    const offer = screen.getByRole('heading', { name: 'Seats offered' }).closest('article')!;
    expect(within(offer).getByText('Not composed yet')).toBeTruthy();

    fireEvent.click(
      within(receipt).getByRole('button', {
        name: `Retry: ${failed.subject} to dana@whitfieldflorist.example`,
      }),
    );
    // The list is read again: the retried mail has left it.
    await vi.waitFor(() => expect(screen.getAllByRole('article')).toHaveLength(1));
    expect(api.bodies(`POST /admin/mail/${failed.id}/retry`)).toHaveLength(1);
    expect(screen.queryByRole('heading', { name: failed.subject! })).toBeNull();
  });

  it('says when no mail has failed', async () => {
    stubApi({ [firstPage]: () => json(200, list([])) });
    renderWithProviders(<FailedMail />);
    expect(await screen.findByText('No mail has failed.')).toBeTruthy();
    expect(screen.getByText('No mail is waiting to go out.')).toBeTruthy();
  });
});
