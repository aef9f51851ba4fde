import { businessPeopleSchema, type BusinessPerson } from '@chamber/contract';
import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { json, makeMember, makePerson, makeProfile, signedInAs, stubApi } from '@/test/fake-api';
import { renderWithProviders } from '@/test/render-with-providers';
import { AmbassadorsAdmin } from './ambassadors-admin';

const ava = {
  personId: 'p-7',
  contactId: 'c-7',
  name: 'Ava Lund',
  businessName: 'Lund Hardware',
  email: 'ava@lund.example',
};

const person = (overrides: Partial<BusinessPerson>) => makePerson({ isYou: false, ...overrides });

describe('AmbassadorsAdmin', () => {
  it('lists the ambassadors, removes one, and adds a person of a business found by name', async () => {
    let list = [ava];
    const api = stubApi({
      ...signedInAs(makeProfile({ role: 'moderator', contactId: null })),
      'GET /admin/celebration-ambassadors': () => json(200, { ambassadors: list }),
      'PUT /admin/celebration-ambassadors/p-7': () => {
        list = [];
        return json(200, { ambassadors: list });
      },
      'PUT /admin/celebration-ambassadors/p-2': () => {
        list = [
          {
            personId: 'p-2',
            contactId: 'c-1',
            name: 'Sam Baker',
            businessName: 'Riverbend Bakery',
            email: 'sam@riverbendbakery.example',
          },
        ];
        return json(200, { ambassadors: list });
      },
      'GET /members': () =>
        json(200, { members: [makeMember()], total: 1, hasMore: false, roles: null }),
      'GET /members/c-1/people': () =>
        json(
          200,
          businessPeopleSchema.parse({
            people: [
              person({}),
              person({
                id: 'p-2',
                role: 'employee',
                firstName: 'Sam',
                lastName: 'Baker',
                name: 'Sam Baker',
                title: 'Baker',
                email: 'sam@riverbendbakery.example',
              }),
            ],
            invitations: [],
            canManage: true,
          }),
        ),
    });
    renderWithProviders(<AmbassadorsAdmin />);

    const listed = await screen.findByRole('list', { name: 'Ambassadors' });
    expect(within(listed).getByText('Ava Lund')).toBeTruthy();
    expect(within(listed).getByText('Lund Hardware')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Remove Ava Lund' }));
    expect(await screen.findByText('Ava Lund is no longer an ambassador.')).toBeTruthy();
    expect(screen.getByText('No ambassadors yet.')).toBeTruthy();
    expect(api.bodies('PUT /admin/celebration-ambassadors/p-7')).toEqual([{ ambassador: false }]);

    // A business is found; its people are chosen one by one, not the business.
    fireEvent.change(screen.getByLabelText('Add an ambassador'), { target: { value: 'River' } });
    fireEvent.click(await screen.findByRole('button', { name: 'Show people of Riverbend Bakery' }));
    const people = await screen.findByRole('list', { name: 'People of Riverbend Bakery' });
    expect(within(people).getByText('Maria Lopez')).toBeTruthy();
    fireEvent.click(within(people).getByRole('button', { name: 'Make ambassador for Sam Baker' }));
    expect(await screen.findByText('Sam Baker is an ambassador.')).toBeTruthy();
    expect(api.bodies('PUT /admin/celebration-ambassadors/p-2')).toEqual([{ ambassador: true }]);
    expect(within(people).getByText('Ambassador')).toBeTruthy();
    expect(
      within(screen.getByRole('list', { name: 'Ambassadors' })).getByText('Sam Baker'),
    ).toBeTruthy();
    expect(api.calls.map((c) => c.route)).toContain(
      'GET /members?source=Ambassadors&limit=8&search=River',
    );
  });
});
