/** The key under which the bearer token is kept in local storage. */
export const AUTH_TOKEN_KEY = 'authToken';

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
}

export interface RequestOptions {
  /** Send the stored bearer token (default true). */
  auth?: boolean;
  /**
   * Send this bearer token instead of the stored one, e.g. the token_hash of a password reset link. A 401 then
   * concerns this token only: the stored token is kept and the browser stays on the page.
   */
  bearerToken?: string;
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

/** `transcript_id` becomes `transcriptId`; keys already in camelCase stay as they are. */
export function snakeToCamel(key: string): string {
  return key.replace(/(?<=[A-Za-z0-9])_+([A-Za-z0-9])/g, (_match, letter: string) => letter.toUpperCase());
}

/** Converts every object key in a JSON value to camelCase, through nested objects and arrays. */
export function camelizeKeys(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(camelizeKeys);
  if (value !== null && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value).map(([key, item]) => [snakeToCamel(key), camelizeKeys(item)]));
  }
  return value;
}

export function isPublicPage(pathname: string): boolean {
  const normalized = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  return PUBLIC_PAGE_PATHS.includes(normalized);
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

export interface ApiClient {
  get<T>(path: string, options?: RequestOptions): Promise<T>;
  post<T>(path: string, body?: unknown, options?: RequestOptions): Promise<T>;
  put<T>(path: string, body?: unknown, options?: RequestOptions): Promise<T>;
  del<T>(path: string, options?: RequestOptions): Promise<T>;
  /** Multipart upload: sends only the auth header, so the browser sets the multipart content type. */
  upload<T>(path: string, formData: FormData): Promise<T>;
  getToken(): string | null;
  setToken(token: string): void;
  clearToken(): void;
}

/**
 * The API client of spec section 7 and the transport rules of section 8. Responses come back with their
 * keys in camelCase; request bodies go out as given.
 */
export function createApiClient(env: ApiEnvironment): ApiClient {
  const getToken = () => env.storage.getItem(AUTH_TOKEN_KEY);
  const clearToken = () => env.storage.removeItem(AUTH_TOKEN_KEY);

  async function send<T>(
    method: string,
    path: string,
    init: { body?: BodyInit; json: boolean; auth: boolean; bearerToken?: string; errorField: 'error' | 'message' },
  ): Promise<T> {
    const headers: Record<string, string> = {};
    if (init.json) headers['Content-Type'] = 'application/json';
    const token = init.bearerToken ?? (init.auth ? getToken() : null);
    if (token) headers.Authorization = `Bearer ${token}`;

    let response: Response;
    try {
      response = await fetch(`${env.baseUrl}${path}`, { method, headers, body: init.body, credentials: 'include' });
    } catch (error) {
      throw new NetworkError(messages.unreachable, { cause: error });
    }
    const body = await readBody(response);

    if (response.status === 401 && init.bearerToken !== undefined) {
      throw new ApiError(failureMessage(response, body), response.status, bodyText(body, 'error'));
    }
    if (response.status === 401) {
      const outcome = unauthorizedOutcome(path, env.location.pathname, body);
      if (outcome.clearToken) clearToken();
      if (outcome.redirectToLogin) env.location.assign('/login');
      throw new ApiError(outcome.message, response.status, bodyText(body, 'error'));
    }
    if (!response.ok) {
      throw new ApiError(
        failureMessage(response, body, init.errorField),
        response.status,
        bodyText(body, init.errorField),
      );
    }
    return camelizeKeys(body) as T;
  }

  function withJson<T>(method: string, path: string, body: unknown, options: RequestOptions = {}): Promise<T> {
    return send<T>(method, path, {
      body: body === undefined ? undefined : JSON.stringify(body),
      json: body !== undefined,
      auth: options.auth ?? true,
      bearerToken: options.bearerToken,
      errorField: 'error',
    });
  }

  return {
    get: <T>(path: string, options?: RequestOptions) => withJson<T>('GET', path, undefined, options),
    post: <T>(path: string, body?: unknown, options?: RequestOptions) => withJson<T>('POST', path, body, options),
    put: <T>(path: string, body?: unknown, options?: RequestOptions) => withJson<T>('PUT', path, body, options),
    del: <T>(path: string, options?: RequestOptions) => withJson<T>('DELETE', path, undefined, options),
    upload: <T>(path: string, formData: FormData) =>
      send<T>('POST', path, { body: formData, json: false, auth: true, errorField: 'message' }),
    getToken,
    setToken: (token) => env.storage.setItem(AUTH_TOKEN_KEY, token),
    clearToken,
  };
}
