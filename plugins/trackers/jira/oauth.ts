/**
 * "Connect with Jira" through Atlassian's OAuth 2.0 (3LO), as Atlassian documents it ("Jira platform: OAuth 2.0 (3LO)
 * apps", developer.atlassian.com/cloud/jira/platform/oauth-2-3lo-apps): the consent page at auth.atlassian.com/authorize
 * with `audience=api.atlassian.com` and `prompt=consent`, the code exchanged at auth.atlassian.com/oauth/token with a
 * JSON body holding the client id and secret. Scopes: read:jira-work and write:jira-work (issues, links, transitions),
 * read:jira-user (assignees), and offline_access, without which no refresh token is given. Access tokens last an hour;
 * refresh tokens rotate: "Your app is using rotating refresh tokens ... not replacing the previous refresh token with
 * the new refresh token returned" is a cause of 403 invalid_grant "Unknown or invalid refresh token" (same page,
 * "Use a refresh token to get another access token"), so the host refreshes under a lock.
 *
 * A 3LO token works only through the gateway, https://api.atlassian.com/ex/jira/{cloudId}, never at the site ("Making
 * calls to API", developer.atlassian.com/cloud/oauth/getting-started/making-calls-to-api); the cloudId is the `id` of
 * the site among GET https://api.atlassian.com/oauth/token/accessible-resources, the sites the grant reaches. Issue
 * links stay on the site's address. Atlassian documents no way for an app to revoke a 3LO grant: the user removes it
 * at id.atlassian.com, Connected apps, so there is no revoke hook.
 */
import { errorFromResponse, TrackerError, type TrackerOAuth } from '../../sdk/index.ts';
import { SIGNED_IN_CREDENTIALS_SCHEMA } from './settings.ts';

interface AccessibleResource {
  id?: unknown;
  url?: unknown;
  name?: unknown;
}

/** A site address as people write it, for comparing: its origin in small letters, else the text without a trailing slash. */
const siteKey = (url: unknown): string => {
  const text = typeof url === 'string' ? url.trim().replace(/\/+$/, '') : '';
  return URL.canParse(text) ? new URL(text).origin.toLowerCase() : text.toLowerCase();
};

export const JIRA_OAUTH: TrackerOAuth = {
  provider: 'Jira',
  endpoints: {
    authorize: 'https://auth.atlassian.com/authorize',
    token: 'https://auth.atlassian.com/oauth/token',
    resources: 'https://api.atlassian.com/oauth/token/accessible-resources',
    gateway: 'https://api.atlassian.com/ex/jira',
  },
  scopes: ['read:jira-work', 'write:jira-work', 'read:jira-user', 'offline_access'],
  authorizeParams: { audience: 'api.atlassian.com', prompt: 'consent' },
  tokenRequest: 'json',
  rotatesRefreshTokens: true,
  /** The site's address from the form, the token and the gateway address of that site; the e-mail, if typed, is kept. */
  credentialsSchema: SIGNED_IN_CREDENTIALS_SCHEMA,
  async credentials(grant, { credentials, endpoints, http, signal }) {
    const site = typeof credentials['url'] === 'string' ? credentials['url'].trim() : '';
    if (!site) throw new TrackerError('validation', 'Fill in the JIRA URL (e.g. https://your-team.atlassian.net) and choose "Connect with Jira" again: the sign-in needs to know which site to connect.');
    signal?.throwIfAborted();
    const answer = await http({
      method: 'GET', url: endpoints['resources']!, headers: { accept: 'application/json', authorization: `Bearer ${grant.accessToken}` },
    });
    if (answer.status !== 200 || !Array.isArray(answer.json)) {
      throw errorFromResponse(answer, { message: `Atlassian did not say which sites the sign-in reaches (HTTP ${answer.status}).` });
    }
    const sites = answer.json as AccessibleResource[];
    const match = sites.find((resource) => siteKey(resource.url) === siteKey(site) && typeof resource.id === 'string' && resource.id);
    if (!match) {
      const reached = sites.map((resource) => (typeof resource.url === 'string' ? resource.url : '')).filter(Boolean);
      throw new TrackerError('auth', `The Atlassian account you signed in with did not give Tickscribe access to ${site}`
        + (reached.length ? ` (it gave access to ${reached.join(', ')})` : '')
        + '. Sign in with an account of that site and choose it on Atlassian\'s consent page, or correct the Jira site URL.');
    }
    const cloudId = match.id as string;
    return { accessToken: grant.accessToken, cloudId, apiUrl: `${endpoints['gateway']!}/${encodeURIComponent(cloudId)}` };
  },
};
