import { ApiError } from '../api/client.ts';
import { isLongEnough } from '../auth/passwordRules.ts';
import { settingsTexts } from './texts.ts';

const texts = settingsTexts.security;

export interface PasswordChange {
  currentPassword: string;
  newPassword: string;
  confirmation: string;
}

/** The first problem with the change-password form, or null when it can be sent. */
export function changePasswordProblem({ currentPassword, newPassword, confirmation }: PasswordChange): string | null {
  if (currentPassword === '' || newPassword === '' || confirmation === '') return texts.allRequired;
  if (newPassword !== confirmation) return texts.mismatch;
  if (!isLongEnough(newPassword)) return texts.tooShort;
  return null;
}

/** The server's error text, else 'Failed to change password'. */
export function changePasswordFailureMessage(error: unknown): string {
  return (error instanceof ApiError ? error.serverText : undefined) ?? texts.failed;
}
