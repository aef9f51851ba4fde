import { configure, fireEvent, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { useAuth } from '@/lib/auth/use-auth';
import { json, makeProfile, signedInAs, stubApi } from '@/test/fake-api';
import { cockpitRoutes } from '@/test/cockpit-answers';
import { makeLocation, renderWithProviders } from '@/test/render-with-providers';
import { AdminDashboard } from './admin-dashboard';

// Slow to render in jsdom on a busy machine.
configure({ asyncUtilTimeout: 5_000 });
vi.setConfig({ testTimeout: 20_000 });

const admin = makeProfile({ id: 'u-admin', role: 'admin' });

/** As the app's root layout does, the page shows once the stored session is checked. */
function Page() {
  const { isLoading } = useAuth();
  return isLoading ? null : <AdminDashboard />;
}

describe('the dashboard’s tabs', () => {
  it('open their content on the first visit and keep unsaved settings across tabs', async () => {
    const api = stubApi({
      ...signedInAs(admin),
      ...cockpitRoutes,
      'GET /admin/audit?limit=25&offset=0': () =>
        json(200, {
          entries: [],
          pagination: { total: 0, hasMore: false },
          facets: { actors: [], entities: [], actions: [] },
        }),
      'GET /locations/loc-1': () => json(200, makeLocation()),
    });
    renderWithProviders(<Page />);
    await screen.findByText('Renewals due in 30 days');
    // Nothing is fetched for tabs not opened yet.
    expect(
      api.calls.filter((c) => /\/admin\/(users|submissions)|\/locations/.test(c.route)),
    ).toEqual([]);

    // Radix tabs switch on mouse down.
    fireEvent.mouseDown(screen.getByRole('tab', { name: 'Settings' }));
    const phone = (await screen.findByLabelText('Phone')) as HTMLInputElement;
    fireEvent.change(phone, { target: { value: '(801) 555-0199' } });
    fireEvent.mouseDown(screen.getByRole('tab', { name: 'Audit Log' }));
    expect(await screen.findByText('No changes recorded yet.')).toBeTruthy();
    fireEvent.mouseDown(screen.getByRole('tab', { name: 'Settings' }));
    expect((screen.getByLabelText('Phone') as HTMLInputElement).value).toBe('(801) 555-0199');
    expect(screen.getByText('You have unsaved changes.')).toBeTruthy();
  });
});
