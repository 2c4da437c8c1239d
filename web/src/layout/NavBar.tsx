import { lazy, Suspense } from 'react';
import { NavLink } from 'react-router';
import { useAuth } from '../auth/AuthContext.tsx';
import { Brand } from './Brand.tsx';
import { layoutTexts } from './texts.ts';

// Loaded only once someone is signed in, with MUI, so the landing page stays small.
const SignedInNavigation = lazy(() => import('./SignedInNavigation.tsx'));

function SignedOutNavigation() {
  return (
    <nav aria-label={layoutTexts.mainNavigation} className="top-bar__nav">
      <NavLink to="/login" className="button button--text button--on-dark">
        {layoutTexts.login}
      </NavLink>
      <NavLink to="/signup" className="button button--white button--on-dark">
        {layoutTexts.signUp}
      </NavLink>
    </nav>
  );
}

/** The top bar: the brand alone (`brandOnly`, around the sign-in forms) or with the visitor's navigation. */
export function NavBar({ brandOnly = false }: { brandOnly?: boolean }) {
  const { user, loading } = useAuth();

  return (
    <header className={brandOnly ? 'top-bar' : 'top-bar top-bar--sticky'}>
      <div className="top-bar__row">
        <Brand />
        {/* The signed-in navigation puts the workspace switcher beside the brand, before the spacer. */}
        {!brandOnly &&
          !loading &&
          (user ? (
            <Suspense fallback={null}>
              <SignedInNavigation user={user} />
            </Suspense>
          ) : (
            <>
              <div className="top-bar__spacer" />
              <SignedOutNavigation />
            </>
          ))}
      </div>
    </header>
  );
}
