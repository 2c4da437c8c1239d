import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import { useState } from 'react';
import { Link as RouterLink, useNavigate } from 'react-router';
import { SubmitButton } from '../ui/FormFields.tsx';
import { useFormSubmit } from '../ui/useFormSubmit.ts';
import { AuthCard } from './AuthCard.tsx';
import { useAuth } from './AuthContext.tsx';
import { AuthFooterLink, AuthForm, AuthIntro } from './AuthForm.tsx';
import { NewAccountFields } from './NewAccountFields.tsx';
import { authTexts } from './texts.ts';

const texts = {
  pageTitle: 'Sign up · Tickscribe',
  heading: 'Create your Tickscribe account',
  intro: 'Turn your next meeting into tickets in a few minutes.',
  submit: 'Sign Up',
  submitting: 'Creating account...',
  errorTitle: 'Signup Error',
  loginInstead: 'Log in instead',
  haveAccount: 'Already have an account?',
  logIn: 'Log in',
} as const;

function SignupError({ error }: { error: string }) {
  return (
    <Alert severity="error">
      <AlertTitle>{texts.errorTitle}</AlertTitle>
      {error}
      {error.includes('already exists') && (
        <>
          {' '}
          <Link component={RouterLink} to="/login">
            {texts.loginInstead}
          </Link>
        </>
      )}
    </Alert>
  );
}

export default function SignupPage() {
  const { signup } = useAuth();
  const navigate = useNavigate();
  const [fullName, setFullName] = useState('');
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const form = useFormSubmit({
    run: () => signup(fullName.trim(), email.trim(), password),
    failure: (failure) => (failure instanceof Error && failure.message !== '' ? failure.message : authTexts.signupFailed),
    // The verification page names the address the link went to.
    onSuccess: () => void navigate('/verify-email', { replace: true, state: { email: email.trim() } }),
  });

  return (
    <AuthCard>
      <title>{texts.pageTitle}</title>
      <AuthForm id="signup-heading" heading={texts.heading} onSubmit={form.submit}>
        <AuthIntro>{texts.intro}</AuthIntro>
        <Stack spacing={2.5}>
          {form.error !== null && <SignupError error={form.error} />}
          <NewAccountFields
            fullName={fullName}
            onFullName={setFullName}
            email={email}
            onEmail={setEmail}
            password={password}
            onPassword={setPassword}
          />
          <SubmitButton size="large" fullWidth busy={form.busy || form.done} label={texts.submit} busyLabel={texts.submitting} />
          <AuthFooterLink lead={texts.haveAccount} to="/login" label={texts.logIn} />
        </Stack>
      </AuthForm>
    </AuthCard>
  );
}
