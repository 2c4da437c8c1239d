/**
 * A stand-in of a vendor's OAuth 2.0 authorization server, for "Connect with …": a consent page with Approve and Deny
 * buttons (so a browser test clicks through it), the token endpoint for codes and refresh tokens, and revocation,
 * each enforcing what the vendor documents, the rule's source beside it. One profile per vendor says where its
 * endpoints are and how it differs (GitHub answers a refused token request with 200 and an `error` member; Miro takes
 * its token request in the query string and rotates refresh tokens; Microsoft Entra words every refusal with an AADSTS
 * code and asks the scopes again at each refresh).
 *
 * The API stand-ins ask `live(token)` whether an access token works: issued here, not expired, not revoked.
 */
import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { VendorReply, VendorRequest, VendorRoutes } from '../support/vendor-fake.ts';

type Json = Record<string, unknown>;

/** Why a token request is refused: the client's credentials, the code, the redirect URI, the PKCE verifier, the refresh token, the scopes. */
export type Refusal = 'client' | 'code' | 'redirect' | 'verifier' | 'refresh' | 'scope';

export interface OAuthProfile {
  name: string;
  paths: { authorize: string; token: string; revoke?: string };
  /**
   * How a refused token request is answered: GitHub answers 200 with `error`, `error_description` and `error_uri`
   * ("Troubleshooting OAuth App access token request errors", docs.github.com); Atlassian 403; others 400 as RFC 6749 5.2 says.
   */
  errorStatus: 200 | 400 | 403;
  /** The vendor's name for a used, wrong or expired code, and for a refused refresh token. */
  badCode: string;
  badRefresh: string;
  /** Access token lifetime in seconds, or null for tokens that do not expire (a GitHub OAuth App's). */
  expiresIn: number | null;
  /** Whether each refresh gives a new refresh token and refuses the old one from then on. */
  rotates: boolean;
  /** Whether a refresh also ends the access token it replaces (Miro: "the old access token and refresh token are no longer valid"). */
  refreshEndsOldAccess?: boolean;
  /** Where the token request's parameters may come from. */
  tokenIn: ('form' | 'json' | 'query')[];
  /** Whether the authorize request must carry a PKCE challenge. */
  requiresPkce: boolean;
  /** Scopes the authorize request must ask for (Entra: Azure DevOps' `.default` and offline_access). */
  requiredScopes?: string[];
  /**
   * Whether a refresh must name its scopes, each among those first granted (Entra: "scope: Required ... must be
   * equivalent to or a subset of the scopes requested in the original authorization_code request leg").
   */
  refreshNeedsScope?: boolean;
  /** The vendor's own answer to a refusal, when it is not `{ error, error_description }` with `errorStatus`. */
  refusal?(reason: Refusal, error: string, description: string): { status: number; body: Json };
  /** What the authorize redirect says when the user denies: GitHub's words unless given. */
  deniedDescription?: string;
  /** How long a code may wait to be exchanged: GitHub's expire after 10 minutes. */
  codeLifetimeMs: number;
  /** The vendor's other endpoints on the same origin (Atlassian's accessible-resources): an answer, or undefined for none. */
  routes?(request: { method: string; path: string; headers: Record<string, string>; live: (token: string) => boolean }): { status: number; body: unknown } | undefined;
  /** The revoke request: checks it and answers which access token it revokes (or a refusal). */
  revoke?(request: { query: URLSearchParams; headers: Record<string, string>; body: Json; app: OAuthClient }): { token: string } | { status: number; body: Json };
}

export interface OAuthClient {
  id: string;
  secret: string;
  redirectUri: string;
}

interface Code {
  redirectUri: string | null;
  challenge: string | null;
  issuedAt: number;
  scope: string;
}

