import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState, type FormEvent } from 'react';
import { Link as RouterLink, useNavigate } from 'react-router';
import { AuthCard } from './AuthCard.tsx';
import { useAuth } from './AuthContext.tsx';
import { MIN_PASSWORD_LENGTH } from './passwordRules.ts';
import { authTexts } from './texts.ts';

const texts = {
  pageTitle: 'Sign up · Tickscribe',
  heading: 'Create your Tickscribe account',
  intro: 'Turn your next meeting into tickets in a few minutes.',
  fullName: 'Full name',
  email: 'Email',
  password: 'Password',
  passwordHint: 'Password must be at least 6 characters',
  submit: 'Sign Up',
  submitting: 'Creating account...',
  errorTitle: 'Signup Error',
  loginInstead: 'Log in instead',
  haveAccount: 'Already have an account?',
  logIn: 'Log in',
} as const;

export default function SignupPage() {
  const { signup } = useAuth();
  const navigate = useNavigate();
  const [fullName, setFullName] = useState('');
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setError(null);
    setSubmitting(true);
    try {
      const address = email.trim();
      const outcome = await signup(fullName.trim(), address, password);
      if (outcome === 'signed-in') void navigate('/dashboard', { replace: true });
      // The verification page names the address the link went to.
      else void navigate('/verify-email', { replace: true, state: { email: address } });
    } catch (failure) {
      setError(failure instanceof Error && failure.message !== '' ? failure.message : authTexts.signupFailed);
      setSubmitting(false);
    }
  };

  return (
    <AuthCard>
      <title>{texts.pageTitle}</title>
      <Box component="form" onSubmit={submit} aria-labelledby="signup-heading">
        <Typography id="signup-heading" variant="h1" sx={{ fontSize: '1.75rem', mb: 1 }}>
          {texts.heading}
        </Typography>
        <Typography color="text.secondary" sx={{ mb: 3 }}>
          {texts.intro}
        </Typography>
        <Stack spacing={2.5}>
          {error !== null && (
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
          )}
          <TextField
            label={texts.fullName}
            name="fullName"
            autoComplete="name"
            required
            fullWidth
            value={fullName}
            onChange={(event) => setFullName(event.target.value)}
          />
          <TextField
            label={texts.email}
            name="email"
            type="email"
            autoComplete="email"
            required
            fullWidth
            value={email}
            onChange={(event) => setEmail(event.target.value)}
          />
          <TextField
            label={texts.password}
            name="password"
            type="password"
            autoComplete="new-password"
            required
            fullWidth
            helperText={texts.passwordHint}
            slotProps={{ htmlInput: { minLength: MIN_PASSWORD_LENGTH } }}
            value={password}
            onChange={(event) => setPassword(event.target.value)}
          />
          <Button type="submit" variant="contained" size="large" fullWidth disabled={submitting}>
            {submitting ? texts.submitting : texts.submit}
          </Button>
          <Typography variant="body2" sx={{ textAlign: 'center' }}>
            {texts.haveAccount}{' '}
            <Link component={RouterLink} to="/login">
              {texts.logIn}
            </Link>
          </Typography>
        </Stack>
      </Box>
    </AuthCard>
  );
}
