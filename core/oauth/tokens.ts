/**
 * The token endpoint of an OAuth 2.0 vendor (RFC 6749 sections 4.1.3, 5 and 6): a code exchanged for tokens, a
 * refresh token for new ones, each answer read into an OAuthGrant or a refusal in words. Vendors differ in how they
 * take the request (form, JSON, or Miro's query string) and in how they refuse (GitHub answers 200 with an `error`
 * member: "Troubleshooting OAuth App access token request errors", docs.github.com), so both are read.
 */
import type { OAuthGrant, TrackerHttp, TrackerOAuth } from '../../plugins/sdk/index.ts';
import type { OAuthApp } from './apps.ts';

/** The vendor refused or failed a token request; `refused` when it will not take the code or refresh token again. */
export class OAuthTokenError extends Error {
  override name = 'OAuthTokenError';
  readonly refused: boolean;

  constructor(message: string, refused: boolean) {
    super(message);
    this.refused = refused;
  }
}

/** Members of a token response kept apart from `extra`. */
const TOKEN_MEMBERS = new Set(['access_token', 'refresh_token', 'expires_in', 'scope', 'token_type', 'refresh_token_expires_in', 'id_token']);

const text = (value: unknown) => (typeof value === 'string' && value.trim() ? value.trim() : undefined);

/** A token response as a grant; OAuthTokenError when it is a refusal or carries no access token. */
export function readTokenResponse(provider: string, status: number, body: unknown, now = Date.now()): OAuthGrant {
  const answer = (typeof body === 'object' && body !== null && !Array.isArray(body) ? body : {}) as Record<string, unknown>;
  const error = text(answer['error']);
  if (error || status >= 400) {
    // Microsoft Entra's description ends with Trace ID, Correlation ID and Timestamp lines: the first line says it.
    const words = (text(answer['error_description']) ?? text(answer['message']) ?? error ?? `HTTP ${status}`).split(/\r?\n/)[0]!.trim();
    // invalid_grant (RFC 6749 5.2), and GitHub's own names for a used or expired code or refresh token.
    const refused = ['invalid_grant', 'bad_verification_code', 'bad_refresh_token', 'unauthorized_client', 'invalid_client', 'incorrect_client_credentials'].includes(error ?? '')
      || status === 400 || status === 401;
    throw new OAuthTokenError(`${provider} refused the sign-in: ${words.replace(/\.?$/, '.')}`, refused && status < 500);
  }
  const accessToken = text(answer['access_token']);
  if (!accessToken) throw new OAuthTokenError(`${provider} answered the sign-in without an access token.`, false);
  const expiresIn = Number(answer['expires_in']);
  const grant: OAuthGrant = { accessToken, extra: Object.fromEntries(Object.entries(answer).filter(([key]) => !TOKEN_MEMBERS.has(key))) };
  const refreshToken = text(answer['refresh_token']);
  if (refreshToken) grant.refreshToken = refreshToken;
  if (Number.isFinite(expiresIn) && expiresIn > 0) grant.expiresAt = new Date(now + expiresIn * 1000).toISOString();
  const scope = text(answer['scope']);
  if (scope) grant.scope = scope;
  return grant;
}

interface TokenCall {
  oauth: TrackerOAuth;
  app: OAuthApp;
  endpoints: Record<string, string>;
  http: TrackerHttp;
  signal?: AbortSignal;
}

/** Sends one request to the token endpoint with the client's credentials, as the plugin says the vendor takes it. */
async function tokenRequest(call: TokenCall, parameters: Record<string, string>): Promise<OAuthGrant> {
  const { oauth, app } = call;
  const basic = oauth.clientAuth === 'basic';
  const fields = { ...parameters, ...(basic ? { client_id: app.client.id } : { client_id: app.client.id, client_secret: app.client.secret }) };
  const headers: Record<string, string> = { accept: 'application/json' };
  if (basic) headers['authorization'] = `Basic ${Buffer.from(`${encodeURIComponent(app.client.id)}:${encodeURIComponent(app.client.secret)}`).toString('base64')}`;
  let url = call.endpoints['token']!;
  let body: string;
  if (oauth.tokenRequest === 'json') {
    headers['content-type'] = 'application/json';
    body = JSON.stringify(fields);
  } else if (oauth.tokenRequest === 'query') {
    const target = new URL(url);
    for (const [key, value] of Object.entries(fields)) target.searchParams.set(key, value);
    url = target.href;
    body = '';
  } else {
    headers['content-type'] = 'application/x-www-form-urlencoded';
    body = new URLSearchParams(fields).toString();
  }
  let response;
  try {
    response = await call.http({ method: 'POST', url, headers, body, followRedirects: false });
  } catch {
    throw new OAuthTokenError(`${oauth.provider} could not be reached to complete the sign-in; try again in a moment.`, false);
  }
  return readTokenResponse(oauth.provider, response.status, response.json ?? Object.fromEntries(new URLSearchParams(response.text)));
}

/** The code from the vendor's redirect, exchanged for tokens (with the PKCE verifier when the flow used one). */
export const exchangeCode = (call: TokenCall, code: string, redirectUri: string, verifier: string | null) =>
  tokenRequest(call, { grant_type: 'authorization_code', code, redirect_uri: redirectUri, ...(verifier ? { code_verifier: verifier } : {}) });

/** New tokens for a refresh token; a vendor that sends no new refresh token keeps the old one valid (RFC 6749 6). */
export async function refreshGrant(call: TokenCall, grant: OAuthGrant): Promise<OAuthGrant> {
  const parameters: Record<string, string> = { grant_type: 'refresh_token', refresh_token: grant.refreshToken ?? '' };
  // Microsoft Entra asks the scopes again ("Refresh the access token": scope is required).
  if (call.oauth.scopesOnRefresh && call.oauth.scopes.length) parameters['scope'] = call.oauth.scopes.join(call.oauth.scopeSeparator ?? ' ');
  const fresh = await tokenRequest(call, parameters);
  return { ...fresh, refreshToken: fresh.refreshToken ?? grant.refreshToken!, extra: { ...grant.extra, ...fresh.extra } } as OAuthGrant;
}
