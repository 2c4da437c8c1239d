import GroupAddOutlinedIcon from '@mui/icons-material/GroupAddOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { Link as RouterLink, useNavigate, useParams } from 'react-router';
import { ApiError, failureText } from '../api/client.ts';
import { queryKeys } from '../api/queryKeys.ts';
import { AuthCard } from '../auth/AuthCard.tsx';
import { useAuth } from '../auth/AuthContext.tsx';
import { NewAccountFields } from '../auth/NewAccountFields.tsx';
import type { ReturnTo } from '../auth/returnTo.ts';
import type { User } from '../auth/user.ts';
import { formatDateTime } from '../ui/dates.ts';
import { FormError, SubmitButton } from '../ui/FormFields.tsx';
import { PageLoader } from '../ui/PageLoader.tsx';
import { workspaceTexts } from './texts.ts';
import { useSwitchWorkspace } from './useWorkspace.ts';
import { workspacesApi, type InvitationView, type WorkspaceSummary } from './workspacesApi.ts';

const texts = workspaceTexts.invitation;
const headingSx = { fontSize: '1.75rem', mb: 1, overflowWrap: 'anywhere' } as const;

/** The e-mail addresses compare as the server compares them: without regard to case. */
const sameAddress = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();

/** Who invited whom to what, and until when. */
function InvitationSummary({ invitation }: { invitation: InvitationView }) {
  return (
    <>
      <GroupAddOutlinedIcon color="primary" sx={{ fontSize: 48, mb: 1 }} aria-hidden />
      <Typography id="invitation-heading" variant="h1" sx={headingSx}>
        {texts.heading(invitation.workspaceName)}
      </Typography>
      <Typography sx={{ mb: 1, overflowWrap: 'anywhere' }}>
        {texts.invited(invitation.invitedBy, invitation.workspaceName, invitation.role)}
      </Typography>
      <Typography variant="body2" color="textSecondary" sx={{ mb: 3, overflowWrap: 'anywhere' }}>
        {texts.sentTo(invitation.email, formatDateTime(invitation.expiresAt))}
      </Typography>
    </>
  );
}

/** Signed in with another address: the server's words, and signing out to come back here as someone else. */
function OtherAddress({ invitation, user, token, refusal }: { invitation: InvitationView; user: User; token: string; refusal: string | null }) {
  const { logout } = useAuth();
  const signOut = useMutation({ mutationFn: () => logout(`/invitations/${token}`) });
  return (
    <Stack spacing={2}>
      <Alert severity="warning" sx={{ overflowWrap: 'anywhere' }}>
        {refusal ?? texts.otherAddress(invitation.email)}
      </Alert>
      <Typography sx={{ overflowWrap: 'anywhere' }}>{texts.signedInAs(user.email)}</Typography>
      <FormError error={signOut.isError ? failureText(signOut.error, texts.signOutFailed) : null} />
      <Button variant="contained" size="large" fullWidth disabled={signOut.isPending} onClick={() => signOut.mutate()}>
        {signOut.isPending ? texts.signingOut : texts.signOut}
      </Button>
    </Stack>
  );
}

/** Signed out, with an account for the invited address: to the login page, which brings the browser back here. */
function SignInToAccept({ invitation, token }: { invitation: InvitationView; token: string }) {
  const returnTo: ReturnTo = { from: `/invitations/${token}`, notice: texts.signInNotice(invitation.workspaceName) };
  return (
    <Stack spacing={2}>
      <Typography sx={{ overflowWrap: 'anywhere' }}>{texts.signInIntro(invitation.email)}</Typography>
      <Button component={RouterLink} to="/login" state={returnTo} variant="contained" size="large" fullWidth>
        {texts.signIn}
      </Button>
    </Stack>
  );
}

interface NewAccount {
  fullName: string;
  password: string;
}

/** Signed out, with no account for the invited address: sign up with that address, fixed. */
function SignUpToAccept({ invitation, busy, error, onSubmit }: { invitation: InvitationView; busy: boolean; error: string | null; onSubmit(account: NewAccount): void }) {
  const [fullName, setFullName] = useState('');
  const [password, setPassword] = useState('');
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    onSubmit({ fullName: fullName.trim(), password });
  };
  return (
    <Stack component="form" spacing={2.5} onSubmit={submit} aria-labelledby="invitation-heading">
      <Typography color="textSecondary">{texts.signUpIntro}</Typography>
      <FormError error={error} />
      <NewAccountFields
        fullName={fullName}
        onFullName={setFullName}
        email={invitation.email}
        emailHint={texts.emailFixed}
        password={password}
        onPassword={setPassword}
      />
      <SubmitButton size="large" fullWidth busy={busy} label={texts.signUp} busyLabel={texts.signingUp} />
    </Stack>
  );
}

