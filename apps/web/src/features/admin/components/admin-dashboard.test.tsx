import type { AdminUser, UserList } from '@chamber/contract';
import { configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { toast } from 'sonner';
import { describe, expect, it, vi } from 'vitest';
import { useAuth } from '@/lib/auth/use-auth';
import { json, makeProfile, signedInAs, stubApi, type Route } from '@/test/fake-api';
import { cockpitRoutes } from '@/test/cockpit-answers';
import { renderWithProviders } from '@/test/render-with-providers';
import { AdminDashboard } from './admin-dashboard';

// A page of 25 rows with their menus is slow to render in jsdom on a busy machine.
configure({ asyncUtilTimeout: 5_000 });
vi.setConfig({ testTimeout: 20_000 });

const admin = makeProfile({
  id: 'u-admin',
  role: 'admin',
  firstName: 'Avery',
  lastName: 'Lindqvist',
});

function makeUser(n: number, overrides: Partial<AdminUser> = {}): AdminUser {
  return {
    id: `u-${n}`,
    firstName: 'Member',
    lastName: `Number${n}`,
    email: `member${n}@riverton.example`,
    businessName: `Business ${n}`,
    phone: null,
    website: null,
    role: 'member',
    status: 'active',
    membershipTier: 'standard',
    paymentStatus: 'paid',
    contactId: `c-${n}`,
    membershipId: `m-${n}`,
    createdAt: '2024-03-12T15:00:00.000Z',
    ...overrides,
  };
}

const self = makeUser(0, {
  id: 'u-admin',
  firstName: 'Avery',
  lastName: 'Lindqvist',
  role: 'admin',
  businessName: null,
});
const priya = makeUser(1, { firstName: 'Priya', lastName: 'Raman' });

const list = (users: AdminUser[], total = users.length, offset = 0): UserList => ({
  users,
  pagination: { total, hasMore: offset + users.length < total },
});

const firstPage = 'GET /admin/users?limit=25&offset=0';

/** As the app's root layout does, the page shows once the stored session is checked. */
function Page() {
  const { isLoading } = useAuth();
  return isLoading ? null : <AdminDashboard />;
}

async function renderDashboard(routes: Record<string, Route>) {
  const api = stubApi({
    ...signedInAs(admin),
    ...cockpitRoutes,
    ...routes,
  });
  renderWithProviders(<Page />);
  // Radix tabs switch on mouse down.
  fireEvent.mouseDown(await screen.findByRole('tab', { name: 'User Management' }));
  return api;
}

/** Opens a row's menu from the keyboard, as Radix handles it in jsdom. */
function openMenu(name: string) {
  const trigger = screen.getAllByRole('button', { name: `Actions for ${name}` })[0]!;
  fireEvent.keyDown(trigger, { key: 'Enter' });
  return screen.getByRole('menu');
}

describe('AdminDashboard', () => {
  it('shows today’s figures on the Overview, each a link to the list behind it', async () => {
    stubApi({ ...signedInAs(admin), ...cockpitRoutes, [firstPage]: () => json(200, list([self])) });
    renderWithProviders(<Page />);

    expect(await screen.findByRole('heading', { level: 1, name: 'Admin Dashboard' })).toBeTruthy();
    const due = await screen.findByRole('link', { name: /Renewals due in 30 days/ });
    expect(due.getAttribute('href')).toBe('/admin?tab=memberships&list=due30');
    expect(due.textContent).toContain('3');
    expect(due.textContent).toContain('$900.00');
    const grace = screen.getByRole('link', { name: /Members in grace/ });
    expect(grace.textContent).toContain('of 35 current memberships');
    expect(screen.getByRole('link', { name: /Job posts waiting/ }).getAttribute('href')).toBe(
      '/admin?tab=jobs',
    );
    expect(screen.getByRole('link', { name: 'Spring Mixer' }).getAttribute('href')).toBe(
      '/events/ev-1',
    );
    expect(await screen.findByText('12-month retention')).toBeTruthy();
    expect(screen.getAllByText('80%')).toHaveLength(2);
  });

  it('only logs a failure of today’s figures', async () => {
    const logged = vi.mocked(console.error).mockImplementation(() => {});
    const failure = vi.spyOn(toast, 'error').mockImplementation(() => 1);
    stubApi({
      ...signedInAs(admin),
      ...cockpitRoutes,
      'GET /admin/overview': () => json(500, { error: 'internal', message: 'Database down' }),
      [firstPage]: () => json(200, list([self])),
    });
    renderWithProviders(<Page />);

    expect(await screen.findByText('Today’s figures are not available right now.')).toBeTruthy();
    expect(logged).toHaveBeenCalled();
    expect(failure).not.toHaveBeenCalled();
  });

  it('pages 25 at a time and starts again at page one when the search changes', async () => {
    const page1 = Array.from({ length: 25 }, (_, i) => makeUser(i + 1));
    const page2 = Array.from({ length: 5 }, (_, i) => makeUser(i + 26));
    const api = await renderDashboard({
      [firstPage]: () => json(200, list(page1, 30)),
      'GET /admin/users?limit=25&offset=25': () => json(200, list(page2, 30, 25)),
      'GET /admin/users?limit=25&offset=0&search=Business+3': () =>
        json(200, list([makeUser(3)], 1)),
    });

    expect(await screen.findByText('Showing 1 to 25 of 30 users')).toBeTruthy();
    expect((screen.getByRole('button', { name: /Previous/ }) as HTMLButtonElement).disabled).toBe(
      true,
    );
    fireEvent.click(screen.getByRole('button', { name: /Next/ }));
    expect(await screen.findByText('Showing 26 to 30 of 30 users')).toBeTruthy();
    expect((screen.getByRole('button', { name: /Next/ }) as HTMLButtonElement).disabled).toBe(true);

    fireEvent.change(screen.getByLabelText('Search users'), { target: { value: 'Business 3' } });
    await screen.findAllByRole('button', { name: 'Actions for Member Number3' });
    // One request for the debounced search, from the first page; for one page neither the
    // pager nor its 'Showing' text (docs/product.md#screens User Management).
    expect(api.calls.filter((c) => c.route.includes('search='))).toHaveLength(1);
    expect(screen.queryByRole('button', { name: /Next/ })).toBeNull();
    expect(screen.queryByText(/^Showing /)).toBeNull();
  });

  it('shows the businesses each sign-in belongs to, with its role in each', async () => {
    const owner = makeUser(7, {
      firstName: 'Olga',
      lastName: 'Owner',
      businesses: [
        { contactId: 'c-a', businessName: 'Alder Books', role: 'primary' },
        { contactId: 'c-b', businessName: 'Birch Cafe', role: 'billing' },
      ],
    });
    await renderDashboard({ [firstPage]: () => json(200, list([owner])) });
    const lists = await screen.findAllByRole('list', { name: 'Businesses of Olga Owner' });
    expect(
      within(lists[0]!)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['Alder Books (Primary contact)', 'Birch Cafe (Billing)']);
  });

  it('says when nothing matches', async () => {
    await renderDashboard({ [firstPage]: () => json(200, list([])) });
    expect(await screen.findByText('No users found matching your criteria.')).toBeTruthy();
  });

  it('toasts a failed load and offers a retry', async () => {
    const failure = vi.spyOn(toast, 'error').mockImplementation(() => 1);
    await renderDashboard({ [firstPage]: () => json(500, { error: 'internal', message: 'Oops' }) });
    await waitFor(() => expect(failure).toHaveBeenCalledWith('Failed to load users'));
    expect(
      within(screen.getByRole('alert')).getByRole('button', { name: 'Try Again' }),
    ).toBeTruthy();
  });

  it('keeps one’s own account from being suspended or deleted', async () => {
    await renderDashboard({ [firstPage]: () => json(200, list([self, priya])) });
    await screen.findAllByRole('button', { name: 'Actions for Avery Lindqvist' });

    const own = openMenu('Avery Lindqvist');
    const item = (name: string) => within(own).getByRole('menuitem', { name });
    expect(item('Edit User').getAttribute('aria-disabled')).toBeNull();
    expect(item('Activate').getAttribute('aria-disabled')).toBe('true');
    expect(item('Suspend').getAttribute('aria-disabled')).toBe('true');
    expect(item('Delete User').getAttribute('aria-disabled')).toBe('true');
    fireEvent.keyDown(own, { key: 'Escape' });

    const other = openMenu('Priya Raman');
    expect(
      within(other).getByRole('menuitem', { name: 'Suspend' }).getAttribute('aria-disabled'),
    ).toBeNull();
    expect(
      within(other).getByRole('menuitem', { name: 'Delete User' }).getAttribute('aria-disabled'),
    ).toBeNull();
  });

  it('suspends with the reason given', async () => {
    const success = vi.spyOn(toast, 'success').mockImplementation(() => 1);
    const api = await renderDashboard({
      [firstPage]: () => json(200, list([self, priya])),
      'PATCH /admin/users/u-1/status': () => json(200, { user: { ...priya, status: 'suspended' } }),
    });
    await screen.findAllByRole('button', { name: 'Actions for Priya Raman' });

    fireEvent.click(within(openMenu('Priya Raman')).getByRole('menuitem', { name: 'Suspend' }));
    const dialog = await screen.findByRole('dialog', { name: 'Suspend Priya Raman?' });
    fireEvent.change(within(dialog).getByLabelText('Reason (optional)'), {
      target: { value: ' Dues unpaid ' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Suspend' }));

    await waitFor(() => expect(success).toHaveBeenCalledWith('User status updated to suspended'));
    expect(api.bodies('PATCH /admin/users/u-1/status')).toEqual([
      { status: 'suspended', reason: 'Dues unpaid' },
    ]);
  });

  it('asks before deleting, in the spec’s words', async () => {
    const success = vi.spyOn(toast, 'success').mockImplementation(() => 1);
    const api = await renderDashboard({
      [firstPage]: () => json(200, list([self, priya])),
      'DELETE /admin/users/u-1': () => json(200, { message: 'User deleted successfully' }),
    });
    await screen.findAllByRole('button', { name: 'Actions for Priya Raman' });

    fireEvent.click(within(openMenu('Priya Raman')).getByRole('menuitem', { name: 'Delete User' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Delete User' });
    expect(
      within(dialog).getByText(
        'Are you sure you want to delete Priya Raman? This action cannot be undone and will permanently remove all user data.',
      ),
    ).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Delete User' }));

    await waitFor(() => expect(success).toHaveBeenCalledWith('User deleted successfully'));
    expect(api.calls.some((c) => c.route === 'DELETE /admin/users/u-1')).toBe(true);
  });

  it('shows the server’s reason when a save is refused', async () => {
    const failure = vi.spyOn(toast, 'error').mockImplementation(() => 1);
    const lastAdmin = 'The chamber needs at least one active admin. Make another admin first.';
    const api = await renderDashboard({
      [firstPage]: () => json(200, list([self, priya])),
      'PUT /admin/users/u-admin': () => json(409, { error: 'conflict', message: lastAdmin }),
    });
    await screen.findAllByRole('button', { name: 'Actions for Avery Lindqvist' });

    fireEvent.click(
      within(openMenu('Avery Lindqvist')).getByRole('menuitem', { name: 'Edit User' }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Edit User' });
    expect((within(dialog).getByLabelText('First Name*') as HTMLInputElement).value).toBe('Avery');
    // Own status cannot be changed here either.
    expect(within(dialog).getByText('You cannot suspend your own account.')).toBeTruthy();
    fireEvent.change(within(dialog).getByLabelText('Phone'), { target: { value: '801-555-0100' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save Changes' }));

    await waitFor(() => expect(failure).toHaveBeenCalledWith(lastAdmin));
    expect(within(dialog).getByRole('alert').textContent).toBe(lastAdmin);
    expect(api.bodies('PUT /admin/users/u-admin')).toEqual([
      {
        firstName: 'Avery',
        lastName: 'Lindqvist',
        email: 'member0@riverton.example',
        businessName: null,
        phone: '801-555-0100',
        website: null,
        role: 'admin',
        status: 'active',
      },
    ]);
  });

  it('shows tier and payment status read-only, from the membership, with a link to it', async () => {
    await renderDashboard({ [firstPage]: () => json(200, list([self, priya])) });
    await screen.findAllByRole('button', { name: 'Actions for Avery Lindqvist' });
    fireEvent.click(
      within(openMenu('Avery Lindqvist')).getByRole('menuitem', { name: 'Edit User' }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Edit User' });
    expect(within(dialog).queryByRole('combobox', { name: 'Membership Tier' })).toBeNull();
    expect(within(dialog).queryByRole('combobox', { name: 'Payment Status' })).toBeNull();
    expect(within(dialog).getByRole('combobox', { name: 'Role' })).toBeTruthy();
    expect(within(dialog).getByLabelText('Payment Status').textContent).toBe('Paid');
    expect(within(dialog).getByLabelText('Membership Tier').textContent).toMatch(
      /^(Basic|Standard)$/,
    );
    const link = within(dialog).getByRole('link', { name: 'Open the membership' });
    expect(link.getAttribute('href')).toBe('/admin?tab=memberships&membership=m-0');
  });

  it('shows an admin’s own new name in the header’s session at once', async () => {
    const success = vi.spyOn(toast, 'success').mockImplementation(() => 1);
    let profile = admin;
    const api = stubApi({
      ...signedInAs(admin),
      'GET /auth/profile': () => json(200, profile),
      ...cockpitRoutes,
      [firstPage]: () => json(200, list([self, priya])),
      'PUT /admin/users/u-admin': () => {
        profile = { ...admin, firstName: 'Avery-Jo' };
        return json(200, { user: { ...self, firstName: 'Avery-Jo' } });
      },
    });
    function SignedInName() {
      const { user } = useAuth();
      return <p data-testid="signed-in-name">{user?.firstName}</p>;
    }
    renderWithProviders(
      <>
        <SignedInName />
        <Page />
      </>,
    );
    fireEvent.mouseDown(await screen.findByRole('tab', { name: 'User Management' }));
    await screen.findAllByRole('button', { name: 'Actions for Avery Lindqvist' });
    expect(screen.getByTestId('signed-in-name').textContent).toBe('Avery');

    fireEvent.click(
      within(openMenu('Avery Lindqvist')).getByRole('menuitem', { name: 'Edit User' }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Edit User' });
    fireEvent.change(within(dialog).getByLabelText('First Name*'), {
      target: { value: 'Avery-Jo' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save Changes' }));

    await waitFor(() => expect(success).toHaveBeenCalledWith('User updated successfully'));
    await waitFor(() => expect(screen.getByTestId('signed-in-name').textContent).toBe('Avery-Jo'));
    expect(api.calls.filter((c) => c.route === 'GET /auth/profile').length).toBe(2);
  });

  it('shows Access Denied once the server no longer takes the session for an admin’s', async () => {
    const failure = vi.spyOn(toast, 'error').mockImplementation(() => 1);
    const forbidden = () =>
      json(403, { error: 'forbidden', message: 'You do not have permission to do that.' });
    stubApi({
      ...signedInAs(admin),
      ...Object.fromEntries(Object.keys(cockpitRoutes).map((route) => [route, forbidden])),
      [firstPage]: forbidden,
    });
    renderWithProviders(<Page />);

    expect(await screen.findByRole('heading', { name: 'Access Denied' })).toBeTruthy();
    expect(
      screen.getByText("You don't have permission to access this page. Admin access is required."),
    ).toBeTruthy();
    expect(failure).not.toHaveBeenCalled();
  });

  it('shows Access Denied to a session without the admin role, without asking the API', async () => {
    const api = stubApi(signedInAs(makeProfile({ role: 'moderator' })));
    renderWithProviders(<Page />);
    expect(await screen.findByRole('heading', { name: 'Access Denied' })).toBeTruthy();
    expect(api.calls.filter((c) => c.route.includes('/admin'))).toEqual([]);
  });
});
