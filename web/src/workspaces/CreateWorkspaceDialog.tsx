import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { failureText } from '../api/client.ts';
import { FormError } from '../ui/FormFields.tsx';
import { useFormSubmit } from '../ui/useFormSubmit.ts';
import { workspaceTexts } from './texts.ts';
import { useSwitchWorkspace } from './useWorkspace.ts';
import { refreshWorkspaces, workspacesApi } from './workspacesApi.ts';

const texts = workspaceTexts.create;
/** The contract's limit on a workspace name, after trimming. */
export const WORKSPACE_NAME_MAX = 100;

/** What is wrong with a workspace name as typed, or null. */
export function workspaceNameProblem(name: string): string | null {
  const trimmed = name.trim();
  if (trimmed === '') return texts.nameRequired;
  if (trimmed.length > WORKSPACE_NAME_MAX) return texts.nameTooLong;
  return null;
}

function CreateWorkspaceForm({ titleId, onClose }: { titleId: string; onClose(): void }) {
  const queryClient = useQueryClient();
  const switchTo = useSwitchWorkspace();
  const [name, setName] = useState('');
  const form = useFormSubmit({
    check: () => workspaceNameProblem(name),
    run: () => workspacesApi.create(name.trim()),
    failure: (error) => failureText(error, texts.failed),
    onSuccess: (workspace) => {
      onClose();
      void refreshWorkspaces(queryClient);
      // A new team workspace has nobody in it yet: the next step is inviting people.
      switchTo(workspace, '/workspace/members');
    },
  });

  return (
    <form noValidate onSubmit={form.submit}>
      <DialogTitle id={titleId}>{texts.title}</DialogTitle>
      <DialogContent>
        <Stack spacing={2.5}>
          <DialogContentText>{texts.intro}</DialogContentText>
          <FormError error={form.error} />
          <TextField
            label={texts.name}
            name="workspaceName"
            value={name}
            onChange={(event) => setName(event.target.value)}
            helperText={texts.nameHint}
            required
            autoFocus
            fullWidth
            slotProps={{ htmlInput: { maxLength: WORKSPACE_NAME_MAX + 20 } }}
          />
        </Stack>
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2, flexWrap: 'wrap', gap: 1 }}>
        <Button onClick={onClose} disabled={form.busy}>
          {texts.cancel}
        </Button>
        <Button type="submit" variant="contained" disabled={form.busy}>
          {form.busy ? texts.submitting : texts.submit}
        </Button>
      </DialogActions>
    </form>
  );
}

/** "Create workspace": a name, then the new workspace (the user its owner) becomes the tab's, on its members page. */
export function CreateWorkspaceDialog({ open, onClose }: { open: boolean; onClose(): void }) {
  const titleId = useId();
  // A fresh form each time the dialog opens: the closed one is replaced once it has faded out.
  const [round, setRound] = useState(0);
  return (
    <Dialog
      open={open}
      onClose={onClose}
      aria-labelledby={titleId}
      fullWidth
      maxWidth="xs"
      slotProps={{ transition: { onExited: () => setRound((count) => count + 1) } }}
    >
      <CreateWorkspaceForm key={round} titleId={titleId} onClose={onClose} />
    </Dialog>
  );
}
