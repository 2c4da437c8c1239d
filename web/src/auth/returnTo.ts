/**
 * Where a page sends the browser to sign in, and where signing in brings it back: `/login` with this state. Only
 * a path of this app is taken, so the state cannot send anyone off-site.
 */
export interface ReturnTo {
  /** The page to come back to once signed in, e.g. an invitation's. */
  from: string;
  /** A line for the login page saying why signing in is asked for. */
  notice?: string;
}

/** The page to go to after signing in: the one `state` names, else the dashboard. */
export function pathAfterSignIn(state: unknown): string {
  const from = state !== null && typeof state === 'object' ? (state as Partial<ReturnTo>).from : undefined;
  return typeof from === 'string' && from.startsWith('/') && !from.startsWith('//') && !from.startsWith('/\\') ? from : '/dashboard';
}

/** The login page's line for `state`, if it has one. */
export function signInNotice(state: unknown): string | null {
  const notice = state !== null && typeof state === 'object' ? (state as Partial<ReturnTo>).notice : undefined;
  return typeof notice === 'string' && notice.trim() !== '' ? notice : null;
}
