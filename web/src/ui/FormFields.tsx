import Alert from '@mui/material/Alert';
import Button, { type ButtonProps } from '@mui/material/Button';
import TextField from '@mui/material/TextField';

export interface TextInputProps {
  label: string;
  value: string;
  /** Left out for a read-only field. */
  onChange?(value: string): void;
  name?: string;
  type?: 'text' | 'email' | 'password';
  autoComplete?: string;
  required?: boolean;
  autoFocus?: boolean;
  helperText?: string;
  minLength?: number;
}

/** A full-width text input of the account forms (login, signup, password reset, settings). */
export function TextInput({ onChange, minLength, ...props }: TextInputProps) {
  return (
    <TextField
      {...props}
      fullWidth
      onChange={onChange && ((event) => onChange(event.target.value))}
      slotProps={{ htmlInput: { minLength, readOnly: onChange === undefined ? true : undefined } }}
    />
  );
}

/** An e-mail address input; without `onChange` it shows the address read-only. */
export function EmailField(props: Omit<TextInputProps, 'type'>) {
  return <TextInput type="email" {...props} />;
}

/** A password input: the current password, or a new one that password managers may suggest. */
export function PasswordField(props: Omit<TextInputProps, 'type' | 'autoComplete'> & { isNew?: boolean }) {
  const { isNew = false, ...rest } = props;
  return <TextInput type="password" autoComplete={isNew ? 'new-password' : 'current-password'} required {...rest} />;
}

export interface NewPasswordFieldsProps {
  texts: { newPassword: string; confirmPassword: string; passwordHint: string };
  /** The new password input's name (the confirmation's is confirmPassword). */
  name: string;
  password: string;
  confirmation: string;
  onPassword(value: string): void;
  onConfirmation(value: string): void;
  autoFocus?: boolean;
}

/** A new password and its confirmation (password reset and change); the form checks that they match. */
export function NewPasswordFields(props: NewPasswordFieldsProps) {
  const { texts, name, password, confirmation, onPassword, onConfirmation, autoFocus } = props;
  return (
    <>
      <PasswordField isNew label={texts.newPassword} name={name} autoFocus={autoFocus} helperText={texts.passwordHint} value={password} onChange={onPassword} />
      <PasswordField isNew label={texts.confirmPassword} name="confirmPassword" value={confirmation} onChange={onConfirmation} />
    </>
  );
}

/** A form's submit button, which says what it is doing and cannot be pressed again meanwhile. */
export function SubmitButton({ busy, label, busyLabel, ...props }: Omit<ButtonProps, 'type' | 'children'> & { busy: boolean; label: string; busyLabel: string }) {
  return (
    <Button type="submit" variant="contained" disabled={busy} {...props}>
      {busy ? busyLabel : label}
    </Button>
  );
}

/** A red banner with what went wrong, when something did. */
export function FormError({ error }: { error: string | null }) {
  return error === null ? null : <Alert severity="error">{error}</Alert>;
}
