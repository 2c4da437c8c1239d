import { EmailField, PasswordField, TextInput } from '../ui/FormFields.tsx';
import { MIN_PASSWORD_LENGTH } from './passwordRules.ts';

/** The labels of a new account's fields, the same wherever one is made. */
export const newAccountTexts = {
  fullName: 'Full name',
  email: 'Email',
  password: 'Password',
  passwordHint: 'Password must be at least 6 characters',
} as const;

export interface NewAccountFieldsProps {
  fullName: string;
  onFullName(value: string): void;
  email: string;
  /** Left out when the address is given (an invitation's): it is shown read-only, with `emailHint` under it. */
  onEmail?(value: string): void;
  emailHint?: string;
  password: string;
  onPassword(value: string): void;
}

/** Full name, e-mail address and password of a new account: the sign-up page's, and an invitation's. */
export function NewAccountFields({ fullName, onFullName, email, onEmail, emailHint, password, onPassword }: NewAccountFieldsProps) {
  return (
    <>
      <TextInput label={newAccountTexts.fullName} name="fullName" autoComplete="name" required value={fullName} onChange={onFullName} />
      <EmailField
        label={newAccountTexts.email}
        name="email"
        autoComplete={onEmail ? 'email' : 'username'}
        required={onEmail !== undefined}
        value={email}
        onChange={onEmail}
        helperText={emailHint}
      />
      <PasswordField
        isNew
        label={newAccountTexts.password}
        name="password"
        helperText={newAccountTexts.passwordHint}
        minLength={MIN_PASSWORD_LENGTH}
        value={password}
        onChange={onPassword}
      />
    </>
  );
}
