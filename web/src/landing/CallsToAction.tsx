import ArrowForwardIcon from '@mui/icons-material/ArrowForward';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import { Link as RouterLink } from 'react-router';
import { useAuth } from '../auth/AuthContext.tsx';
import { landingTexts as texts } from './texts.ts';

/** The calls to action: into the app for a signed-in visitor, to signup and login otherwise. */
export function CallsToAction({ primary }: { primary: 'getStarted' | 'signUpFree' }) {
  const { user, loading } = useAuth();
  if (loading) return <Box sx={{ minHeight: 48 }} />;

  return (
    <Stack
      direction={{ xs: 'column', sm: 'row' }}
      spacing={2}
      sx={{ alignItems: { xs: 'stretch', sm: 'center' }, minHeight: 48 }}
    >
      {user ? (
        <Button component={RouterLink} to="/dashboard" variant="contained" size="large" endIcon={<ArrowForwardIcon />}>
          {texts.cta.goToDashboard}
        </Button>
      ) : (
        <>
          <Button component={RouterLink} to="/signup" variant="contained" size="large">
            {texts.cta[primary]}
          </Button>
          <Button component={RouterLink} to="/login" variant="outlined" size="large">
            {texts.cta.existingUser}
          </Button>
        </>
      )}
      <Link component={RouterLink} to="/help" sx={{ alignSelf: 'center', fontWeight: 600 }}>
        {texts.cta.learnMore}
      </Link>
    </Stack>
  );
}
