import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { useState } from 'react';
import { api } from '../api/browser.ts';
import { ApiError } from '../api/client.ts';
import { EmailField, FormError, SubmitButton } from '../ui/FormFields.tsx';
import { useFormSubmit } from '../ui/useFormSubmit.ts';
import { AuthForm, AuthIntro } from './AuthForm.tsx';
import { loginTexts as texts } from './loginTexts.ts';

/** The login page's "Forgot your password?" form: asks for a reset link by e-mail. */
export function ResetRequestForm({ onBack }: { onBack: () => void }) {
  const [email, setEmail] = useState('');
  const form = useFormSubmit({
    check: () => (email.trim() === '' ? texts.resetEmailRequired : null),
    run: () => api.POST('/auth/reset-password', { body: { email: email.trim() } }),
    failure: (failure) => (failure instanceof ApiError ? (failure.serverText ?? texts.resetFailed) : texts.resetFailed),
  });

  return (
    <AuthForm id="reset-heading" heading={texts.resetHeading} noValidate onSubmit={form.submit}>
      {form.done ? (
        <Stack spacing={3} sx={{ mt: 2 }}>
          <Alert severity="success">{texts.resetSent}</Alert>
          <Button variant="contained" autoFocus onClick={onBack}>
            {texts.returnToLogin}
          </Button>
        </Stack>
      ) : (
        <>
          <AuthIntro>{texts.resetIntro}</AuthIntro>
          <Stack spacing={2.5}>
            <FormError error={form.error} />
            <EmailField label={texts.email} autoComplete="email" autoFocus value={email} onChange={setEmail} />
            <SubmitButton size="large" fullWidth busy={form.busy} label={texts.resetSubmit} busyLabel={texts.resetSubmitting} />
            <Button variant="text" onClick={onBack}>
              {texts.backToLogin}
            </Button>
          </Stack>
        </>
      )}
    </AuthForm>
  );
}
