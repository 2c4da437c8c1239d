import createClient, { type Client, type Middleware } from 'openapi-fetch';
import type { paths } from './openapi.ts';
import { WORKSPACE_HEADER, WORKSPACE_NOT_FOUND, type WorkspaceSelection } from './workspace.ts';

/** The key under which the bearer token is kept in local storage. */
export const AUTH_TOKEN_KEY = 'authToken';
/** Left by a 401 that sends the browser to /login, so the login page can say why it is there (once). */
export const SESSION_EXPIRED_KEY = 'sessionExpired';

export const CURRENT_USER_PATH = '/auth/current-user';

/** Pages that show a 401 as an error instead of redirecting to /login. */
export const PUBLIC_PAGE_PATHS: readonly string[] = [
  '/login',
  '/signup',
  '/reset-password',
  '/terms-of-service',
  '/refund-policy',
  '/verify-email',
  '/help',
];

/** Pages under these paths are public too: an invitation link opens for anyone. */
export const PUBLIC_PAGE_PREFIXES: readonly string[] = ['/invitations/'];

export const messages = {
  authenticationRequired: 'Authentication required.',
  sessionExpired: 'Session expired. Redirecting to login...',
  userNotAuthenticated: 'User not authenticated.',
  unreachable: 'Could not reach the server. Check your connection and try again.',
} as const;

/** What the client needs from the browser; tests pass small stand-ins. */
export interface ApiEnvironment {
  /** API base address; an empty string means the page's own origin. */
  baseUrl: string;
  storage: Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;
  location: { readonly pathname: string; assign(url: string): void };
  /** The tab's workspace, named in X-Workspace-Id on the signed-in calls; without it, no header is sent. */
  workspace?: WorkspaceSelection;
}

/** Thrown for an error answer; `serverText` is the server's own text, for screens with their own fallback. */
export class ApiError extends Error {
  override name = 'ApiError';
  readonly status: number;
  readonly serverText: string | undefined;

  constructor(message: string, status: number, serverText: string | undefined) {
    super(message);
    this.status = status;
    this.serverText = serverText;
  }
}

/** Thrown when the server could not be reached at all, so callers can tell it from an error answer. */
export class NetworkError extends Error {
  override name = 'NetworkError';
}

/** The server's own error text when it gave one, else the screen's fallback (the spec's "Error catalogue": red banners). */
export function failureText(error: unknown, fallback: string): string {
  return (error instanceof ApiError ? error.serverText : undefined) ?? fallback;
}

export function isPublicPage(pathname: string): boolean {
  const normalized = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  return PUBLIC_PAGE_PATHS.includes(normalized) || PUBLIC_PAGE_PREFIXES.some((prefix) => normalized.startsWith(prefix));
}

/** Reads a text field (`error`, `message`) from an error body, if there is one. */
export function bodyText(body: unknown, field: 'error' | 'message'): string | undefined {
  if (body === null || typeof body !== 'object') return undefined;
  const text = (body as Record<string, unknown>)[field];
  return typeof text === 'string' && text.trim() !== '' ? text : undefined;
}

export function statusFallback(status: number, statusText: string): string {
  return `Error: ${status} ${statusText}`;
}

export interface UnauthorizedOutcome {
  message: string;
  clearToken: boolean;
  redirectToLogin: boolean;
}

/** What a 401 means for the call to `requestPath` made while the browser shows `pagePath`. */
export function unauthorizedOutcome(requestPath: string, pagePath: string, body: unknown): UnauthorizedOutcome {
  if (requestPath.split('?')[0] === CURRENT_USER_PATH) {
    return { message: messages.userNotAuthenticated, clearToken: false, redirectToLogin: false };
  }
  if (isPublicPage(pagePath)) {
    return {
      message: bodyText(body, 'error') ?? messages.authenticationRequired,
      clearToken: true,
      redirectToLogin: false,
    };
  }
  return { message: messages.sessionExpired, clearToken: true, redirectToLogin: true };
}

/** The message for a failed call other than a 401: the server's text in `field`, else the status. */
export function failureMessage(
  response: { status: number; statusText: string },
  body: unknown,
  field: 'error' | 'message' = 'error',
): string {
  return bodyText(body, field) ?? statusFallback(response.status, response.statusText);
}