export interface OAuthFake {
  url: string;
  client: OAuthClient;
  /** Every token request and revoke, in order: the grant type (or 'revoke') and how it ended. */
  log: { kind: string; outcome: string }[];
  /** Whether an access token works now. */
  live(token: string): boolean;
  /** The scopes an access token was issued for (as the token response said them). */
  scopeOf(token: string): string | undefined;
  /** The access tokens issued, oldest first. */
  accessTokens(): string[];
  /** Makes an access token stop working (as if it expired or was revoked at the vendor), leaving its refresh token. */
  expire(token: string): void;
  /** Refuses every refresh token from now on (revoked, or past its 60 or 90 days). */
  refuseRefreshTokens(): void;
  /** Every way a request broke the vendor's documented rules: a test expects none unless it provokes one. */
  violations: string[];
  /** Sends requests whose path starts with `prefix` on to another stand-in (Atlassian's API gateway to the Jira one). */
  forward(prefix: string, target: () => string): void;
  close(): Promise<void>;
}

const readBody = async (request: IncomingMessage) => {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
};

const escape = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

export async function startOAuthFake(profile: OAuthProfile, client: Omit<OAuthClient, 'redirectUri'> & { redirectUri?: string }): Promise<OAuthFake> {
  const app: OAuthClient = { redirectUri: '', ...client };
  const codes = new Map<string, Code>();
  const tokens = new Map<string, { expiresAt: number | null; revoked: boolean; refresh: string | null; scope: string }>();
  const refreshTokens = new Map<string, { spent: boolean; scope: string }>();
  let refuseRefresh = false;
  const log: OAuthFake['log'] = [];
  const violations: string[] = [];
  const random = () => randomBytes(20).toString('hex');
  const forwards: [string, () => string][] = [];
  const live = (token: string) => {
    const held = tokens.get(token);
    return !!held && !held.revoked && (held.expiresAt === null || held.expiresAt > Date.now());
  };

  const issue = (scope: string): Json => {
    const access = `${profile.name.toLowerCase()}_at_${random()}`;
    const refresh = profile.expiresIn === null ? null : `${profile.name.toLowerCase()}_rt_${random()}`;
    tokens.set(access, { expiresAt: profile.expiresIn === null ? null : Date.now() + profile.expiresIn * 1000, revoked: false, refresh, scope });
    if (refresh) refreshTokens.set(refresh, { spent: false, scope });
    return {
      access_token: access, token_type: 'bearer', scope,
      ...(refresh ? { expires_in: profile.expiresIn, refresh_token: refresh } : {}),
    };
  };

  const handle = async (request: IncomingMessage, response: ServerResponse) => {
    const url = new URL(request.url ?? '/', 'http://stand-in');
    const headers = Object.fromEntries(Object.entries(request.headers).map(([key, value]) => [key, String(value)]));
    const text = await readBody(request);
    const json = (status: number, body: Json) => response.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
    const redirect = (to: URL) => response.writeHead(302, { location: to.href }).end();

    if (request.method === 'GET' && url.pathname === profile.paths.authorize) {
      const query = url.searchParams;
      // GitHub: "The redirect_uri MUST match the registered callback URL for this application." An unknown client or a
      // redirect elsewhere is shown as an error page and never redirected (RFC 6749 4.1.2.1).
      if (query.get('client_id') !== app.id) return response.writeHead(404, { 'content-type': 'text/html' }).end('<h1>Unknown application</h1>');
      if (query.get('redirect_uri') !== app.redirectUri) {
        violations.push(`authorize: redirect_uri ${query.get('redirect_uri')} is not the registered ${app.redirectUri}`);
        return response.writeHead(400, { 'content-type': 'text/html' }).end('<h1>The redirect_uri is not associated with this application.</h1>');
      }
      if (profile.requiresPkce && (!query.get('code_challenge') || query.get('code_challenge_method') !== 'S256')) {
        violations.push('authorize: no S256 code challenge');
      }
      const asked = (query.get('scope') ?? '').split(' ');
      const missing = (profile.requiredScopes ?? []).filter((scope) => !asked.includes(scope));
      if (missing.length) violations.push(`authorize: scope lacks ${missing.join(', ')}`);
      const hidden = ['state', 'code_challenge', 'scope', 'redirect_uri'].map((name) => `<input type="hidden" name="${name}" value="${escape(query.get(name) ?? '')}">`).join('');
      return response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(
        `<!doctype html><html lang="en"><head><title>Authorize Tickscribe · ${profile.name} stand-in</title></head><body><main>` +
          `<h1>Authorize Tickscribe</h1><p>Tickscribe asks for: ${escape(query.get('scope') ?? '')}</p>` +
          `<form method="post" action="${profile.paths.authorize}/decide">${hidden}` +
          '<button name="decision" value="approve">Approve</button> <button name="decision" value="deny">Deny</button></form></main></body></html>',
      );
    }

    if (request.method === 'POST' && url.pathname === `${profile.paths.authorize}/decide`) {
      const form = new URLSearchParams(text);
      const back = new URL(form.get('redirect_uri') ?? app.redirectUri);
      const state = form.get('state');
      if (form.get('decision') !== 'approve') {
        // GitHub: error=access_denied&error_description=The+user+has+denied+your+application+access.
        back.searchParams.set('error', 'access_denied');
        back.searchParams.set('error_description', profile.deniedDescription ?? 'The user has denied your application access.');
      } else {
        const code = random();
        codes.set(code, { redirectUri: form.get('redirect_uri'), challenge: form.get('code_challenge') || null, issuedAt: Date.now(), scope: form.get('scope') ?? '' });
        back.searchParams.set('code', code);
      }
      if (state) back.searchParams.set('state', state);
      return redirect(back);
    }

    if (request.method === 'POST' && url.pathname === profile.paths.token) {
      const type = headers['content-type'] ?? '';
      let params: Record<string, string> = {};
      if (type.startsWith('application/json') && profile.tokenIn.includes('json')) params = JSON.parse(text || '{}') as Record<string, string>;
      else if (type.startsWith('application/x-www-form-urlencoded') && profile.tokenIn.includes('form')) params = Object.fromEntries(new URLSearchParams(text));
      if (profile.tokenIn.includes('query')) params = { ...Object.fromEntries(url.searchParams), ...params };
      const refuse = (reason: Refusal, error: string, description: string) => {
        const answer = profile.refusal?.(reason, error, description) ?? { status: profile.errorStatus, body: { error, error_description: description } };
        log.push({ kind: params['grant_type'] ?? 'authorization_code', outcome: String(answer.body['error'] ?? error) });
        return json(answer.status, answer.body);
      };
      if (params['client_id'] !== app.id || params['client_secret'] !== app.secret) {
        return refuse('client', 'incorrect_client_credentials', 'The client_id and/or client_secret passed are incorrect.');
      }
      if (params['grant_type'] === 'refresh_token') {
        const held = refreshTokens.get(params['refresh_token'] ?? '');
        if (!held || held.spent || refuseRefresh) return refuse('refresh', profile.badRefresh, 'The refresh token passed is incorrect or expired.');
        const granted = held.scope.split(' ');
        const wanted = params['scope']?.split(' ').filter(Boolean) ?? [];
        if (profile.refreshNeedsScope && (!wanted.length || wanted.some((scope) => !granted.includes(scope)))) {
          return refuse('scope', 'invalid_scope', `The scope '${params['scope'] ?? ''}' is not among those granted.`);
        }
        if (profile.rotates) held.spent = true;
        if (profile.refreshEndsOldAccess) {
          for (const token of tokens.values()) if (token.refresh === params['refresh_token']) token.revoked = true;
        }
        log.push({ kind: 'refresh_token', outcome: 'issued' });
        const fresh = issue(params['scope'] ?? held.scope);
        // Without rotation the refresh token stays the same and the response leaves it out.
        if (!profile.rotates) {
          refreshTokens.delete(String(fresh.refresh_token));
          delete fresh.refresh_token;
        }
        return json(200, fresh);
      }
      const code = codes.get(params['code'] ?? '');
      // Codes are single use and short lived: "The code passed is incorrect or expired." (bad_verification_code).
      codes.delete(params['code'] ?? '');
      if (!code || Date.now() - code.issuedAt > profile.codeLifetimeMs) return refuse('code', profile.badCode, 'The code passed is incorrect or expired.');
      if (code.redirectUri !== params['redirect_uri']) return refuse('redirect', 'redirect_uri_mismatch', 'The redirect_uri MUST match the registered callback URL for this application.');
      if (code.challenge) {
        const verifier = params['code_verifier'] ?? '';
        if (createHash('sha256').update(verifier).digest('base64url') !== code.challenge) return refuse('verifier', 'invalid_grant', 'The code_verifier does not match the code_challenge.');
      }
      log.push({ kind: 'authorization_code', outcome: 'issued' });
      return json(200, issue(code.scope));
    }

    if (profile.revoke && profile.paths.revoke && url.pathname === profile.paths.revoke.replace('{client_id}', app.id)) {
      let body: Json;
      try {
        body = text ? (JSON.parse(text) as Json) : {};
      } catch {
        body = Object.fromEntries(new URLSearchParams(text));
      }
      const outcome = profile.revoke({ query: url.searchParams, headers, body, app });
      if ('status' in outcome) {
        log.push({ kind: 'revoke', outcome: String(outcome.status) });
        return json(outcome.status, outcome.body);
      }
      const held = tokens.get(outcome.token);
      if (held) held.revoked = true;
      if (held?.refresh) refreshTokens.delete(held.refresh);
      log.push({ kind: 'revoke', outcome: held ? 'revoked' : 'unknown token' });
      return response.writeHead(204).end();
    }
    const own = profile.routes?.({ method: request.method ?? 'GET', path: url.pathname, headers, live });
    if (own) return json(own.status, own.body as Json);
    const forward = forwards.find(([prefix]) => url.pathname.startsWith(prefix));
    if (forward) {
      const passedOn = Object.fromEntries(Object.entries(headers).filter(([name]) => !['host', 'connection', 'content-length'].includes(name)));
      const answer = await fetch(`${forward[1]()}${url.pathname}${url.search}`, { method: request.method ?? 'GET', headers: passedOn, ...(text ? { body: text } : {}) });
      return response.writeHead(answer.status, { 'content-type': answer.headers.get('content-type') ?? 'application/json' }).end(Buffer.from(await answer.arrayBuffer()));
    }
    // A browser on the consent page asks for the icon too.
    if (url.pathname === '/favicon.ico') return response.writeHead(204).end();
    return json(404, { message: 'Not Found' });
  };

  const server: Server = createServer((request, response) => {
    handle(request, response).catch((error: unknown) => response.writeHead(500).end(String(error)));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
  return {
    url, client: app, log, violations,
    live,
    scopeOf: (token) => tokens.get(token)?.scope,
    forward: (prefix, target) => void forwards.push([prefix, target]),
    accessTokens: () => [...tokens.keys()],
    expire: (token) => {
      const held = tokens.get(token);
      if (held) held.expiresAt = Date.now() - 1;
    },
    refuseRefreshTokens: () => void (refuseRefresh = true),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** The Basic credentials a client id and secret are sent as. */
const basicOf = (app: OAuthClient) => `Basic ${Buffer.from(`${app.id}:${app.secret}`).toString('base64')}`;

/**
 * GitHub's OAuth App. Tokens do not expire unless `expiring` (an app with expiring user tokens: 8 hours, refresh
 * token 6 months and rotated: "Refreshing user access tokens", docs.github.com; a spent one answers bad_refresh_token).
 * Revocation is "Delete an app authorization": DELETE /applications/{client_id}/grant with the app's Basic
 * credentials and `access_token` in the body; 204, else 404 for a token it does not know.
 */
export function gitHubProfile({ expiring = false }: { expiring?: boolean } = {}): OAuthProfile {
  return {
    name: 'GitHub',
    paths: { authorize: '/login/oauth/authorize', token: '/login/oauth/access_token', revoke: '/applications/{client_id}/grant' },
    errorStatus: 200, badCode: 'bad_verification_code', badRefresh: 'bad_refresh_token',
    expiresIn: expiring ? 28_800 : null, rotates: true, tokenIn: ['form', 'json'], requiresPkce: false, codeLifetimeMs: 10 * 60_000,
    revoke: ({ headers, body, app }) => {
      if (headers['authorization'] !== basicOf(app)) return { status: 404, body: { message: 'Not Found', documentation_url: 'https://docs.github.com/rest/apps/oauth-applications#delete-an-app-authorization' } };
      const token = typeof body['access_token'] === 'string' ? body['access_token'] : '';
      return token ? { token } : { status: 422, body: { message: 'Invalid request.' } };
    },
  };
}

/** The API stand-in's routes, each answering `refused` unless the request's bearer token is one the OAuth stand-in issued and still honours. */
export function requiringLiveTokens(routes: VendorRoutes, oauth: Pick<OAuthFake, 'live'>, refused: (request: VendorRequest) => VendorReply): VendorRoutes {
  return Object.fromEntries(Object.entries(routes).map(([operation, handler]) => [operation, (request: VendorRequest) =>
    (oauth.live(/^Bearer (.+)$/.exec(request.headers['authorization'] ?? '')?.[1] ?? '') ? handler(request) : refused(request))]));
}

/**
 * Miro's REST API authorization ("OAuth 2.0 authorization flow", developers.miro.com): authorize at /oauth/authorize,
 * tokens at /v1/oauth/token with the parameters in the query string (or, for a refresh, client credentials in a form
 * body: "Step 5: Get new access token using refresh token"). With expiring tokens an access token lasts one hour
 * (expires_in 3599) and each refresh gives a new refresh token, after which "the old access token and refresh token are
 * no longer valid". A refused request is answered 400 (RFC 6749 5.2). Revocation: POST /v1/oauth/revoke?access_token=,
 * which revokes the refresh token too; 204.
 */
export function miroProfile(): OAuthProfile {
  return {
    name: 'Miro',
    paths: { authorize: '/oauth/authorize', token: '/v1/oauth/token', revoke: '/v1/oauth/revoke' },
    errorStatus: 400, badCode: 'invalid_grant', badRefresh: 'invalid_grant',
    expiresIn: 3599, rotates: true, refreshEndsOldAccess: true, tokenIn: ['query', 'form'], requiresPkce: false, codeLifetimeMs: 10 * 60_000,
    revoke: ({ query }) => {
      const token = query.get('access_token');
      return token ? { token } : { status: 400, body: { status: 400, code: 'invalidParameters', message: 'access_token is required', type: 'error' } };
    },
  };
}

/**
 * Atlassian's OAuth 2.0 (3LO) ("Jira platform: OAuth 2.0 (3LO) apps", developer.atlassian.com): authorize at
 * auth.atlassian.com/authorize (the app asks for audience=api.atlassian.com and prompt=consent), tokens at /oauth/token
 * from a JSON body, access tokens for an hour (expires_in 3600), refresh tokens rotated: a refresh token used once, or
 * past its 90 days, answers 403 invalid_grant "Unknown or invalid refresh token." (same page, frequently asked
 * questions). GET api.atlassian.com/oauth/token/accessible-resources answers the sites the grant reaches, each `id`
 * the site's cloudId ("Making calls to API", developer.atlassian.com/cloud/oauth/getting-started/making-calls-to-api);
 * 401 without a live token. No revocation endpoint: Atlassian documents none for apps.
 */
export function atlassianProfile(sites: () => { id: string; url: string; name: string }[]): OAuthProfile {
  return {
    name: 'Atlassian',
    paths: { authorize: '/authorize', token: '/oauth/token' },
    errorStatus: 403, badCode: 'invalid_grant', badRefresh: 'invalid_grant',
    expiresIn: 3600, rotates: true, tokenIn: ['json'], requiresPkce: false, codeLifetimeMs: 10 * 60_000,
    routes: ({ method, path, headers, live }) => {
      if (method !== 'GET' || path !== '/oauth/token/accessible-resources') return undefined;
      if (!live(/^Bearer (.+)$/.exec(headers['authorization'] ?? '')?.[1] ?? '')) return { status: 401, body: { code: 401, message: 'Unauthorized' } };
      return { status: 200, body: sites().map((site) => ({ ...site, scopes: ['read:jira-work', 'write:jira-work', 'read:jira-user'], avatarUrl: 'https://site-admin-avatar-cdn.prod.public.atl-paas.net/avatars/240/rocket.png' })) };
    },
  };
}

/** Microsoft Entra's error codes for each refusal, with its words ("Microsoft Entra authentication and authorization error codes", learn.microsoft.com/entra/identity-platform/reference-error-codes). */
const ENTRA_REFUSALS: Record<Refusal, [status: number, error: string, code: number, words: string]> = {
  client: [401, 'invalid_client', 7000215, 'Invalid client secret provided. Ensure the secret being sent in the request is the client secret value, not the client secret ID.'],
  // Users' reports: AzureAD/microsoft-identity-web#2328 and #2612.
  code: [400, 'invalid_grant', 54005, 'OAuth2 Authorization code was already redeemed, please retry with a new valid code or use an existing refresh token.'],
  redirect: [400, 'invalid_grant', 500112, 'The reply address does not match the reply address provided when requesting Authorization code.'],
  // Users' reports: AzureAD/microsoft-authentication-library-for-js#2694, CoasterKaty/PHPAzureADoAuth#18.
  verifier: [400, 'invalid_grant', 501481, 'The Code_Verifier does not match the code_challenge supplied in the authorization request.'],
  refresh: [400, 'invalid_grant', 700082, 'The refresh token has expired due to inactivity. The token was issued on 2026-08-01T09:12:44Z and was inactive for 90.00:00:00.'],
  scope: [400, 'invalid_scope', 70011, "The provided request must include a 'scope' input parameter, and it must be among the scopes first granted."],
};

/**
 * Microsoft Entra ID's authorization code flow ("Microsoft identity platform and OAuth 2.0 authorization code flow",
 * learn.microsoft.com/entra/identity-platform/v2-oauth2-auth-code-flow) for `tenant` (`organizations` by default):
 * authorize at /{tenant}/oauth2/v2.0/authorize with a scope (here Azure DevOps' `.default` and offline_access, "Build
 * apps with Microsoft Entra ID OAuth", learn.microsoft.com/azure/devops/integrate/get-started/authentication/entra-oauth)
 * and, from Tickscribe, an S256 challenge; tokens at /{tenant}/oauth2/v2.0/token from a form-encoded body only; codes
 * live about ten minutes; access tokens about an hour (expires_in 3599); a refresh must name its scopes ("scope:
 * Required") and answers a new refresh token to replace the old one ("Replace the old refresh token with this newly
 * acquired refresh token"): the stand-in refuses a spent one, so a client that keeps the old one is caught. Refusals
 * come in Entra's shape: `error`, an `error_description` beginning with its AADSTS code and ending with trace lines,
 * `error_codes`, `timestamp`, `trace_id`, `correlation_id`, `error_uri` (as in users' reports, e.g.
 * davidjrh/dnn.azureadprovider#17). A denied consent redirects with access_denied and AADSTS65004. No revocation
 * endpoint: Microsoft offers an app none for one user's grant.
 */
export function entraProfile({ tenant = 'organizations' }: { tenant?: string } = {}): OAuthProfile {
  return {
    name: 'Entra',
    paths: { authorize: `/${tenant}/oauth2/v2.0/authorize`, token: `/${tenant}/oauth2/v2.0/token` },
    errorStatus: 400, badCode: 'invalid_grant', badRefresh: 'invalid_grant',
    expiresIn: 3599, rotates: true, tokenIn: ['form'], requiresPkce: true, codeLifetimeMs: 10 * 60_000,
    requiredScopes: ['499b84ac-1321-427f-aa17-267ca6975798/.default', 'offline_access'],
    refreshNeedsScope: true,
    deniedDescription: 'AADSTS65004: User declined to consent to access the app.',
    refusal: (reason) => {
      const [status, error, code, words] = ENTRA_REFUSALS[reason];
      const timestamp = `${new Date().toISOString().slice(0, 19).replace('T', ' ')}Z`;
      const [traceId, correlationId] = [randomUUID(), randomUUID()];
      return {
        status,
        body: {
          error, error_description: `AADSTS${code}: ${words}\r\nTrace ID: ${traceId}\r\nCorrelation ID: ${correlationId}\r\nTimestamp: ${timestamp}`,
          error_codes: [code], timestamp, trace_id: traceId, correlation_id: correlationId, error_uri: `https://login.microsoftonline.com/error?code=${code}`,
        },
      };
    },
  };
}
