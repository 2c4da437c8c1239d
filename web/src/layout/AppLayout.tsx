import AppBar from '@mui/material/AppBar';
import Box from '@mui/material/Box';
import Toolbar from '@mui/material/Toolbar';
import { Suspense, type ReactNode } from 'react';
import { Outlet } from 'react-router';
import { PageLoader } from '../ui/PageLoader.tsx';
import { Brand } from './Brand.tsx';
import { Footer } from './Footer.tsx';
import { NavBar } from './NavBar.tsx';
import { MAIN_CONTENT_ID, SkipLink } from './SkipLink.tsx';

function PageFrame({ header }: { header: ReactNode }) {
  return (
    <Box sx={{ minHeight: '100vh', display: 'flex', flexDirection: 'column' }}>
      <SkipLink />
      {header}
      <Box
        component="main"
        id={MAIN_CONTENT_ID}
        tabIndex={-1}
        sx={{ flexGrow: 1, display: 'flex', flexDirection: 'column', '&:focus': { outline: 'none' } }}
      >
        <Suspense fallback={<PageLoader />}>
          <Outlet />
        </Suspense>
      </Box>
      <Footer />
    </Box>
  );
}

/** The shared layout of the public and signed-in pages: navigation bar, page, footer. */
export function AppLayout() {
  return <PageFrame header={<NavBar />} />;
}

/** Login, signup, e-mail verification and password reset: the brand only, so the form has the visitor's full attention. */
export function AuthLayout() {
  return (
    <PageFrame
      header={
        <AppBar position="static" color="primary" elevation={0}>
          <Toolbar>
            <Brand />
          </Toolbar>
        </AppBar>
      }
    />
  );
}
