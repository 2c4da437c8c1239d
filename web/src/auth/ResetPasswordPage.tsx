import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useEffect, useMemo, useState, type FormEvent } from 'react';
import { Link as RouterLink, useLocation, useNavigate } from 'react-router';
import { api } from '../api/browser.ts';
import { AuthCard } from './AuthCard.tsx';
import { useAuth } from './AuthContext.tsx';
import {
  readResetLink,
  RESET_REDIRECT_MS,
  resetFailureMessage,
  resetPasswordProblem,
  resetPasswordTexts as texts,
  updateType,
} from './resetPassword.ts';

/** Spec section 4: idle, submitting, then success (redirect after 3 s) or error. */
type Phase = 'idle' | 'submitting' | 'success';

export default function ResetPasswordPage() {
  const { refresh } = useAuth();
  const location = useLocation();
  const navigate = useNavigate();
  const link = useMemo(() => readResetLink(location.search), [location.search]);
  const [password, setPassword] = useState('');
  const [confirmation, setConfirmation] = useState('');
  const [phase, setPhase] = useState<Phase>('idle');
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    if (phase !== 'success') return;
    const timer = window.setTimeout(() => void navigate('/login', { replace: true }), RESET_REDIRECT_MS);
    return () => window.clearTimeout(timer);
  }, [phase, navigate]);

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const problem = resetPasswordProblem(password, confirmation, link);
    if (problem !== null) {
      setError(problem);
      return;
    }
    setError(null);
    setPhase('submitting');
    try {
      // The link's token_hash is the bearer token here, never the stored authToken.
      await api.post(
        '/auth/update-user',
        { password, type: updateType(link) },
        { bearerToken: link.tokenHash ?? undefined },
      );
      setPassword('');
      setConfirmation('');
      setPhase('success');
      // A reset ends every session of the account: let the login page see that nobody is signed in any more.
      void refresh();
    } catch (failure) {
      setError(resetFailureMessage(failure));
      setPhase('idle');
    }
  };

  // Without a token_hash the form cannot succeed: say so straight away, not only after the first submit.
  const shownError = error ?? (link.tokenHash === null ? texts.noToken : null);
  const submitting = phase === 'submitting';

  return (
    <AuthCard>
      <title>{texts.pageTitle}</title>
      {/* noValidate: the spec's own messages, not the browser's, explain a missing or short password. */}
      <Box component="form" noValidate onSubmit={submit} aria-labelledby="reset-password-heading">
        <Typography id="reset-password-heading" variant="h1" sx={{ fontSize: '1.75rem', mb: 1 }}>
          {texts.heading}
        </Typography>
        {phase === 'success' ? (
          <Stack spacing={3} sx={{ mt: 2 }}>
            <Alert severity="success">{texts.success}</Alert>
            <Button component={RouterLink} to="/login" replace variant="contained">
              {texts.goToLogin}
            </Button>
          </Stack>
        ) : (
          <>
            <Typography color="text.secondary" sx={{ mb: 3 }}>
              {texts.intro}
            </Typography>
            <Stack spacing={2.5}>
              {shownError !== null && <Alert severity="error">{shownError}</Alert>}
              <TextField
                label={texts.newPassword}
                name="password"
                type="password"
                autoComplete="new-password"
                autoFocus
                required
                fullWidth
                helperText={texts.passwordHint}
                value={password}
                onChange={(event) => setPassword(event.target.value)}
              />
              <TextField
                label={texts.confirmPassword}
                name="confirmPassword"
                type="password"
                autoComplete="new-password"
                required
                fullWidth
                value={confirmation}
                onChange={(event) => setConfirmation(event.target.value)}
              />
              <Button type="submit" variant="contained" size="large" fullWidth disabled={submitting}>
                {submitting ? texts.submitting : texts.submit}
              </Button>
              <Typography variant="body2" sx={{ textAlign: 'center' }}>
                <Link component={RouterLink} to="/login">
                  {texts.backToLogin}
                </Link>
              </Typography>
            </Stack>
          </>
        )}
      </Box>
    </AuthCard>
  );
}
