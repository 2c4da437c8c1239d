import { ApiError } from '../api/client.ts';
import { isLongEnough } from './passwordRules.ts';

/** Every text of the set-a-new-password page (/reset-password). */
export const resetPasswordTexts = {
  pageTitle: 'Reset password · Tickscribe',
  heading: 'Set a new password',
  intro: 'Choose a new password for your Tickscribe account.',
  newPassword: 'New Password',
  confirmPassword: 'Confirm New Password',
  passwordHint: 'At least 6 characters',
  submit: 'Reset Password',
  submitting: 'Resetting...',
  bothRequired: 'Please enter and confirm your new password.',
  mismatch: 'Passwords do not match',
  tooShort: 'Password must be at least 6 characters long',
  noToken: 'No access token found in URL. Please request a new password reset link.',
  success: 'Your password has been reset successfully! You will be redirected to the login page shortly.',
  updateFailed: 'Failed to update password',
  resetFailed: 'Failed to reset password',
  goToLogin: 'Go to login',
  backToLogin: 'Back to login',
} as const;

/** The spec's "Business constants and limits": the wait before the login page opens after a successful reset. */
export const RESET_REDIRECT_MS = 3000;

/** The values of a reset link (/reset-password?token_hash=...&type=recovery); missing or empty is null. */
export interface ResetLink {
  tokenHash: string | null;
  type: string | null;
}

export function readResetLink(search: string): ResetLink {
  const params = new URLSearchParams(search);
  const read = (name: string) => params.get(name)?.trim() || null;
  return { tokenHash: read('token_hash'), type: read('type') };
}

/** The type sent to POST /auth/update-user: the link's, else `recovery`, the only type reset links carry. */
export function updateType(link: ResetLink): string {
  return link.type ?? 'recovery';
}

/** The first problem with the form, in the order the user can fix them, or null when it can be sent. */
export function resetPasswordProblem(password: string, confirmation: string, link: ResetLink): string | null {
  if (password === '' || confirmation === '') return resetPasswordTexts.bothRequired;
  if (password !== confirmation) return resetPasswordTexts.mismatch;
  if (!isLongEnough(password)) return resetPasswordTexts.tooShort;
  if (link.tokenHash === null) return resetPasswordTexts.noToken;
  return null;
}

/** The server's error text; else 'Failed to update password' for an answer without one, else 'Failed to reset password'. */
export function resetFailureMessage(error: unknown): string {
  if (error instanceof ApiError) return error.serverText ?? resetPasswordTexts.updateFailed;
  return resetPasswordTexts.resetFailed;
}
