import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { api } from '../api/browser.ts';
import { FormError, NewPasswordFields, PasswordField, SubmitButton } from '../ui/FormFields.tsx';
import { Panel } from '../ui/Panel.tsx';
import { useFormSubmit } from '../ui/useFormSubmit.ts';
import { SUCCESS_BANNER_MS, useTimedMessage } from '../ui/useTimedMessage.ts';
import { changePasswordFailureMessage, changePasswordProblem } from './changePassword.ts';
import { settingsTexts } from './texts.ts';

const texts = settingsTexts.security;

/** The change-password form; the user's other sessions end, this one stays. */
export function AccountSecurity({ email }: { email: string }) {
  const [currentPassword, setCurrentPassword] = useState('');
  const [newPassword, setNewPassword] = useState('');
  const [confirmation, setConfirmation] = useState('');
  const success = useTimedMessage(SUCCESS_BANNER_MS);
  const form = useFormSubmit({
    onSubmit: success.clear,
    check: () => changePasswordProblem({ currentPassword, newPassword, confirmation }),
    run: () => api.POST('/auth/change-password', { body: { currentPassword, newPassword } }),
    failure: changePasswordFailureMessage,
    onSuccess: () => {
      setCurrentPassword('');
      setNewPassword('');
      setConfirmation('');
      success.show(texts.changed);
    },
  });

  return (
    <Panel id="security-heading" heading={texts.heading}>
      {/* noValidate: the spec's own messages, not the browser's, explain a missing or short password. */}
      <Stack component="form" noValidate onSubmit={form.submit} spacing={2.5} aria-labelledby="change-password-heading">
        <Typography id="change-password-heading" variant="h3" sx={{ fontSize: '1.05rem' }}>
          {texts.changePasswordHeading}
        </Typography>
        {/* Lets password managers file the new password under the right account. */}
        <input type="email" name="username" autoComplete="username" value={email} readOnly hidden />
        <FormError error={form.error} />
        {success.message !== null && <Alert severity="success">{success.message}</Alert>}
        <PasswordField label={texts.currentPassword} name="currentPassword" value={currentPassword} onChange={setCurrentPassword} />
        <NewPasswordFields
          texts={texts}
          name="newPassword"
          password={newPassword}
          confirmation={confirmation}
          onPassword={setNewPassword}
          onConfirmation={setConfirmation}
        />
        <Box>
          <SubmitButton busy={form.busy} label={texts.submit} busyLabel={texts.submitting} sx={{ width: { xs: '100%', sm: 'auto' } }} />
        </Box>
      </Stack>
    </Panel>
  );
}
