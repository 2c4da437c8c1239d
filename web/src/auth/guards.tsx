import { Navigate, Outlet, useLocation } from 'react-router';
import { PageLoader } from '../ui/PageLoader.tsx';
import { useAuth } from './AuthContext.tsx';
import { pathAfterSignIn } from './returnTo.ts';

/** Signed-in pages: a spinner while the user is resolved, /login when nobody is signed in. */
export function RequireAuth() {
  const { user, loading } = useAuth();
  if (loading) return <PageLoader />;
  if (!user) return <Navigate to="/login" replace />;
  return <Outlet />;
}

/** Login and signup: a signed-in user goes to the dashboard instead, or back to the page that asked them to sign in. */
export function RedirectIfSignedIn() {
  const { user, loading } = useAuth();
  const { state } = useLocation();
  if (loading) return <PageLoader />;
  if (user) return <Navigate to={pathAfterSignIn(state)} replace />;
  return <Outlet />;
}
