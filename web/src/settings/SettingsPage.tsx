import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useMutation } from '@tanstack/react-query';
import { useAuth } from '../auth/AuthContext.tsx';
import { FormError } from '../ui/FormFields.tsx';
import { PageHeading } from '../ui/PageHeading.tsx';
import { Panel } from '../ui/Panel.tsx';
import { AccountSecurity } from './AccountSecurity.tsx';
import { ProfileSettings } from './ProfileSettings.tsx';
import { settingsTexts as texts } from './texts.ts';

/** Logging out on this device; a failure keeps the user signed in and says so. */
function AccountActions() {
  const { logout } = useAuth();
  const logOut = useMutation({ mutationFn: logout });
  const loggingOut = logOut.isPending || logOut.isSuccess;

  return (
    <Panel id="actions-heading" heading={texts.actions.heading}>
      <Stack spacing={2}>
        <FormError error={logOut.isError ? texts.actions.logoutFailed : null} />
        <Typography color="textSecondary">{texts.actions.logoutIntro}</Typography>
        <Box>
          <Button
            variant="outlined"
            color="error"
            disabled={loggingOut}
            onClick={() => logOut.mutate()}
            sx={{ width: { xs: '100%', sm: 'auto' } }}
          >
            {loggingOut ? texts.actions.loggingOut : texts.actions.logout}
          </Button>
        </Box>
      </Stack>
    </Panel>
  );
}

/** The settings page (/settings): profile, password and session. */
export default function SettingsPage() {
  const { user } = useAuth();
  if (!user) return null;

  return (
    <Container maxWidth="md" sx={{ py: { xs: 4, md: 6 } }}>
      <PageHeading title={texts.pageTitle} heading={texts.heading} intro={texts.intro} />
      <Stack spacing={3}>
        <ProfileSettings user={user} />
        <AccountSecurity email={user.email} />
        <AccountActions />
      </Stack>
    </Container>
  );
}
