import { Suspense } from 'react';
import { Outlet } from 'react-router';
import { PageLoader } from '../ui/PageLoader.tsx';
import { Footer } from './Footer.tsx';
import './frame.css';
import { NavBar } from './NavBar.tsx';
import { MAIN_CONTENT_ID, SkipLink } from './SkipLink.tsx';

// The frame is plain markup styled by frame.css, with no MUI: the landing page shows it on a first visit.

function PageFrame({ brandOnly }: { brandOnly: boolean }) {
  return (
    <div className="page-frame">
      <SkipLink />
      <NavBar brandOnly={brandOnly} />
      <main id={MAIN_CONTENT_ID} tabIndex={-1} className="page-frame__main">
        <Suspense fallback={<PageLoader />}>
          <Outlet />
        </Suspense>
      </main>
      <Footer />
    </div>
  );
}

/** The shared layout of the public and signed-in pages: navigation bar, page, footer. */
export function AppLayout() {
  return <PageFrame brandOnly={false} />;
}

/** Login, signup, e-mail verification and password reset: the brand only, so the form has the visitor's full attention. */
export function AuthLayout() {
  return <PageFrame brandOnly />;
}
