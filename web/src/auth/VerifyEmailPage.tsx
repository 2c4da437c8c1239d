import CheckCircleOutlineIcon from '@mui/icons-material/CheckCircleOutlineOutlined';
import MarkEmailUnreadOutlinedIcon from '@mui/icons-material/MarkEmailUnreadOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useEffect, useMemo, useState } from 'react';
import { Link as RouterLink, Navigate, useLocation, useNavigate } from 'react-router';
import { api } from '../api/browser.ts';
import { PageLoader } from '../ui/PageLoader.tsx';
import { AuthCard } from './AuthCard.tsx';
import { useAuth } from './AuthContext.tsx';
import {
  readVerificationLink,
  VERIFIED_REDIRECT_MS,
  verificationStep,
  verifyEmailTexts as texts,
} from './verification.ts';

/** The answer of one verification attempt; a newer attempt (Try Again) shows the spinner until it has its own. */
type Outcome = { attempt: number; verified: true } | { attempt: number; verified: false; message: string };

const headingSx = { fontSize: '1.75rem', mb: 1 } as const;

/** The signup page passes the address along, so the panel can name it. */
function emailFromState(state: unknown): string | null {
  if (state === null || typeof state !== 'object') return null;
  const email = (state as Record<string, unknown>).email;
  return typeof email === 'string' && email !== '' ? email : null;
}

function CheckInboxPanel({ email }: { email: string | null }) {
  return (
    <Box component="section" aria-labelledby="verify-heading">
      <MarkEmailUnreadOutlinedIcon color="primary" sx={{ fontSize: 48, mb: 1 }} aria-hidden />
      <Typography id="verify-heading" variant="h1" sx={headingSx}>
        {texts.checkInboxHeading}
      </Typography>
      <Alert severity="info" sx={{ mt: 2 }}>
        <Typography sx={{ mb: 1, overflowWrap: 'anywhere' }}>
          {email ? texts.checkInboxFor(email) : texts.checkInbox}
        </Typography>
        <Typography>{texts.checkSpam}</Typography>
      </Alert>
      <Typography variant="body2" sx={{ mt: 3, textAlign: 'center' }}>
        <Link component={RouterLink} to="/login">
          {texts.backToLogin}
        </Link>
      </Typography>
    </Box>
  );
}

export default function VerifyEmailPage() {
  const { user, loading, refresh } = useAuth();
  const location = useLocation();
  const navigate = useNavigate();
  const step = useMemo(
    () => verificationStep(readVerificationLink(location.hash, location.search)),
    [location.hash, location.search],
  );
  const [attempt, setAttempt] = useState(0);
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const token = step.kind === 'verify' ? step.token : null;

  // A valid link: keep its session token as the authToken and look the user up with it.
  useEffect(() => {
    if (token === null) return;
    let active = true;
    api.setToken(token);
    void refresh().then((verifiedUser) => {
      if (!active) return;
      if (verifiedUser) {
        setOutcome({ attempt, verified: true });
      } else {
        api.clearToken();
        setOutcome({ attempt, verified: false, message: texts.verificationFailed });
      }
    });
    return () => {
      active = false;
    };
  }, [token, attempt, refresh]);

  const current = outcome?.attempt === attempt && token !== null ? outcome : null;
  const verified = current?.verified === true;

  useEffect(() => {
    if (!verified) return;
    const timer = window.setTimeout(() => void navigate('/dashboard', { replace: true }), VERIFIED_REDIRECT_MS);
    return () => window.clearTimeout(timer);
  }, [verified, navigate]);

  // Someone already signed in has nothing to verify; the outcome of a link is shown first, though.
  if (step.kind !== 'verify') {
    if (loading) return <PageLoader />;
    if (user) return <Navigate to="/dashboard" replace />;
  }

  const errorMessage =
    step.kind === 'error' ? step.message : current && !current.verified ? current.message : null;

  const tryAgain = () => {
    // Only a token can be tried again; an error from the link itself needs a new link, so back to signup.
    if (step.kind === 'verify') setAttempt((previous) => previous + 1);
    else void navigate('/signup');
  };

  let content;
  if (step.kind === 'none') {
    content = <CheckInboxPanel email={emailFromState(location.state)} />;
  } else if (errorMessage !== null) {
    content = (
      <Box component="section" aria-labelledby="verify-heading">
        <Typography id="verify-heading" variant="h1" sx={headingSx}>
          {texts.errorHeading}
        </Typography>
        <Alert severity="error" sx={{ mt: 2, overflowWrap: 'anywhere' }}>
          {errorMessage}
        </Alert>
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5} sx={{ mt: 3 }}>
          <Button component={RouterLink} to="/login" variant="contained" fullWidth>
            {texts.returnToLogin}
          </Button>
          <Button variant="outlined" fullWidth onClick={tryAgain}>
            {texts.tryAgain}
          </Button>
        </Stack>
      </Box>
    );
  } else if (verified) {
    content = (
      <Box component="section" aria-labelledby="verify-heading" sx={{ textAlign: 'center' }}>
        <CheckCircleOutlineIcon color="success" sx={{ fontSize: 56, mb: 1 }} aria-hidden />
        <Typography id="verify-heading" variant="h1" sx={headingSx}>
          {texts.successHeading}
        </Typography>
        <Alert severity="success" sx={{ mt: 2, textAlign: 'left' }}>
          {texts.success}
        </Alert>
        <Button component={RouterLink} to="/dashboard" replace variant="contained" sx={{ mt: 3 }}>
          {texts.goToDashboard}
        </Button>
      </Box>
    );
  } else {
    content = (
      <Box component="section" aria-labelledby="verify-heading" aria-busy sx={{ textAlign: 'center' }}>
        <Typography id="verify-heading" variant="h1" sx={headingSx}>
          {texts.verifyingHeading}
        </Typography>
        <CircularProgress aria-hidden sx={{ my: 2 }} />
        <Typography color="textSecondary">{texts.verifying}</Typography>
      </Box>
    );
  }

  return (
    <AuthCard>
      <title>{texts.pageTitle}</title>
      {content}
    </AuthCard>
  );
}
