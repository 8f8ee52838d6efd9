import { Navigate, Outlet, useLocation } from 'react-router-dom';

import type { Role } from '../api/current-user';
import { UnauthorizedScreen } from '../components/errors/unauthorized-screen';
import { Loading } from '../components/ui/loading';
import { paths } from '../config/paths';
import { useAuth } from '../lib/auth';
import { hasExactRole } from '../lib/roles';

/** Guest-only pages: signed-in users go to the dashboard. */
export function GuestOnly() {
  const { isLoading, isAuthenticated } = useAuth();
  if (isLoading) return <Loading fullPage />;
  if (isAuthenticated) return <Navigate to={paths.dashboard.root} replace />;
  return <Outlet />;
}

/** Protected pages: a loading state until the user is known, then guests go to /login. */
export function RequireAuth() {
  const { isLoading, isAuthenticated, error } = useAuth();
  const location = useLocation();
  if (isLoading) return <Loading fullPage />;
  // The server could not say who this is (down, 500): do not pretend they are signed out.
  if (error) return <Loading fullPage error={error} />;
  if (!isAuthenticated) {
    return <Navigate to={paths.login} replace state={{ from: location }} />;
  }
  return <Outlet />;
}

/** Exact-role pages (spec §6): any other role sees Unauthorized!. Nest inside RequireAuth. */
export function RequireRole({ role }: { role: Role }) {
  const { user } = useAuth();
  if (!user || !hasExactRole(user.role, role)) return <UnauthorizedScreen />;
  return <Outlet />;
}
