import { Navigate, Outlet, useLocation } from 'react-router-dom';

import type { Role } from '../api/current-user';
import { UnauthorizedScreen } from '../components/errors/unauthorized-screen';
import { Loading } from '../components/ui/loading';
import { paths } from '../config/paths';
import { useAuth } from '../lib/auth';
import { hasExactRole } from '../lib/roles';
import { useTwoFactorStatus } from '../features/account/api/two-factor';

/** Guest-only pages: signed-in users go to the dashboard. */
export function GuestOnly() {
  const { isLoading, isAuthenticated } = useAuth();
  if (isLoading) return <Loading fullPage />;
  if (isAuthenticated) return <Navigate to={paths.dashboard.root} replace />;
  return <Outlet />;
}

/**
 * Protected pages: a loading state until the user is known, then guests go to /login.
 * An account that must set up two-factor sign-in first (the server refuses everything
 * else with TWO_FACTOR_ENROLMENT_REQUIRED) is kept on the Security page until it has.
 */
export function RequireAuth() {
  const { isLoading, isAuthenticated, error } = useAuth();
  const twoFactor = useTwoFactorStatus(isAuthenticated);
  const location = useLocation();
  if (isLoading) return <Loading fullPage />;
  // The server could not say who this is (down, 500): do not pretend they are signed out.
  if (error) return <Loading fullPage error={error} />;
  if (!isAuthenticated) {
    return <Navigate to={paths.login} replace state={{ from: location }} />;
  }
  if (twoFactor.data?.enrolmentRequired && location.pathname !== paths.account.security) {
    return <Navigate to={paths.account.security} replace />;
  }
  return <Outlet />;
}

/** Exact-role pages (spec §6): any other role sees Unauthorized!. Nest inside RequireAuth. */
export function RequireRole({ role }: { role: Role }) {
  const { user } = useAuth();
  if (!user || !hasExactRole(user.role, role)) return <UnauthorizedScreen embedded />;
  return <Outlet />;
}
