import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useState } from 'react';
import type { User } from '../auth/user.ts';
import { EmailField, FormError, SubmitButton, TextInput } from '../ui/FormFields.tsx';
import { Panel } from '../ui/Panel.tsx';
import { useFormSubmit } from '../ui/useFormSubmit.ts';
import { SUCCESS_BANNER_MS, useTimedMessage } from '../ui/useTimedMessage.ts';
import { PROFILE_SAVE_MS, settingsTexts } from './texts.ts';

const texts = settingsTexts.profile;
/** The only language the app offers (the spec's "Screens and routes": fixed to en). */
const LANGUAGE = 'en';

/** The profile form: name, the read-only address and the language. */
export function ProfileSettings({ user }: { user: User }) {
  const [fullName, setFullName] = useState(user.fullName ?? '');
  const success = useTimedMessage(SUCCESS_BANNER_MS);
  const form = useFormSubmit({
    onSubmit: success.clear,
    // The spec simulates the save: a one-second wait, no call to the server.
    run: () => new Promise((resolve) => window.setTimeout(resolve, PROFILE_SAVE_MS)),
    failure: () => texts.failed,
    onSuccess: () => success.show(texts.saved),
  });

  return (
    <Panel id="profile-heading" heading={texts.heading}>
      <Stack component="form" onSubmit={form.submit} spacing={2.5} aria-labelledby="profile-heading">
        <FormError error={form.error} />
        {success.message !== null && <Alert severity="success">{success.message}</Alert>}
        <TextInput label={texts.fullName} name="fullName" autoComplete="name" value={fullName} onChange={setFullName} />
        <EmailField label={texts.email} name="email" value={user.email} helperText={texts.emailHint} />
        <TextField select label={texts.language} name="language" fullWidth value={LANGUAGE} disabled>
          <MenuItem value={LANGUAGE}>{texts.english}</MenuItem>
        </TextField>
        <Box>
          <SubmitButton busy={form.busy} label={texts.save} busyLabel={texts.saving} sx={{ width: { xs: '100%', sm: 'auto' } }} />
        </Box>
      </Stack>
    </Panel>
  );
}
