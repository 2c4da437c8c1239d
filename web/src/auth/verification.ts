/** Every text of the e-mail verification page (/verify-email). */
export const verifyEmailTexts = {
  pageTitle: 'Verify your email · Tickscribe',
  checkInboxHeading: 'Check your email',
  checkInbox: 'We sent a verification link to your email address. Open it to activate your account.',
  checkInboxFor: (email: string) => `We sent a verification link to ${email}. Open it to activate your account.`,
  checkSpam: "Can't find it? Check your spam or junk folder, then open the newest verification email.",
  verifyingHeading: 'Verifying your email',
  verifying: 'Verifying your email address...',
  successHeading: 'Email Verified',
  success: 'Your email address has been verified. Redirecting you to your dashboard...',
  goToDashboard: 'Go to dashboard',
  errorHeading: "We couldn't verify your email",
  noAccessToken: 'No access token found in verification link. Please try again or request a new verification email.',
  verificationFailed: 'Verification failed',
  returnToLogin: 'Return to login',
  tryAgain: 'Try Again',
  backToLogin: 'Back to login',
} as const;

/** The spec's "Screens and routes": after a valid link the page waits this long before opening the dashboard. */
export const VERIFIED_REDIRECT_MS = 3000;

/** What a verification link carries; a missing or empty value is null. */
export interface VerificationLink {
  accessToken: string | null;
  type: string | null;
  error: string | null;
  errorDescription: string | null;
}

function value(params: URLSearchParams, name: string): string | null {
  const text = params.get(name)?.trim();
  return text ? text : null;
}

/**
 * Reads the link values: the session token only from the hash (it never reaches a server log), the type and
 * the error from the hash, else from the query, where the server puts the error of a bad, used or expired link.
 */
export function readVerificationLink(hash: string, search: string): VerificationLink {
  const fromHash = new URLSearchParams(hash.replace(/^#/, ''));
  const fromQuery = new URLSearchParams(search);
  const either = (name: string) => value(fromHash, name) ?? value(fromQuery, name);
  return {
    accessToken: value(fromHash, 'access_token'),
    type: either('type'),
    error: either('error'),
    errorDescription: either('error_description'),
  };
}

export type VerificationStep =
  /** No link: the page tells the user to check the inbox. */
  | { kind: 'none' }
  /** A session token to store and check. */
  | { kind: 'verify'; token: string }
  /** A link that cannot be verified, with the message to show. */
  | { kind: 'error'; message: string };

/** What the page does with a link. */
export function verificationStep(link: VerificationLink): VerificationStep {
  const { accessToken, type, error, errorDescription } = link;
  if (accessToken === null && type === null && error === null && errorDescription === null) return { kind: 'none' };
  if (error !== null || errorDescription !== null) {
    return { kind: 'error', message: errorDescription ?? error ?? verifyEmailTexts.verificationFailed };
  }
  if (accessToken !== null && (type === null || type === 'signup')) return { kind: 'verify', token: accessToken };
  if (type === 'signup') return { kind: 'error', message: verifyEmailTexts.noAccessToken };
  return { kind: 'error', message: verifyEmailTexts.verificationFailed };
}
