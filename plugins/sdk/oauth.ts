import type { JsonSchema } from './manifest.ts';
import type { TrackerHttp } from './tracker.ts';

/**
 * What a tracker declares to offer "Connect with …" (OAuth 2.0 authorization code): the host runs the flow (state,
 * PKCE, the code exchange, refreshing before expiry and once after a 401, revocation on delete) and asks the plugin
 * only to turn the vendor's tokens into its own credentials. Offered only where the operator configured the app's
 * client id and secret (`<ID>_OAUTH_CLIENT_ID`, `<ID>_OAUTH_CLIENT_SECRET`; see the README).
 */
export interface TrackerOAuth {
  /** Whose sign-in it is, for the button: "Connect with GitHub". */
  provider: string;
  /**
   * What the operator's variables start with when not the plugin id in capitals: `AZURE_DEVOPS` for the `azure`
   * tracker reads AZURE_DEVOPS_OAUTH_CLIENT_ID, as the product is named.
   */
  settingsPrefix?: string;
  /**
   * The vendor's endpoints, absolute URLs. The operator may send all of them to another origin (a stand-in) with
   * `<ID>_OAUTH_URL`; the paths are kept. `authorize` and `token` are required; others are the plugin's own.
   */
  endpoints: { authorize: string; token: string; [name: string]: string };
  /** Scopes asked for, joined with `scopeSeparator` (a space unless given). Empty: none sent. */
  scopes: string[];
  scopeSeparator?: string;
  /** Whether a refresh asks for the scopes again (Microsoft Entra requires `scope` in a refresh request). */
  scopesOnRefresh?: boolean;
  /** Whether to send a PKCE challenge (S256) and verifier. */
  pkce?: boolean;
  /** Further parameters of the authorize URL, e.g. `{ audience: 'api.atlassian.com', prompt: 'consent' }`. */
  authorizeParams?: Record<string, string>;
  /** How the token endpoint takes its request: form-encoded (the RFC's), JSON, or in the query string (Miro). Default 'form'. */
  tokenRequest?: 'form' | 'json' | 'query';
  /** How the client proves itself there: client_id and client_secret in the body (default) or HTTP Basic. */
  clientAuth?: 'body' | 'basic';
  /**
   * Whether the vendor gives a new refresh token with each refresh and refuses the old one (Atlassian, Miro): the host
   * then refreshes under a lock on the connection so two pushes never spend one refresh token twice. The host locks
   * anyway; this tells the documentation.
   */
  rotatesRefreshTokens?: boolean;
  /**
   * The credentials of a connection made by sign-in, when they are not those the manifest's credentialsSchema asks of a
   * typed token (Jira's typed path needs an e-mail and an API token; its sign-in gives neither). Such a connection's
   * credentials are accepted when they match this schema, and the form's required fields are not asked of it.
   */
  credentialsSchema?: JsonSchema;
  /** The connection's credentials for these tokens (e.g. `{ token: grant.accessToken }`); may call the vendor. */
  credentials(grant: OAuthGrant, context: OAuthContext): Promise<Record<string, unknown>> | Record<string, unknown>;
  /** Revokes the app's grant, when the vendor offers it; a thrown error is logged and said to the user, never fatal. */
  revoke?(grant: OAuthGrant, context: OAuthContext): Promise<void>;
}

/** The tokens a vendor gave, as the host read them from the token response. */
export interface OAuthGrant {
  accessToken: string;
  refreshToken?: string;
  /** ISO 8601 time the access token stops working; absent: it does not expire. */
  expiresAt?: string;
  /** The scopes granted, as the vendor wrote them. */
  scope?: string;
  /** The token response's other members (Miro's user_id and team_id, say), for `credentials`. */
  extra: Record<string, unknown>;
}

/** What the OAuth hooks receive. */
export interface OAuthContext {
  /** The connection's configuration (projectIdentifier and the plugin's own settings). */
  config: Record<string, unknown>;
  /**
   * The connection's credentials other than the sign-in's: the form's fields that say where or who (a site URL) for a
   * new connection, the saved ones for a reconnection or a refresh.
   */
  credentials: Record<string, unknown>;
  /** The operator's app. */
  client: { id: string; secret: string };
  /** `endpoints`, with the operator's origin applied. */
  endpoints: Record<string, string>;
  http: TrackerHttp;
  signal?: AbortSignal;
}
