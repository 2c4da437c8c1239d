import AppBar from '@mui/material/AppBar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Toolbar from '@mui/material/Toolbar';
import { lazy, Suspense } from 'react';
import { NavLink } from 'react-router';
import { useAuth } from '../auth/AuthContext.tsx';
import { Brand } from './Brand.tsx';
import { activeOnDark } from './navStyles.ts';
import { layoutTexts } from './texts.ts';

// Loaded only once someone is signed in, so the landing page stays small.
const SignedInNavigation = lazy(() => import('./SignedInNavigation.tsx'));

function SignedOutNavigation() {
  return (
    <Box component="nav" aria-label={layoutTexts.mainNavigation} sx={{ display: 'flex', gap: 1 }}>
      <Button component={NavLink} to="/login" color="inherit" sx={activeOnDark}>
        {layoutTexts.login}
      </Button>
      <Button
        component={NavLink}
        to="/signup"
        variant="contained"
        sx={{ bgcolor: 'common.white', color: 'primary.main', '&:hover': { bgcolor: 'grey.100' }, ...activeOnDark }}
      >
        {layoutTexts.signUp}
      </Button>
    </Box>
  );
}

/** The shared top bar: brand, and the navigation for the signed-in or signed-out visitor. */
export function NavBar() {
  const { user, loading } = useAuth();

  return (
    <AppBar position="sticky" color="primary" elevation={0}>
      <Toolbar sx={{ gap: 2 }}>
        <Brand />
        <Box sx={{ flexGrow: 1 }} />
        {loading ? null : user ? (
          <Suspense fallback={null}>
            <SignedInNavigation user={user} />
          </Suspense>
        ) : (
          <SignedOutNavigation />
        )}
      </Toolbar>
    </AppBar>
  );
}
