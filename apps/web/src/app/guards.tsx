import type { Role } from '@chamber/contract';
import { Navigate, Outlet, useLocation } from 'react-router';
import { FullPageLoading } from '@/components/layout/full-page-loading';
import { paths } from '@/config/paths';
import { useAuth } from '@/lib/auth/use-auth';

/**
 * Signed-in users only; others go to /login, which brings them back here afterwards. A user who
 * has just signed out on this page goes home instead (docs/product.md#screens: Sign out leads home).
 */
export function RequireAuth() {
  const { isAuthenticated, isRestoring, signedOutAt } = useAuth();
  const location = useLocation();
  if (isRestoring) return <FullPageLoading />;
  if (signedOutAt === location.key) return <Navigate to={paths.home.href()} replace />;
  if (!isAuthenticated) {
    return <Navigate to={paths.login.href()} state={{ from: location }} replace />;
  }
  return <Outlet />;
}

/** One role only (docs/product.md#screens /admin): anonymous → /login with the origin, others → home. */
export function RequireRole({ role }: { role: Role }) {
  const { isAuthenticated, isRestoring, signedOutAt, role: currentRole } = useAuth();
  const location = useLocation();
  if (isRestoring) return <FullPageLoading />;
  if (signedOutAt === location.key) return <Navigate to={paths.home.href()} replace />;
  if (!isAuthenticated) {
    return <Navigate to={paths.login.href()} state={{ from: location }} replace />;
  }
  if (currentRole !== role) return <Navigate to={paths.home.href()} replace />;
  return <Outlet />;
}

/** Staff (moderators and admins) only: anonymous → /login with the origin, others → home. */
export function RequireStaff() {
  const { isAuthenticated, isRestoring, signedOutAt, role } = useAuth();
  const location = useLocation();
  if (isRestoring) return <FullPageLoading />;
  if (signedOutAt === location.key) return <Navigate to={paths.home.href()} replace />;
  if (!isAuthenticated) {
    return <Navigate to={paths.login.href()} state={{ from: location }} replace />;
  }
  if (role !== 'admin' && role !== 'moderator') return <Navigate to={paths.home.href()} replace />;
  return <Outlet />;
}
