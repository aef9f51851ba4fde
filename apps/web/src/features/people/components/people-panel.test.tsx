import {
  businessPeopleSchema,
  peopleMessages,
  type BusinessPeople,
  type BusinessPerson,
} from '@chamber/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { json, makePerson, makeProfile, signedInAs, stubApi } from '@/test/fake-api';
import { renderWithProviders } from '@/test/render-with-providers';
import { PeoplePanel } from './people-panel';

const person = makePerson;

const maria = person({});
const sam = person({
  id: 'p-2',
  role: 'employee',
  firstName: 'Sam',
  lastName: 'Baker',
  name: 'Sam Baker',
  title: '',
  email: 'sam@riverbendbakery.example',
  shownOnListing: false,
  hasSignIn: false,
  isYou: false,
});

/** The people of Riverbend Bakery as GET /members/c-1/people answers them. */
function people(overrides: Partial<BusinessPeople> = {}): BusinessPeople {
  return businessPeopleSchema.parse({
    people: [maria, sam],
    invitations: [
      {
        id: 'i-1',
        email: 'lee@riverbendbakery.example',
        role: 'billing',
        invitedBy: 'Maria Lopez',
        createdAt: '2026-11-28T10:00:00.000Z',
        expiresAt: '2026-12-05T10:00:00.000Z',
      },
    ],
    canManage: true,
    ...overrides,
  });
}

function renderPanel(routes: Parameters<typeof stubApi>[0]) {
  const api = stubApi({ ...signedInAs(makeProfile()), ...routes });
  renderWithProviders(<PeoplePanel contactId="c-1" businessName="Riverbend Bakery" />);
  return api;
}

/** A person's row, once the people are loaded. */
const row = async (name: string) => {
  const list = await screen.findByRole('list', { name: 'People of Riverbend Bakery' });
  return within(list).getByRole('listitem', { name: new RegExp(`^${name}`) });
};

