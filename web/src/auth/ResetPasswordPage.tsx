import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { useEffect, useMemo, useState } from 'react';
import { Link as RouterLink, useLocation, useNavigate } from 'react-router';
import { api } from '../api/browser.ts';
import { FormError, NewPasswordFields, SubmitButton } from '../ui/FormFields.tsx';
import { useFormSubmit } from '../ui/useFormSubmit.ts';
import { AuthCard } from './AuthCard.tsx';
import { useAuth } from './AuthContext.tsx';
import { AuthFooterLink, AuthForm, AuthIntro } from './AuthForm.tsx';
import {
  readResetLink,
  RESET_REDIRECT_MS,
  resetFailureMessage,
  resetPasswordProblem,
  resetPasswordTexts as texts,
  updateType,
} from './resetPassword.ts';

/** The spec's "States and transitions": the form, then success (and the login page after 3 s) or an error. */
export default function ResetPasswordPage() {
  const { refresh } = useAuth();
  const location = useLocation();
  const navigate = useNavigate();
  const link = useMemo(() => readResetLink(location.search), [location.search]);
  const [password, setPassword] = useState('');
  const [confirmation, setConfirmation] = useState('');
  const form = useFormSubmit({
    check: () => resetPasswordProblem(password, confirmation, link),
    // The link's token_hash is the bearer token here, never the stored authToken.
    run: () => api.withToken(link.tokenHash ?? '').POST('/auth/update-user', { body: { password, type: updateType(link) } }),
    failure: resetFailureMessage,
    onSuccess: () => {
      setPassword('');
      setConfirmation('');
      // A reset ends every session of the account: let the login page see that nobody is signed in any more.
      void refresh();
    },
  });

  useEffect(() => {
    if (!form.done) return;
    const timer = window.setTimeout(() => void navigate('/login', { replace: true }), RESET_REDIRECT_MS);
    return () => window.clearTimeout(timer);
  }, [form.done, navigate]);

  // Without a token_hash the form cannot succeed: say so straight away, not only after the first submit.
  const shownError = form.error ?? (link.tokenHash === null ? texts.noToken : null);

  return (
    <AuthCard>
      <title>{texts.pageTitle}</title>
      {/* noValidate: the spec's own messages, not the browser's, explain a missing or short password. */}
      <AuthForm id="reset-password-heading" heading={texts.heading} noValidate onSubmit={form.submit}>
        {form.done ? (
          <Stack spacing={3} sx={{ mt: 2 }}>
            <Alert severity="success">{texts.success}</Alert>
            <Button component={RouterLink} to="/login" replace variant="contained">
              {texts.goToLogin}
            </Button>
          </Stack>
        ) : (
          <>
            <AuthIntro>{texts.intro}</AuthIntro>
            <Stack spacing={2.5}>
              <FormError error={shownError} />
              <NewPasswordFields
                texts={texts}
                name="password"
                autoFocus
                password={password}
                confirmation={confirmation}
                onPassword={setPassword}
                onConfirmation={setConfirmation}
              />
              <SubmitButton size="large" fullWidth busy={form.busy} label={texts.submit} busyLabel={texts.submitting} />
              <AuthFooterLink to="/login" label={texts.backToLogin} />
            </Stack>
          </>
        )}
      </AuthForm>
    </AuthCard>
  );
}
