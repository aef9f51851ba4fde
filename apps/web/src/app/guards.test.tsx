import { fireEvent, screen } from '@testing-library/react';
import { Link, Route, Routes, useLocation } from 'react-router';
import { describe, expect, it } from 'vitest';
import { UNAUTHORIZED_EVENT } from '@/lib/api/client';
import { useAuth } from '@/lib/auth/use-auth';
import { makeProfile, signedInAs, stubApi } from '@/test/fake-api';
import { renderWithProviders } from '@/test/render-with-providers';
import { RequireAuth, RequireRole, RequireStaff } from './guards';

/** A page behind a guard that ends the session itself, before anything navigates. */
function SignOutHere() {
  const { logout } = useAuth();
  const { key } = useLocation();
  return (
    <button type="button" onClick={() => void logout(key)}>
      End session
    </button>
  );
}

function renderAt(route: string) {
  renderWithProviders(
    <Routes>
      <Route
        path="/"
        element={
          <>
            <h1>Home</h1>
            <Link to="/profile">Profile</Link>
          </>
        }
      />
      <Route path="/login" element={<h1>Sign in</h1>} />
      <Route element={<RequireRole role="admin" />}>
        <Route path="/admin" element={<SignOutHere />} />
      </Route>
      <Route element={<RequireAuth />}>
        <Route path="/profile" element={<SignOutHere />} />
      </Route>
      <Route element={<RequireStaff />}>
        <Route path="/admin/communications" element={<h1>Communications</h1>} />
      </Route>
    </Routes>,
    { route },
  );
}

describe('guards', () => {
  it.each(['/admin', '/profile'])(
    'a user who signs out on %s goes home, not to the sign-in page',
    async (route) => {
      stubApi({
        ...signedInAs(makeProfile({ role: 'admin' })),
        'POST /auth/logout': () => new Response(null, { status: 204 }),
      });
      renderAt(route);
      fireEvent.click(await screen.findByRole('button', { name: 'End session' }));
      expect(await screen.findByRole('heading', { name: 'Home' })).toBeTruthy();
      // Only the page signed out on: a later visit to a signed-in page asks to sign in.
      fireEvent.click(screen.getByRole('link', { name: 'Profile' }));
      expect(await screen.findByRole('heading', { name: 'Sign in' })).toBeTruthy();
    },
  );

  it('a session that expires on /admin goes to the sign-in page', async () => {
    stubApi(signedInAs(makeProfile({ role: 'admin' })));
    renderAt('/admin');
    await screen.findByRole('button', { name: 'End session' });
    window.dispatchEvent(new CustomEvent(UNAUTHORIZED_EVENT));
    expect(await screen.findByRole('heading', { name: 'Sign in' })).toBeTruthy();
  });

  it('an anonymous visitor on /profile goes to the sign-in page', async () => {
    stubApi({});
    renderAt('/profile');
    expect(await screen.findByRole('heading', { name: 'Sign in' })).toBeTruthy();
  });

  it.each(['moderator', 'admin'] as const)('a %s opens a staff page', async (role) => {
    stubApi(signedInAs(makeProfile({ role })));
    renderAt('/admin/communications');
    expect(await screen.findByRole('heading', { name: 'Communications' })).toBeTruthy();
  });

  it('a member on a staff page goes home', async () => {
    stubApi(signedInAs(makeProfile({ role: 'member' })));
    renderAt('/admin/communications');
    expect(await screen.findByRole('heading', { name: 'Home' })).toBeTruthy();
  });

  it('an anonymous visitor on a staff page goes to the sign-in page', async () => {
    stubApi({});
    renderAt('/admin/communications');
    expect(await screen.findByRole('heading', { name: 'Sign in' })).toBeTruthy();
  });
});
