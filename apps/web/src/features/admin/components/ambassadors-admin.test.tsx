import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { json, makeMember, makeProfile, signedInAs, stubApi } from '@/test/fake-api';
import { renderWithProviders } from '@/test/render-with-providers';
import { AmbassadorsAdmin } from './ambassadors-admin';

const ava = { contactId: 'c-7', name: 'Ava Lund', email: 'ava@lund.example' };

describe('AmbassadorsAdmin', () => {
  it('lists the ambassadors, removes one, and adds a member found by name', async () => {
    let list = [ava];
    const api = stubApi({
      ...signedInAs(makeProfile({ role: 'moderator', contactId: null })),
      'GET /admin/celebration-ambassadors': () => json(200, { ambassadors: list }),
      'PUT /admin/celebration-ambassadors/c-7': () => {
        list = [];
        return json(200, { ambassadors: list });
      },
      'PUT /admin/celebration-ambassadors/c-1': () => {
        list = [{ contactId: 'c-1', name: 'Maria Lopez', email: 'maria@example.com' }];
        return json(200, { ambassadors: list });
      },
      'GET /members': () =>
        json(200, { members: [makeMember()], total: 1, hasMore: false, roles: null }),
    });
    renderWithProviders(<AmbassadorsAdmin />);

    const listed = await screen.findByRole('list', { name: 'Ambassadors' });
    expect(within(listed).getByText('Ava Lund')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Remove Ava Lund' }));
    expect(await screen.findByText('Ava Lund is no longer an ambassador.')).toBeTruthy();
    expect(screen.getByText('No ambassadors yet.')).toBeTruthy();
    expect(api.bodies('PUT /admin/celebration-ambassadors/c-7')).toEqual([{ ambassador: false }]);

    fireEvent.change(screen.getByLabelText('Add an ambassador'), { target: { value: 'Maria' } });
    fireEvent.click(await screen.findByRole('button', { name: 'Make Maria Lopez an ambassador' }));
    expect(await screen.findByText('Maria Lopez is an ambassador.')).toBeTruthy();
    expect(api.bodies('PUT /admin/celebration-ambassadors/c-1')).toEqual([{ ambassador: true }]);
    expect(
      within(screen.getByRole('list', { name: 'Ambassadors' })).getByText('Maria Lopez'),
    ).toBeTruthy();
    expect(api.calls.map((c) => c.route)).toContain(
      'GET /members?source=Ambassadors&limit=8&search=Maria',
    );
  });
});
