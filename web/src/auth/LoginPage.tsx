import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import { useState } from 'react';
import { Link as RouterLink, useLocation, useNavigate } from 'react-router';
import { EmailField, PasswordField, SubmitButton } from '../ui/FormFields.tsx';
import { SESSION_EXPIRED_KEY } from '../api/client.ts';
import { useFormSubmit } from '../ui/useFormSubmit.ts';
import { AuthCard } from './AuthCard.tsx';
import { useAuth } from './AuthContext.tsx';
import { AuthFooterLink, AuthForm, AuthIntro } from './AuthForm.tsx';
import { isUnverifiedEmailError, loginTexts as texts } from './loginTexts.ts';
import { ResetRequestForm } from './ResetRequestForm.tsx';
import { pathAfterSignIn, signInNotice } from './returnTo.ts';

/** A failed login; an address not verified yet gets a warning with the way to verification. */
function LoginError({ error }: { error: string }) {
  if (!isUnverifiedEmailError(error)) return <Alert severity="error">{error}</Alert>;
  return (
    <Alert severity="warning">
      {texts.unverified}{' '}
      <Link component={RouterLink} to="/verify-email">
        {texts.verifyLink}
      </Link>
    </Alert>
  );
}

/** `focusEmail`: put the cursor in the e-mail field, for when the visitor comes back from the reset form. */
function LoginForm({ onForgotPassword, focusEmail }: { onForgotPassword: () => void; focusEmail: boolean }) {
  const { login } = useAuth();
  const navigate = useNavigate();
  const { state } = useLocation();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const form = useFormSubmit({
    run: () => login(email.trim(), password),
    failure: (failure) => (failure instanceof Error ? failure.message : null),
    onSuccess: () => void navigate(pathAfterSignIn(state), { replace: true }),
  });

  return (
    <AuthForm id="login-heading" heading={texts.heading} onSubmit={form.submit}>
      <AuthIntro>{texts.intro}</AuthIntro>
      <Stack spacing={2.5}>
        {form.error !== null && <LoginError error={form.error} />}
        <EmailField label={texts.email} autoComplete="email" autoFocus={focusEmail} required value={email} onChange={setEmail} />
        <PasswordField label={texts.password} value={password} onChange={setPassword} />
        <Box sx={{ display: 'flex', justifyContent: 'flex-end', mt: '8px !important' }}>
          <Button variant="text" size="small" onClick={onForgotPassword}>
            {texts.forgotPassword}
          </Button>
        </Box>
        <SubmitButton size="large" fullWidth busy={form.busy || form.done} label={texts.submit} busyLabel={texts.submitting} />
        <AuthFooterLink lead={texts.noAccount} to="/signup" label={texts.signUp} />
      </Stack>
    </AuthForm>
  );
}

/** Why the browser was sent here, when a 401 did it: read once, so a reload or a later visit does not repeat it. */
function takeExpiredNotice(): string | null {
  const notice = localStorage.getItem(SESSION_EXPIRED_KEY);
  localStorage.removeItem(SESSION_EXPIRED_KEY);
  return notice;
}

export default function LoginPage() {
  const [resetting, setResetting] = useState(false);
  const [returnedFromReset, setReturnedFromReset] = useState(false);
  const [expired] = useState(takeExpiredNotice);
  const { state } = useLocation();
  const notice = signInNotice(state);
  return (
    <AuthCard>
      <title>{texts.pageTitle}</title>
      {expired !== null && !resetting && (
        <Alert severity="info" sx={{ mb: 2 }}>
          {expired}
        </Alert>
      )}
      {notice !== null && !resetting && (
        <Alert severity="info" sx={{ mb: 2 }}>
          {notice}
        </Alert>
      )}
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