async function readBody(response: Response): Promise<unknown> {
  if (response.status === 204) return {};
  const text = await response.text();
  if (text.trim() === '') return {};
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

/** Whose bearer token a request carries: the stored one, none, or one given for this call only. */
type Credentials = { kind: 'stored' } | { kind: 'none' } | { kind: 'given'; token: string };

/**
 * The transport rules of the spec's "Error catalogue" as openapi-fetch middleware: the bearer token goes out, a failed call
 * is thrown as an ApiError with a message for the user (a 401 may also end the session and go to /login), an
 * unreachable server as a NetworkError, and answers come back as the server wrote them. The stored session's calls
 * also name the tab's workspace; when the server answers that it is none of the user's any more, the tab goes back
 * to the personal workspace (the call still fails: it is not sent again elsewhere).
 */
function transportMiddleware(env: ApiEnvironment, credentials: Credentials): Middleware {
  return {
    onRequest({ request }) {
      const token = credentials.kind === 'given' ? credentials.token : credentials.kind === 'stored' ? env.storage.getItem(AUTH_TOKEN_KEY) : null;
      if (token) request.headers.set('Authorization', `Bearer ${token}`);
      // A token given for one call (a reset link's) may be someone else's: only the stored session's calls say where.
      const workspace = credentials.kind === 'stored' ? env.workspace?.id() : null;
      if (workspace) request.headers.set(WORKSPACE_HEADER, workspace);
    },
    onError({ error }) {
      return new NetworkError(messages.unreachable, { cause: error });
    },
    async onResponse({ request, response, schemaPath }) {
      const body = await readBody(response);
      if (response.status === 401 && credentials.kind === 'given') {
        throw new ApiError(failureMessage(response, body), response.status, bodyText(body, 'error'));
      }
      if (response.status === 401) {
        const outcome = unauthorizedOutcome(schemaPath, env.location.pathname, body);
        if (outcome.clearToken) {
          env.storage.removeItem(AUTH_TOKEN_KEY);
          env.workspace?.clear();
        }
        if (outcome.redirectToLogin) {
          env.storage.setItem(SESSION_EXPIRED_KEY, outcome.message);
          env.location.assign('/login');
        }
        throw new ApiError(outcome.message, response.status, bodyText(body, 'error'));
      }
      const workspace = request.headers.get(WORKSPACE_HEADER);
      if (response.status === 404 && workspace !== null && bodyText(body, 'error') === WORKSPACE_NOT_FOUND) {
        env.workspace?.lose(workspace);
      }
      if (!response.ok) {
        // An upload's refusal names its reason in `message`; every other answer in `error`.
        const field = request.headers.get('Content-Type')?.startsWith('multipart/form-data') ? 'message' : 'error';
        throw new ApiError(failureMessage(response, body, field), response.status, bodyText(body, field));
      }
      // The API answers in camelCase (schemas/api), so the body goes on as the server wrote it: a user mapping's
      // names and a plugin's settings keep their keys. A new body, as this one was read; an empty answer (204)
      // reads as an empty object.
      const headers = new Headers(response.headers);
      headers.delete('Content-Length');
      const status = response.status === 204 ? 200 : response.status;
      return new Response(JSON.stringify(body), { status, statusText: response.statusText, headers });
    },
  };
}

/** The typed client of every API path (openapi-fetch): answers come back as data, failures are thrown. */
export interface ApiClient<Paths extends object = paths> extends Client<Paths> {
  /** The same client without any bearer token, for calls made before signing in. */
  anonymous: Client<Paths>;
  /**
   * The same client with this bearer token instead of the stored one, e.g. the token_hash of a password reset
   * link. A 401 then concerns this token only: the stored token is kept and the browser stays on the page.
   */
  withToken(token: string): Client<Paths>;
  setToken(token: string): void;
  /** Forgets the stored token, and the tab's workspace with it: the next sign-in starts in its personal one. */
  clearToken(): void;
}

/** The API client of the spec's "The calls it makes": openapi-fetch over the generated description, with the transport rules. */
export function createApiClient<Paths extends object = paths>(env: ApiEnvironment): ApiClient<Paths> {
  const typed = (credentials: Credentials): Client<Paths> => {
    const client = createClient<Paths>({ baseUrl: env.baseUrl, credentials: 'include' });
    client.use(transportMiddleware(env, credentials));
    return client;
  };
  return Object.assign(typed({ kind: 'stored' }), {
    anonymous: typed({ kind: 'none' }),
    withToken: (token: string) => typed({ kind: 'given', token }),
    setToken: (token: string) => env.storage.setItem(AUTH_TOKEN_KEY, token),
    clearToken: () => {
      env.storage.removeItem(AUTH_TOKEN_KEY);
      env.workspace?.clear();
    },
  });
}

/**
 * Sends a multipart form as the body of a call whose description declares none (the upload): the browser sets
 * the multipart type and boundary.
 */
export function formBody(form: FormData): Middleware {
  return { onRequest: ({ request }) => new Request(request, { body: form }) };
}

/** The data of an answer; every failure has already been thrown by the transport middleware. */
export async function dataOf<T>(call: Promise<{ data?: T; response: Response }>): Promise<T> {
  const { data } = await call;
  return data as T;
}
