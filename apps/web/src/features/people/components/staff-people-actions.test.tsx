import type { BusinessPerson } from '@chamber/contract';
import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { json, makeMember, makeProfile, signedInAs, stubApi } from '@/test/fake-api';
import { renderWithProviders } from '@/test/render-with-providers';
import { MovePersonDialog } from './staff-people-actions';

const theo: BusinessPerson = {
  id: 'p-2',
  role: 'employee',
  firstName: 'Theo',
  lastName: 'Grant',
  name: 'Theo Grant',
  title: '',
  email: null,
  phone: null,
  shownOnListing: false,
  hasSignIn: false,
  isYou: false,
};

describe('MovePersonDialog', () => {
  it('a moderator, who may not read the memberships list, finds the business in the directory', async () => {
    const api = stubApi({
      ...signedInAs(makeProfile({ role: 'moderator', contactId: null })),
      'GET /members': () =>
        json(200, {
          members: [
            makeMember({ id: 'c-home', businessName: 'Staffed Shop' }),
            makeMember({ id: 'c-9', businessName: 'Harbor Hardware' }),
          ],
          total: 2,
          hasMore: false,
          roles: null,
        }),
    });
    renderWithProviders(
      <MovePersonDialog contactId="c-home" business="Staffed Shop" person={theo} />,
    );

    fireEvent.click(
      await screen.findByRole('button', { name: 'Move Theo Grant to another business' }),
    );
    fireEvent.change(await screen.findByLabelText('Find the business'), {
      target: { value: 'Harbor' },
    });
    // The business the person is in is not offered.
    expect(await screen.findByRole('radio', { name: 'Harbor Hardware' })).toBeTruthy();
    expect(screen.queryByRole('radio', { name: 'Staffed Shop' })).toBeNull();
    const searches = api.calls.map((c) => c.route).filter((r) => !r.startsWith('GET /auth'));
    expect(searches).toEqual(['GET /members?source=Move+a+person&limit=8&search=Harbor']);
  });
});
