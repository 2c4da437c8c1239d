/** Every text of the login page (/login) and its reset-link form. */
export const loginTexts = {
  pageTitle: 'Log in · Tickscribe',
  heading: 'Log in to Tickscribe',
  intro: 'Welcome back. Log in to review your tickets and transcripts.',
  email: 'Email',
  password: 'Password',
  submit: 'Log In',
  submitting: 'Logging in...',
  forgotPassword: 'Forgot your password?',
  noAccount: "Don't have an account?",
  signUp: 'Sign up',
  unverified: 'Please verify your email before logging in. Check your inbox for a verification link.',
  verifyLink: 'Go to email verification',
  resetHeading: 'Reset your password',
  resetIntro: "Enter the email address of your account and we'll send you a link to set a new password.",
  resetSubmit: 'Send Reset Link',
  resetSubmitting: 'Sending...',
  backToLogin: 'Back to login',
  returnToLogin: 'Return to login',
  resetEmailRequired: 'Please enter your email address',
  resetFailed: 'Failed to send password reset email',
  resetSent: 'If an account exists with this email, you will receive password reset instructions shortly.',
} as const;

/** An error about the e-mail not being verified or confirmed yet. */
export function isUnverifiedEmailError(message: string): boolean {
  return /e-?mail/i.test(message) && /verif|confirm/i.test(message);
}
