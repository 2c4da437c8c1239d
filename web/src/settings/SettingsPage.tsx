import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useEffect, useState, type FormEvent, type ReactNode } from 'react';
import { api } from '../api/browser.ts';
import { useAuth } from '../auth/AuthContext.tsx';
import type { User } from '../auth/user.ts';
import { changePasswordFailureMessage, changePasswordProblem } from './changePassword.ts';
import { PROFILE_SAVE_MS, settingsTexts as texts, SUCCESS_BANNER_MS } from './texts.ts';

/** The only language the app offers (spec section 2: fixed to en). */
const LANGUAGE = 'en';

/** A success text that clears itself after the spec's banner time. */
function useSuccessBanner() {
  const [success, setSuccess] = useState<string | null>(null);
  useEffect(() => {
    if (success === null) return;
    const timer = window.setTimeout(() => setSuccess(null), SUCCESS_BANNER_MS);
    return () => window.clearTimeout(timer);
  }, [success]);
  return [success, setSuccess] as const;
}

function Section({ id, heading, children }: { id: string; heading: string; children: ReactNode }) {
  return (
    <Paper variant="outlined" component="section" aria-labelledby={id} sx={{ p: { xs: 2.5, sm: 3 } }}>
      <Typography id={id} variant="h2" sx={{ fontSize: '1.25rem', mb: 2.5 }}>
        {heading}
      </Typography>
      {children}
    </Paper>
  );
}

function ProfileSettings({ user }: { user: User }) {
  const [fullName, setFullName] = useState(user.fullName ?? '');
  const [saving, setSaving] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [success, setSuccess] = useSuccessBanner();

  const save = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setError(null);
    setSuccess(null);
    setSaving(true);
    try {
      // The spec simulates the save: a one-second wait, no call to the server.
      await new Promise((resolve) => window.setTimeout(resolve, PROFILE_SAVE_MS));
      setSuccess(texts.profile.saved);
    } catch {
      setError(texts.profile.failed);
    } finally {
      setSaving(false);
    }
  };

  return (
    <Section id="profile-heading" heading={texts.profile.heading}>
      <Stack component="form" onSubmit={save} spacing={2.5} aria-labelledby="profile-heading">
        {error !== null && <Alert severity="error">{error}</Alert>}
        {success !== null && <Alert severity="success">{success}</Alert>}
        <TextField
          label={texts.profile.fullName}
          name="fullName"
          autoComplete="name"
          fullWidth
          value={fullName}
          onChange={(event) => setFullName(event.target.value)}
        />
        <TextField
          label={texts.profile.email}
          name="email"
          type="email"
          fullWidth
          value={user.email}
          helperText={texts.profile.emailHint}
          slotProps={{ htmlInput: { readOnly: true } }}
        />
        <TextField select label={texts.profile.language} name="language" fullWidth value={LANGUAGE} disabled>
          <MenuItem value={LANGUAGE}>{texts.profile.english}</MenuItem>
        </TextField>
        <Box>
          <Button type="submit" variant="contained" disabled={saving} sx={{ width: { xs: '100%', sm: 'auto' } }}>
            {saving ? texts.profile.saving : texts.profile.save}
          </Button>
        </Box>
      </Stack>
    </Section>
  );
}

function AccountSecurity({ email }: { email: string }) {
  const [currentPassword, setCurrentPassword] = useState('');
  const [newPassword, setNewPassword] = useState('');
  const [confirmation, setConfirmation] = useState('');
  const [submitting, setSubmitting] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [success, setSuccess] = useSuccessBanner();

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setSuccess(null);
    const problem = changePasswordProblem({ currentPassword, newPassword, confirmation });
    if (problem !== null) {
      setError(problem);
      return;
    }
    setError(null);
    setSubmitting(true);
    try {
      await api.post('/auth/change-password', { currentPassword, newPassword });
      setCurrentPassword('');
      setNewPassword('');
      setConfirmation('');
      setSuccess(texts.security.changed);
    } catch (failure) {
      setError(changePasswordFailureMessage(failure));
    } finally {
      setSubmitting(false);
    }
  };

  return (
    <Section id="security-heading" heading={texts.security.heading}>
      {/* noValidate: the spec's own messages, not the browser's, explain a missing or short password. */}
      <Stack component="form" noValidate onSubmit={submit} spacing={2.5} aria-labelledby="change-password-heading">
        <Typography id="change-password-heading" variant="h3" sx={{ fontSize: '1.05rem' }}>
          {texts.security.changePasswordHeading}
        </Typography>
        {/* Lets password managers file the new password under the right account. */}
        <input type="email" name="username" autoComplete="username" value={email} readOnly hidden />
        {error !== null && <Alert severity="error">{error}</Alert>}
        {success !== null && <Alert severity="success">{success}</Alert>}
        <TextField
          label={texts.security.currentPassword}
          name="currentPassword"
          type="password"
          autoComplete="current-password"
          required
          fullWidth
          value={currentPassword}
          onChange={(event) => setCurrentPassword(event.target.value)}
        />
        <TextField
          label={texts.security.newPassword}
          name="newPassword"
          type="password"
          autoComplete="new-password"
          required
          fullWidth
          helperText={texts.security.passwordHint}
          value={newPassword}
          onChange={(event) => setNewPassword(event.target.value)}
        />
        <TextField
          label={texts.security.confirmPassword}
          name="confirmPassword"
          type="password"
          autoComplete="new-password"
          required
          fullWidth
          value={confirmation}
          onChange={(event) => setConfirmation(event.target.value)}
        />
        <Box>
          <Button type="submit" variant="contained" disabled={submitting} sx={{ width: { xs: '100%', sm: 'auto' } }}>
            {submitting ? texts.security.submitting : texts.security.submit}
          </Button>
        </Box>
      </Stack>
    </Section>
  );
}

function AccountActions() {
  const { logout } = useAuth();
  const [loggingOut, setLoggingOut] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const logOut = async () => {
    setError(null);
    setLoggingOut(true);
    try {
      await logout();
    } catch {
      setError(texts.actions.logoutFailed);
      setLoggingOut(false);
    }
  };

  return (
    <Section id="actions-heading" heading={texts.actions.heading}>
      <Stack spacing={2}>
        {error !== null && <Alert severity="error">{error}</Alert>}
        <Typography color="text.secondary">{texts.actions.logoutIntro}</Typography>
        <Box>
          <Button
            variant="outlined"
            color="error"
            disabled={loggingOut}
            onClick={() => void logOut()}
            sx={{ width: { xs: '100%', sm: 'auto' } }}
          >
            {loggingOut ? texts.actions.loggingOut : texts.actions.logout}
          </Button>
        </Box>
      </Stack>
    </Section>
  );
}

export default function SettingsPage() {
  const { user } = useAuth();
  if (!user) return null;

  return (
    <Container maxWidth="md" sx={{ py: { xs: 4, md: 6 } }}>
      <title>{texts.pageTitle}</title>
      <Typography variant="h1">{texts.heading}</Typography>
      <Typography color="text.secondary" sx={{ mt: 1, mb: 4 }}>
        {texts.intro}
      </Typography>
      <Stack spacing={3}>
        <ProfileSettings user={user} />
        <AccountSecurity email={user.email} />
        <AccountActions />
      </Stack>
    </Container>
  );
}
