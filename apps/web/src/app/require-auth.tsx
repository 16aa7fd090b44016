import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import { CHANGE_PASSWORD_PATH, loginUrl, secondsLeft, useSessionSnapshot } from '../shared/auth';

/**
 * The login guard (000 §4), evaluated on every navigation: no or unreadable token, an expired token or
 * no chosen profile sends the user to /login with redir; a forced password change pins the user to
 * the change-password page.
 */
export function RequireAuth({ children }: { children: ReactNode }) {
  const { claims, forceChangePassword } = useSessionSnapshot();
  const location = useLocation();
  const here = location.pathname + location.search + location.hash;
  if (!claims) return <Navigate to={loginUrl(here)} replace />;
  // The login page logs the expired session out and shows the timeout message.
  if (secondsLeft(claims) <= 0) return <Navigate to={loginUrl(here, 'msgLoginTimeout')} replace />;
  // The login page continues with the profile step (or reports that there is no profile).
  if (claims.profile === null) return <Navigate to={loginUrl(here)} replace />;
  if (forceChangePassword && location.pathname !== CHANGE_PASSWORD_PATH) {
    return <Navigate to={CHANGE_PASSWORD_PATH} replace />;
  }
  return children;
}
