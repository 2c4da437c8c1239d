import Box from '@mui/material/Box';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { failureText } from '../api/client.ts';
import { FormError, SubmitButton } from '../ui/FormFields.tsx';
import { useFormSubmit } from '../ui/useFormSubmit.ts';
import { WORKSPACE_NAME_MAX, workspaceNameProblem } from './CreateWorkspaceDialog.tsx';
import { roleLabels, workspaceTexts } from './texts.ts';
import { workspacesApi, type Invitation, type MemberRole, type WorkspaceSummary } from './workspacesApi.ts';

const texts = workspaceTexts.members;
const buttonWidth = { width: { xs: '100%', sm: 'auto' }, flexShrink: 0 } as const;
/** A form's fields and its button: in a row, stacked on phones. */
const fieldsRow = { display: 'flex', flexDirection: { xs: 'column', sm: 'row' }, alignItems: { xs: 'stretch', sm: 'flex-start' }, gap: 2 } as const;

/** The workspace's name, which an admin or the owner can change. */
export function WorkspaceNameForm({ workspace, onRenamed }: { workspace: WorkspaceSummary; onRenamed(workspace: WorkspaceSummary): void }) {
  const [name, setName] = useState(workspace.name);
  const form = useFormSubmit({
    check: () => workspaceNameProblem(name),
    run: () => workspacesApi.rename(name.trim()),
    failure: (error) => failureText(error, texts.renameFailed),
    onSuccess: onRenamed,
  });
  return (
    <Stack component="form" noValidate onSubmit={form.submit} spacing={2}>
      <FormError error={form.error} />
      <Box sx={fieldsRow}>
        <TextField
          label={texts.name}
          name="workspaceName"
          value={name}
          onChange={(event) => setName(event.target.value)}
          required
          fullWidth
          size="small"
          slotProps={{ htmlInput: { maxLength: WORKSPACE_NAME_MAX + 20 } }}
        />
        <SubmitButton busy={form.busy} label={texts.rename} busyLabel={texts.renaming} sx={{ ...buttonWidth, mt: { sm: 0.25 } }} />
      </Box>
    </Stack>
  );
}

/** Invite by e-mail address as an admin or a member; the server e-mails the link. */
export function InviteForm({ onInvited }: { onInvited(invitation: Invitation): void }) {
  const [email, setEmail] = useState('');
  const [role, setRole] = useState<MemberRole>('member');
  const form = useFormSubmit({
    check: () => (email.trim() === '' ? texts.emailRequired : null),
    run: () => workspacesApi.invite(email.trim(), role),
    failure: (error) => failureText(error, texts.inviteFailed),
    onSuccess: (invitation) => {
      setEmail('');
      setRole('member');
      onInvited(invitation);
    },
  });
  return (
    <Stack component="form" noValidate onSubmit={form.submit} spacing={2} aria-label={texts.inviteHeading}>
      <Typography color="textSecondary">{texts.inviteIntro}</Typography>
      <FormError error={form.error} />
      <Box sx={fieldsRow}>
        <TextField
          label={texts.email}
          name="email"
          type="email"
          autoComplete="off"
          value={email}
          onChange={(event) => setEmail(event.target.value)}
          required
          fullWidth
          size="small"
        />
        <TextField
          select
          label={texts.role}
          name="role"
          value={role}
          onChange={(event) => setRole(event.target.value as MemberRole)}
          size="small"
          sx={{ width: { xs: '100%', sm: 150 }, flexShrink: 0 }}
        >
          <MenuItem value="member">{roleLabels.member}</MenuItem>
          <MenuItem value="admin">{roleLabels.admin}</MenuItem>
        </TextField>
        <SubmitButton busy={form.busy} label={texts.invite} busyLabel={texts.inviting} sx={{ ...buttonWidth, mt: { sm: 0.25 } }} />
      </Box>
    </Stack>
  );
}
