/**
 * The operator's OAuth apps: for a tracker whose plugin declares `oauth`, the client id and secret the operator
 * registered at the vendor (`<ID>_OAUTH_CLIENT_ID` and `<ID>_OAUTH_CLIENT_SECRET`, ID the plugin id in capitals or
 * the oauth block's `settingsPrefix`), optionally `<ID>_OAUTH_URL`, an origin that takes the place of the vendor's in
 * every OAuth endpoint (a stand-in in tests), and `<ID>_OAUTH_TENANT` for a `{tenant}` in the endpoints. The
 * built-in trackers' variables are validated by schemas/config.schema.json; a third-party tracker's are read from the
 * environment the same way. Without both id and secret, the type offers its token fields alone.
 */
import type { TrackerOAuth } from '../../plugins/sdk/index.ts';
import type { Config } from '../config.ts';

/** The web app's page the vendor sends the browser back to: register APP_URL + this path at the vendor. */
export const OAUTH_CALLBACK_PATH = '/connections/oauth/callback';

export interface OAuthApp {
  client: { id: string; secret: string };
  /** Origin (scheme, host, port) replacing the vendor's in every endpoint, when set. */
  origin?: string;
  /** Values of `{name}` placeholders in the endpoints: the Entra tenant of Azure DevOps. */
  placeholders: Record<string, string>;
}

export interface OAuthSetup {
  /** APP_URL + OAUTH_CALLBACK_PATH. */
  redirectUri: string;
  /** The app configured for a tracker id (or the oauth block's settingsPrefix), or undefined. */
  app(trackerId: string): OAuthApp | undefined;
}

const variable = (id: string, name: string) => `${id.toUpperCase().replace(/[^A-Z0-9]/g, '_')}_OAUTH_${name}`;

/** The apps from the settings (and, for third-party trackers, the environment). */
export function oauthSetup(config: Config, env: NodeJS.ProcessEnv = process.env): OAuthSetup {
  const read = (name: string): string | undefined => {
    const known = (config as unknown as Record<string, unknown>)[name];
    const value = typeof known === 'string' ? known : env[name];
    return value?.trim() || undefined;
  };
  return {
    redirectUri: `${config.APP_URL}${OAUTH_CALLBACK_PATH}`,
    app(trackerId) {
      const id = read(variable(trackerId, 'CLIENT_ID'));
      const secret = read(variable(trackerId, 'CLIENT_SECRET'));
      if (!id || !secret) return undefined;
      const origin = read(variable(trackerId, 'URL'));
      const tenant = read(variable(trackerId, 'TENANT'));
      return {
        client: { id, secret },
        ...(origin && URL.canParse(origin) ? { origin: new URL(origin).origin } : {}),
        placeholders: tenant ? { tenant } : ({} as Record<string, string>),
      };
    },
  };
}

/** The plugin's endpoints with the operator's origin and placeholders applied. */
export function endpointsOf(oauth: TrackerOAuth, app: OAuthApp): Record<string, string> {
  return Object.fromEntries(Object.entries(oauth.endpoints).map(([name, url]) => {
    const filled = url.replace(/\{(\w+)\}/g, (whole, key: string) => (key === 'client_id' ? app.client.id : app.placeholders[key]) ?? whole);
    if (!app.origin) return [name, filled];
    const parsed = new URL(filled);
    return [name, `${app.origin}${parsed.pathname}${parsed.search}`];
  }));
}
