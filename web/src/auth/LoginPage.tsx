import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState, type FormEvent } from 'react';
import { Link as RouterLink, useNavigate } from 'react-router';
import { api } from '../api/browser.ts';
import { ApiError } from '../api/client.ts';
import { AuthCard } from './AuthCard.tsx';
import { useAuth } from './AuthContext.tsx';

const texts = {
  pageTitle: 'Log in · Tickscribe',
  heading: 'Log in to Tickscribe',
  intro: 'Welcome back. Log in to review your tickets and transcripts.',
  email: 'Email',
  password: 'Password',
  submit: 'Log In',
  submitting: 'Logging in...',
  forgotPassword: 'Forgot your password?',
  noAccount: "Don't have an account?",
  signUp: 'Sign up',
  unverified: 'Please verify your email before logging in. Check your inbox for a verification link.',
  verifyLink: 'Go to email verification',
  resetHeading: 'Reset your password',
  resetIntro: "Enter the email address of your account and we'll send you a link to set a new password.",
  resetSubmit: 'Send Reset Link',
  resetSubmitting: 'Sending...',
  backToLogin: 'Back to login',
  returnToLogin: 'Return to login',
  resetEmailRequired: 'Please enter your email address',
  resetFailed: 'Failed to send password reset email',
  resetSent: 'If an account exists with this email, you will receive password reset instructions shortly.',
} as const;

/** An error about the e-mail not being verified or confirmed yet. */
export function isUnverifiedEmailError(message: string): boolean {
  return /e-?mail/i.test(message) && /verif|confirm/i.test(message);
}

/** `focusEmail`: put the cursor in the e-mail field, for when the visitor comes back from the reset form. */
function LoginForm({ onForgotPassword, focusEmail }: { onForgotPassword: () => void; focusEmail: boolean }) {
  const { login } = useAuth();
  const navigate = useNavigate();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setError(null);
    setSubmitting(true);
    try {
      await login(email.trim(), password);
      void navigate('/dashboard', { replace: true });
    } catch (failure) {
      setError(failure instanceof Error ? failure.message : null);
      setSubmitting(false);
    }
  };

  const unverified = error !== null && isUnverifiedEmailError(error);
  return (
    <Box component="form" onSubmit={submit} aria-labelledby="login-heading">
      <Typography id="login-heading" variant="h1" sx={{ fontSize: '1.75rem', mb: 1 }}>
        {texts.heading}
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 3 }}>
        {texts.intro}
      </Typography>
      <Stack spacing={2.5}>
        {error !== null && (
          <Alert severity={unverified ? 'warning' : 'error'}>
            {unverified ? (
              <>
                {texts.unverified}{' '}
                <Link component={RouterLink} to="/verify-email">
                  {texts.verifyLink}
                </Link>
              </>
            ) : (
              error
            )}
          </Alert>
        )}
        <TextField
          label={texts.email}
          type="email"
          autoComplete="email"
          autoFocus={focusEmail}
          required
          fullWidth
          value={email}
          onChange={(event) => setEmail(event.target.value)}
        />
        <TextField
          label={texts.password}
          type="password"
          autoComplete="current-password"
          required
          fullWidth
          value={password}
          onChange={(event) => setPassword(event.target.value)}
        />
        <Box sx={{ display: 'flex', justifyContent: 'flex-end', mt: '8px !important' }}>
          <Button variant="text" size="small" onClick={onForgotPassword}>
            {texts.forgotPassword}
          </Button>
        </Box>
        <Button type="submit" variant="contained" size="large" fullWidth disabled={submitting}>
          {submitting ? texts.submitting : texts.submit}
        </Button>
        <Typography variant="body2" sx={{ textAlign: 'center' }}>
          {texts.noAccount}{' '}
          <Link component={RouterLink} to="/signup">
            {texts.signUp}
          </Link>
        </Typography>
      </Stack>
    </Box>
  );
}

function ResetRequestForm({ onBack }: { onBack: () => void }) {
  const [email, setEmail] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);
  const [sent, setSent] = useState(false);

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const address = email.trim();
    if (address === '') {
      setError(texts.resetEmailRequired);
      return;
    }
    setError(null);
    setSubmitting(true);
    try {
      await api.post('/auth/reset-password', { email: address });
      setSent(true);
    } catch (failure) {
      setError(failure instanceof ApiError ? (failure.serverText ?? texts.resetFailed) : texts.resetFailed);
    } finally {
      setSubmitting(false);
    }
  };

  return (
    <Box component="form" noValidate onSubmit={submit} aria-labelledby="reset-heading">
      <Typography id="reset-heading" variant="h1" sx={{ fontSize: '1.75rem', mb: 1 }}>
        {texts.resetHeading}
      </Typography>
      {sent ? (
        <Stack spacing={3} sx={{ mt: 2 }}>
          <Alert severity="success">{texts.resetSent}</Alert>
          <Button variant="contained" autoFocus onClick={onBack}>
            {texts.returnToLogin}
          </Button>
        </Stack>
      ) : (
        <>
          <Typography color="text.secondary" sx={{ mb: 3 }}>
            {texts.resetIntro}
          </Typography>
          <Stack spacing={2.5}>
            {error !== null && <Alert severity="error">{error}</Alert>}
            <TextField
              label={texts.email}
              type="email"
              autoComplete="email"
              autoFocus
              fullWidth
              value={email}
              onChange={(event) => setEmail(event.target.value)}
            />
            <Button type="submit" variant="contained" size="large" fullWidth disabled={submitting}>
              {submitting ? texts.resetSubmitting : texts.resetSubmit}
            </Button>
            <Button variant="text" onClick={onBack}>
              {texts.backToLogin}
            </Button>
          </Stack>
        </>
      )}
    </Box>
  );
}

export default function LoginPage() {
  const [resetting, setResetting] = useState(false);
  const [returnedFromReset, setReturnedFromReset] = useState(false);
  return (
    <AuthCard>
      <title>{texts.pageTitle}</title>
      {resetting ? (
        <ResetRequestForm
          onBack={() => {
            setResetting(false);
            setReturnedFromReset(true);
          }}
        />
      ) : (
        <LoginForm onForgotPassword={() => setResetting(true)} focusEmail={returnedFromReset} />
      )}
    </AuthCard>
  );
}
