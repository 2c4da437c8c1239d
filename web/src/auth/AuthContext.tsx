import { createContext, useCallback, useContext, useEffect, useMemo, useState, type ReactNode } from 'react';
import { useNavigate } from 'react-router';
import { api } from '../api/browser.ts';
import { CURRENT_USER_PATH, NetworkError } from '../api/client.ts';
import { authTexts } from './texts.ts';
import { parseUser, type User } from './user.ts';

interface AuthResponse {
  user?: unknown;
  token?: unknown;
}

/** Where a successful signup leads: straight in when the server returned a token, else to verification. */
export type SignupOutcome = 'signed-in' | 'verify-email';

export interface AuthState {
  /** The signed-in user; null when signed out or while loading. */
  user: User | null;
  /** True until the first current-user lookup has finished. */
  loading: boolean;
  /** Logs in and stores the token; throws an Error with a message for the user. */
  login(email: string, password: string): Promise<User>;
  /** Registers; throws an Error with a message for the user. */
  signup(fullName: string, email: string, password: string): Promise<SignupOutcome>;
  /** Ends the session on the server, then locally even if the server call failed, and goes to /login. */
  logout(): Promise<void>;
  /** Looks up the current user again. */
  refresh(): Promise<User | null>;
}

const AuthContext = createContext<AuthState | null>(null);

/** Any failure, including the 404 of a server without auth routes, means nobody is signed in. */
async function fetchCurrentUser(): Promise<User | null> {
  try {
    const response = await api.get<AuthResponse>(CURRENT_USER_PATH);
    return parseUser(response.user);
  } catch {
    return null;
  }
}

function messageOf(error: unknown, fallback: string): string {
  return error instanceof Error && error.message.trim() !== '' ? error.message : fallback;
}

export function AuthProvider({ children }: { children: ReactNode }) {
  const navigate = useNavigate();
  const [user, setUser] = useState<User | null>(null);
  const [loading, setLoading] = useState(true);

  useEffect(() => {
    let active = true;
    void fetchCurrentUser().then((current) => {
      if (!active) return;
      setUser(current);
      setLoading(false);
    });
    return () => {
      active = false;
    };
  }, []);

  const refresh = useCallback(async () => {
    const current = await fetchCurrentUser();
    setUser(current);
    return current;
  }, []);

  const login = useCallback(async (email: string, password: string) => {
    let response: AuthResponse;
    try {
      response = await api.post<AuthResponse>('/auth/login', { email, password });
    } catch (error) {
      throw new Error(messageOf(error, authTexts.loginFailed), { cause: error });
    }
    const loggedIn = parseUser(response.user);
    if (!loggedIn) throw new Error(authTexts.loginFailed);
    if (typeof response.token === 'string' && response.token !== '') api.setToken(response.token);
    setUser(loggedIn);
    return loggedIn;
  }, []);

  const signup = useCallback(async (fullName: string, email: string, password: string): Promise<SignupOutcome> => {
    let response: AuthResponse;
    try {
      response = await api.post<AuthResponse>('/auth/signup', { email, password, fullName }, { auth: false });
    } catch (error) {
      const message =
        error instanceof NetworkError ? authTexts.signupNetworkError : messageOf(error, authTexts.signupFailed);
      throw new Error(message, { cause: error });
    }
    const registered = parseUser(response.user);
    if (!registered) throw new Error(authTexts.signupNoUser);
    if (typeof response.token !== 'string' || response.token === '') return 'verify-email';
    api.setToken(response.token);
    setUser(registered);
    return 'signed-in';
  }, []);

  const logout = useCallback(async () => {
    try {
      await api.post('/auth/logout');
    } catch (error) {
      console.warn('Logging out on the server failed; the local session is ended anyway.', error);
    }
    api.clearToken();
    setUser(null);
    void navigate('/login');
  }, [navigate]);

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
