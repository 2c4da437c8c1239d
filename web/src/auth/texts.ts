/** Messages the auth state throws; the login and signup screens show them. */
export const authTexts = {
  loginFailed: 'Login failed',
  signupFailed: 'Signup failed',
  signupNetworkError: 'Network error during signup. Please check your connection and try again.',
  logoutFailed: 'Logout failed',
} as const;