// Each test renders a page's worth of Radix controls; a busy machine takes seconds for that.
describe('PeoplePanel', { timeout: 15_000 }, () => {
  it('lists the people with their role, sign-in and listing, and the open invitations', async () => {
    renderPanel({ 'GET /members/c-1/people': () => json(200, people()) });

    const samRow = await row('Sam Baker');
    // The role's badge, and the role select's value.
    expect(within(samRow).getAllByText('Employee')).toHaveLength(2);
    expect(within(samRow).getByText('No sign-in')).toBeTruthy();
    expect(within(samRow).getByText('Not on listing')).toBeTruthy();
    expect(within(samRow).getByText('sam@riverbendbakery.example')).toBeTruthy();

    const mariaRow = screen.getByRole('listitem', { name: /^Maria Lopez/ });
    expect(within(mariaRow).getAllByText('Primary contact')).toHaveLength(2);
    expect(within(mariaRow).getByText('Owner')).toBeTruthy();
    expect(within(mariaRow).getByText('Signs in')).toBeTruthy();
    expect(within(mariaRow).getByText('Shown on listing')).toBeTruthy();
    expect(within(mariaRow).getByText('You')).toBeTruthy();

    const pending = screen.getByRole('list', { name: 'Pending invitations' });
    expect(within(pending).getByText('lee@riverbendbakery.example')).toBeTruthy();
    expect(within(pending).getByText(/Billing · invited by Maria Lopez · expires/)).toBeTruthy();
    expect(screen.getByRole('form', { name: 'Invite a colleague' })).toBeTruthy();
  });

  it('gives someone who may not manage only their own title and listing toggle', async () => {
    renderPanel({
      'GET /members/c-1/people': () =>
        json(
          200,
          people({
            canManage: false,
            people: [
              { ...maria, isYou: false },
              { ...sam, isYou: true },
            ],
          }),
        ),
    });

    const samRow = await row('Sam Baker');
    expect(within(samRow).getByRole('checkbox', { name: /Show on listing/ })).toBeTruthy();
    expect(within(samRow).getByRole('button', { name: /Edit title/ })).toBeTruthy();
    expect(within(samRow).queryByRole('combobox')).toBeNull();
    expect(within(samRow).queryByRole('button', { name: /Remove/ })).toBeNull();

    const mariaRow = screen.getByRole('listitem', { name: /^Maria Lopez/ });
    expect(within(mariaRow).queryByRole('checkbox')).toBeNull();
    expect(within(mariaRow).queryByRole('button')).toBeNull();

    expect(screen.queryByRole('form', { name: 'Invite a colleague' })).toBeNull();
    expect(screen.queryByRole('button', { name: /Withdraw/ })).toBeNull();
  });

  it('invites with the address and role, and shows the server’s refusal', async () => {
    const api = renderPanel({
      'GET /members/c-1/people': () => json(200, people()),
      'POST /members/c-1/invitations': () =>
        json(409, { error: 'conflict', message: peopleMessages.alreadyInvited }),
    });

    const form = await screen.findByRole('form', { name: 'Invite a colleague' });
    fireEvent.change(within(form).getByLabelText('Email'), {
      target: { value: 'lee@riverbendbakery.example' },
    });
    Element.prototype.scrollIntoView ??= () => undefined;
    fireEvent.keyDown(within(form).getByRole('combobox', { name: 'Role' }), { key: 'Enter' });
    fireEvent.click(await screen.findByRole('option', { name: 'Listing editor' }));
    fireEvent.click(within(form).getByRole('button', { name: 'Send invitation' }));

    expect(await within(form).findByText(peopleMessages.alreadyInvited)).toBeTruthy();
    expect(api.bodies('POST /members/c-1/invitations')).toEqual([
      { email: 'lee@riverbendbakery.example', role: 'editor' },
    ]);
  });

  it('says the invitation was sent, and reads the people again', async () => {
    const api = renderPanel({
      'GET /members/c-1/people': () => json(200, people({ invitations: [] })),
      'POST /members/c-1/invitations': () =>
        json(201, {
          id: 'i-2',
          email: 'kim@riverbendbakery.example',
          role: 'employee',
          invitedBy: 'Maria Lopez',
          createdAt: '2026-11-29T10:00:00.000Z',
          expiresAt: '2026-12-06T10:00:00.000Z',
        }),
    });

    const form = await screen.findByRole('form', { name: 'Invite a colleague' });
    fireEvent.change(within(form).getByLabelText('Email'), {
      target: { value: 'kim@riverbendbakery.example' },
    });
    fireEvent.click(within(form).getByRole('button', { name: 'Send invitation' }));

    expect(
      await within(form).findByText(
        'Invitation sent to kim@riverbendbakery.example. The link works once, for 7 days.',
      ),
    ).toBeTruthy();
    expect(api.bodies('POST /members/c-1/invitations')).toEqual([
      { email: 'kim@riverbendbakery.example', role: 'employee' },
    ]);
    await waitFor(() =>
      expect(api.calls.filter((c) => c.route === 'GET /members/c-1/people')).toHaveLength(2),
    );
  });

  it('removes a person only after confirming, and shows a refusal in the dialog', async () => {
    let refuse = true;
    const api = renderPanel({
      'GET /members/c-1/people': () => json(200, people()),
      'DELETE /members/c-1/people/p-2': () =>
        refuse
          ? json(409, { error: 'conflict', message: peopleMessages.lastPrimary })
          : new Response(null, { status: 204 }),
    });

    const samRow = await row('Sam Baker');
    fireEvent.click(within(samRow).getByRole('button', { name: 'Remove Sam Baker' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Remove Sam Baker?' });
    expect(api.bodies('DELETE /members/c-1/people/p-2')).toHaveLength(0);

    fireEvent.click(within(dialog).getByRole('button', { name: 'Remove' }));
    expect(await within(dialog).findByText(peopleMessages.lastPrimary)).toBeTruthy();

    refuse = false;
    fireEvent.click(within(dialog).getByRole('button', { name: 'Remove' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(api.bodies('DELETE /members/c-1/people/p-2')).toHaveLength(2);
  });

  it('changes a role and a listing toggle, each refusal shown on its row', async () => {
    const api = renderPanel({
      'GET /members/c-1/people': () => json(200, people()),
      'PATCH /members/c-1/people/p-1': () =>
        json(409, { error: 'conflict', message: peopleMessages.lastPrimary }),
      'PATCH /members/c-1/people/p-2': (body) =>
        json(200, { ...sam, ...(body as Partial<BusinessPerson>) }),
    });

    const mariaRow = await row('Maria Lopez');
    Element.prototype.scrollIntoView ??= () => undefined;
    fireEvent.keyDown(within(mariaRow).getByRole('combobox', { name: 'Role of Maria Lopez' }), {
      key: 'Enter',
    });
    fireEvent.click(await screen.findByRole('option', { name: 'Employee' }));
    expect(await within(mariaRow).findByText(peopleMessages.lastPrimary)).toBeTruthy();
    expect(api.bodies('PATCH /members/c-1/people/p-1')).toEqual([{ role: 'employee' }]);

    const samRow = screen.getByRole('listitem', { name: /^Sam Baker/ });
    fireEvent.click(within(samRow).getByRole('checkbox', { name: /Show on listing/ }));
    await waitFor(() =>
      expect(api.bodies('PATCH /members/c-1/people/p-2')).toEqual([{ shownOnListing: true }]),
    );
    expect(within(samRow).queryByRole('alert')).toBeNull();
  });

  it('withdraws an invitation', async () => {
    const api = renderPanel({
      'GET /members/c-1/people': () => json(200, people()),
      'DELETE /members/c-1/invitations/i-1': () => new Response(null, { status: 204 }),
    });

    fireEvent.click(
      await screen.findByRole('button', {
        name: 'Withdraw the invitation to lee@riverbendbakery.example',
      }),
    );
    await waitFor(() =>
      expect(api.calls.map((c) => c.route)).toContain('DELETE /members/c-1/invitations/i-1'),
    );
  });
});
