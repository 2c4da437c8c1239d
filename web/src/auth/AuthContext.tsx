import { createContext, useCallback, useContext, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { useNavigate } from 'react-router';
import { api, workspaceStore } from '../api/browser.ts';
import { forgetAllQueries } from '../api/queryCacheReset.ts';
import { ApiError, AUTH_TOKEN_KEY, dataOf, messages, NetworkError, SESSION_EXPIRED_KEY } from '../api/client.ts';
import { authTexts } from './texts.ts';
import { toUser, type User } from './user.ts';

export interface AuthState {
  /** The signed-in user; null when signed out or while loading. */
  user: User | null;
  /** True until the first current-user lookup has finished. */
  loading: boolean;
  /** Logs in and stores the token; throws an Error with a message for the user. */
  login(email: string, password: string): Promise<User>;
  /**
   * Registers (the address is verified next, by e-mail; with an invitation's token for that address it is verified
   * already, and the account joins the invitation's workspace); throws an Error with a message for the user.
   */
  signup(fullName: string, email: string, password: string, invitationToken?: string): Promise<void>;
  /**
   * Ends the session on the server, then locally, and goes to /login (or to `then`). A 401 means the session had
   * already ended and counts as success; any other failure keeps the user signed in and throws an Error with a message.
   */
  logout(then?: string): Promise<void>;
  /** Looks up the current user again, e.g. after a verification link stored a new token. */
  refresh(): Promise<User | null>;
}

const AuthContext = createContext<AuthState | null>(null);


/**
 * Any failure, including the 404 of a server without auth routes, means nobody is signed in. `expired`: the stored
 * token was refused (its session ended elsewhere), so the login page can say why the browser is there.
 */
async function fetchCurrentUser(): Promise<{ user: User | null; expired: boolean }> {
  const token = localStorage.getItem(AUTH_TOKEN_KEY);
  try {
    return { user: toUser((await dataOf(api.GET('/auth/current-user'))).user), expired: false };
  } catch (error) {
    const refused = error instanceof ApiError && error.status === 401;
    return { user: null, expired: refused && token !== null && localStorage.getItem(AUTH_TOKEN_KEY) === token };
  }
}

function messageOf(error: unknown, fallback: string): string {
  return error instanceof Error && error.message.trim() !== '' ? error.message : fallback;
}

export function AuthProvider({ children }: { children: ReactNode }) {
  const navigate = useNavigate();
  const [user, setUser] = useState<User | null>(null);
  const [loading, setLoading] = useState(true);
  // Lookups can overlap (the start-up one and a refresh after a verification link stored a token): only the
  // latest one may set the user, so an older answer without the new token cannot sign the user out again.
  const latestLookup = useRef(0);

  const lookUp = useCallback(async (): Promise<User | null> => {
    const lookup = ++latestLookup.current;
    const { user: current, expired } = await fetchCurrentUser();
    if (lookup === latestLookup.current) {
      if (expired) {
        api.clearToken();
        localStorage.setItem(SESSION_EXPIRED_KEY, messages.sessionExpired);
      }
      setUser(current);
      setLoading(false);
    }
    return current;
  }, []);

  useEffect(() => {
    void lookUp();
    return () => {
      // Unmounted (or StrictMode's trial unmount): no earlier lookup may apply its answer any more.
      latestLookup.current += 1;
    };
  }, [lookUp]);

  // The plan shown with the user is the workspace's (its owner's): a tab that changes workspace looks it up again.
  useEffect(() => {
    let shown = workspaceStore.id();
    return workspaceStore.subscribe(() => {
      if (workspaceStore.id() === shown) return;
      shown = workspaceStore.id();
      void lookUp();
    });
  }, [lookUp]);

  const refresh = useCallback(() => lookUp(), [lookUp]);

  /**
   * Login and logout know the user first-hand: a lookup still under way must not overwrite it, and nothing loaded
   * for someone else may be shown to them.
   */
  const settle = useCallback((known: User | null) => {
    latestLookup.current += 1;
    forgetAllQueries();
    setUser(known);
    setLoading(false);
  }, []);

  const login = useCallback(async (email: string, password: string) => {
    let session;
    try {
      session = await dataOf(api.POST('/auth/login', { body: { email, password } }));
    } catch (error) {
      throw new Error(messageOf(error, authTexts.loginFailed), { cause: error });
    }
    api.setToken(session.token);
    const loggedIn = toUser(session.user);
    settle(loggedIn);
    return loggedIn;
  }, [settle]);

  const signup = useCallback(async (fullName: string, email: string, password: string, invitationToken?: string) => {
    const body = { email, password, fullName, ...(invitationToken === undefined ? {} : { invitationToken }) };
    try {
      await api.anonymous.POST('/auth/signup', { body });
    } catch (error) {
      const message =
        error instanceof NetworkError ? authTexts.signupNetworkError : messageOf(error, authTexts.signupFailed);
      throw new Error(message, { cause: error });
    }
  }, []);

  const logout = useCallback(async (then = '/login') => {
    try {
      await api.POST('/auth/logout');
    } catch (error) {
      // The session cookie is HttpOnly: only the server can end the session, so a failure is reported.
      const alreadyEnded = error instanceof ApiError && error.status === 401;
      if (!alreadyEnded) throw new Error(messageOf(error, authTexts.logoutFailed), { cause: error });
    }
    api.clearToken();
    settle(null);
    void navigate(then);
  }, [navigate, settle]);

  const value = useMemo<AuthState>(
    () => ({ user, loading, login, signup, logout, refresh }),
    [user, loading, login, signup, logout, refresh],
  );
  return <AuthContext value={value}>{children}</AuthContext>;
}

export function useAuth(): AuthState {
  const state = useContext(AuthContext);
  if (!state) throw new Error('useAuth must be used inside <AuthProvider>.');
  return state;
}
