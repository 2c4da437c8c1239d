/**
 * "Connect with …": the OAuth 2.0 authorization code flow (RFC 6749 4.1, with PKCE, RFC 7636, where the plugin asks
 * for it) run by the host for any tracker plugin that declares `oauth` and whose app the operator configured. The
 * form's click starts it (`start`: a single-use state kept server-side, the vendor's authorize URL); the vendor sends
 * the browser back to the web app's callback page, which hands the code and state to `complete` with the user's
 * session: the state must be this user's and unexpired, the code is exchanged, the plugin turns the tokens into its
 * credentials, and the caller saves and verifies the connection. Every refusal is said in words, and nothing saved
 * before is changed by a sign-in that did not complete.
 */
import { createHash, randomBytes } from 'node:crypto';
import type { EntityManager } from '@mikro-orm/postgresql';
import type { OAuthContext, OAuthGrant, PluginManifest, TrackerHttp, TrackerOAuth } from '../../plugins/sdk/index.ts';
import { InvalidInput } from '../errors.ts';
import type { PluginHost } from '../plugins/host.ts';
import { endpointsOf, type OAuthApp, type OAuthSetup } from './apps.ts';
import { saveState, takeState, type OAuthForm, type OAuthState } from './states.ts';
import { exchangeCode, OAuthTokenError } from './tokens.ts';

/** A tracker whose "Connect with …" can run here: its plugin's declaration and the operator's app. */
export interface OAuthTracker {
  manifest: PluginManifest;
  oauth: TrackerOAuth;
  app: OAuthApp;
  endpoints: Record<string, string>;
}

/** What the callback page hands over: the vendor's query string. */
export interface OAuthCallback {
  state?: string;
  code?: string;
  error?: string;
  error_description?: string;
}

/** A sign-in that came back with tokens: what to save. */
export interface OAuthOutcome {
  state: OAuthState;
  tracker: OAuthTracker;
  grant: OAuthGrant;
  credentials: Record<string, unknown>;
}

export const notSetUp = (name: string) =>
  new InvalidInput(`Signing in with ${name} is not set up on this server. Enter the token in the form instead.`);

const startAgain = (provider: string) => `Start again with "Connect with ${provider}".`;

export class OAuthFlow {
  readonly #plugins: PluginHost;
  readonly #setup: OAuthSetup;
  /** The host's outbound client, through which every OAuth request goes (address rules, timeouts). */
  readonly http: TrackerHttp;

  constructor(deps: { plugins: PluginHost; setup: OAuthSetup; http: TrackerHttp }) {
    this.#plugins = deps.plugins;
    this.#setup = deps.setup;
    this.http = deps.http;
  }

  /** The tracker's OAuth, when its plugin declares one and the operator configured its app. */
  tracker(manifest: PluginManifest): OAuthTracker | undefined {
    const oauth = this.#plugins.trackerOAuth(manifest.id);
    const app = oauth && this.#setup.app(oauth.settingsPrefix ?? manifest.id);
    return oauth && app ? { manifest, oauth, app, endpoints: endpointsOf(oauth, app) } : undefined;
  }

  /** The OAuth of a tracker type by its id, when it can run here. */
  trackerOf(type: string): OAuthTracker | undefined {
    const manifest = this.#plugins.list().find((loaded) => loaded.manifest.kind === 'tracker' && loaded.manifest.id === type)?.manifest;
    return manifest && this.tracker(manifest);
  }

  /** What the OAuth hooks of the plugin get for a connection's configuration. */
  context(tracker: OAuthTracker, settings: { config: Record<string, unknown>; credentials: Record<string, unknown> }, signal?: AbortSignal): OAuthContext {
    return { ...settings, client: tracker.app.client, endpoints: tracker.endpoints, http: this.http, ...(signal ? { signal } : {}) };
  }

  /** Keeps a new sign-in and answers the vendor's authorize URL to send the browser to. */
  async start(em: EntityManager, userId: string, tracker: OAuthTracker, target: { connectionId: string | null; form: OAuthForm }): Promise<string> {
    const { oauth, app } = tracker;
    const codeVerifier = oauth.pkce ? randomBytes(32).toString('base64url') : null;
    const state = await saveState(em, { userId, connectionType: tracker.manifest.id, codeVerifier, ...target });
    const url = new URL(tracker.endpoints['authorize']!);
    const params: Record<string, string> = {
      ...oauth.authorizeParams,
      client_id: app.client.id,
      redirect_uri: this.#setup.redirectUri,
      response_type: 'code',
      state,
    };
    if (oauth.scopes.length) params['scope'] = oauth.scopes.join(oauth.scopeSeparator ?? ' ');
    if (codeVerifier) {
      params['code_challenge'] = createHash('sha256').update(codeVerifier).digest('base64url');
      params['code_challenge_method'] = 'S256';
    }
    for (const [key, value] of Object.entries(params)) url.searchParams.set(key, value);
    return url.href;
  }

  /** The sign-in the callback completes, with its tokens and the plugin's credentials; InvalidInput in words otherwise. */
  async complete(em: EntityManager, userId: string, callback: OAuthCallback, settings: (state: OAuthState) => Promise<{ config: Record<string, unknown>; credentials: Record<string, unknown> }>): Promise<OAuthOutcome> {
    if (!callback.state) throw new InvalidInput('The sign-in came back without its state, so it cannot be matched to a connection. Start again from the Connections page.');
    const state = await takeState(em, userId, callback.state);
    if (state === 'elsewhere') {
      throw new InvalidInput('This sign-in was started by another Tickscribe account. Sign in to Tickscribe as that account to finish it, or start again from the Connections page.');
    }
    if (state === 'unknown') {
      throw new InvalidInput('This sign-in has expired or was already used. Start again from the Connections page.');
    }
    const tracker = this.trackerOf(state.connectionType);
    if (!tracker) throw notSetUp(this.#plugins.list().find((loaded) => loaded.manifest.id === state.connectionType)?.manifest.name ?? state.connectionType);
    const { provider } = tracker.oauth;
    if (state.expiresAt.getTime() < Date.now()) {
      throw new InvalidInput(`This sign-in took longer than ten minutes and has expired. ${startAgain(provider)}`);
    }
    if (callback.error === 'access_denied') {
      throw new InvalidInput(`Access was not granted at ${provider}, so nothing was connected or changed.`);
    }
    if (callback.error || !callback.code) {
      // First line only: Microsoft Entra appends Trace ID, Correlation ID and Timestamp lines.
      const words = callback.error_description?.split(/\r?\n/)[0]!.trim() || callback.error || 'no code was given';
      throw new InvalidInput(`${provider} did not complete the sign-in (${words.replace(/\.$/, '')}). ${startAgain(provider)}`);
    }
    const call = { oauth: tracker.oauth, app: tracker.app, endpoints: tracker.endpoints, http: this.http };
    let grant: OAuthGrant;
    try {
      grant = await exchangeCode(call, callback.code, this.#setup.redirectUri, state.codeVerifier);
    } catch (error) {
      if (error instanceof OAuthTokenError) throw new InvalidInput(`${error.message} ${startAgain(provider)}`);
      throw error;
    }
    const credentials = await tracker.oauth.credentials(grant, this.context(tracker, await settings(state)));
    return { state, tracker, grant, credentials };
  }
}