/** A link that cannot be used: the server's words (not valid, used, withdrawn, expired). */
function Unavailable({ message, signedIn }: { message: string; signedIn: boolean }) {
  return (
    <>
      <Typography id="invitation-heading" variant="h1" sx={headingSx}>
        {texts.unavailableHeading}
      </Typography>
      <Alert severity="error" sx={{ mt: 2, mb: 3 }}>
        {message}
      </Alert>
      <Typography variant="body2" sx={{ textAlign: 'center' }}>
        <Link component={RouterLink} to={signedIn ? '/dashboard' : '/'}>
          {signedIn ? texts.dashboard : texts.home}
        </Link>
      </Typography>
    </>
  );
}

/**
 * The invitation page (/invitations/:token), open to anyone with the link: who invited them to which workspace as
 * what; then, signed in with the invited address, Accept; with another address, why not and Sign out; signed out
 * with an account, Sign in (which comes back here); without one, a sign-up form for the invited address, whose
 * account is verified by the link, so it signs in at once. Joining moves the tab into the workspace, on its dashboard.
 */
export default function InvitationPage() {
  const { token = '' } = useParams();
  const { user, loading, signup, login } = useAuth();
  const navigate = useNavigate();
  const switchTo = useSwitchWorkspace();

  const joined = (workspace: WorkspaceSummary | null) => {
    if (workspace) switchTo(workspace, '/dashboard');
    else void navigate('/dashboard');
  };
  const accept = useMutation({ mutationFn: () => workspacesApi.accept(token), onSuccess: joined });
  const signUp = useMutation({
    mutationFn: async ({ account, invitation }: { account: NewAccount; invitation: InvitationView }) => {
      await signup(account.fullName, invitation.email, account.password, token);
      await login(invitation.email, account.password);
      // A new account belongs to its personal workspace and the one it was invited to.
      const workspaces = await workspacesApi.list();
      const team = workspaces.filter((workspace) => !workspace.personal);
      return team.find((workspace) => workspace.id === invitation.workspaceId) ?? team[0] ?? null;
    },
    onSuccess: joined,
  });
  // Once joining is under way the page says so until the dashboard opens: signing in after signing up changes the
  // user, and the invitation is used up. Until then the sign-up form stays, with what was typed.
  const joining = accept.isPending || accept.isSuccess || signUp.isSuccess || (signUp.isPending && user !== null);
  const invitation = useQuery({
    queryKey: queryKeys.workspaces.invitation(token),
    queryFn: () => workspacesApi.invitation(token),
    enabled: !joining,
  });
  const view = invitation.data;

  let content;
  if (joining) {
    content = (
      <Stack spacing={2} sx={{ alignItems: 'center', py: 4 }} role="status">
        <CircularProgress aria-hidden />
        <Typography>{texts.joining(signUp.variables?.invitation.workspaceName ?? view?.workspaceName ?? '')}</Typography>
      </Stack>
    );
  } else if (loading || invitation.isPending) {
    content = <PageLoader />;
  } else if (!view) {
    content = <Unavailable message={failureText(invitation.error, texts.loadFailed)} signedIn={user !== null} />;
  } else {
    // The server's refusal of an address other than the invited one.
    const refusal = accept.error instanceof ApiError && accept.error.status === 403 ? failureText(accept.error, texts.acceptFailed) : null;
    let action;
    if (user && (refusal !== null || !sameAddress(user.email, view.email))) {
      action = <OtherAddress invitation={view} user={user} token={token} refusal={refusal} />;
    } else if (user) {
      action = (
        <Stack spacing={2}>
          <FormError error={accept.isError ? failureText(accept.error, texts.acceptFailed) : null} />
          <Button variant="contained" size="large" fullWidth onClick={() => accept.mutate()}>
            {texts.accept}
          </Button>
        </Stack>
      );
    } else if (view.accountExists) {
      action = <SignInToAccept invitation={view} token={token} />;
    } else {
      action = (
        <SignUpToAccept
          invitation={view}
          busy={signUp.isPending}
          error={signUp.isError ? failureText(signUp.error, signUp.error.message || texts.signUpFailed) : null}
          onSubmit={(account) => signUp.mutate({ account, invitation: view })}
        />
      );
    }
    content = (
      <Box component="section" aria-labelledby="invitation-heading">
        <InvitationSummary invitation={view} />
        {action}
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
