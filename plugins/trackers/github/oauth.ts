/**
 * "Connect with GitHub" through an OAuth App, as GitHub documents it ("Authorizing OAuth apps", docs.github.com):
 * the web application flow at github.com/login/oauth/authorize, the code exchanged at /login/oauth/access_token
 * (asked for JSON with `Accept: application/json`), scope `repo` for issues in private repositories too. PKCE (S256)
 * is sent, which GitHub accepts and recommends since July 2025 ("PKCE support for OAuth and GitHub App
 * authentication", github.blog changelog 2025-07-14). An OAuth App's token does not expire; an app with expiring
 * user tokens answers `expires_in` (8 hours) and a `refresh_token` (6 months) instead, which the host refreshes.
 * The token is used as the plugin's `token`, sent as `Authorization: Bearer` like a personal access token.
 */
import { errorFromResponse, type TrackerOAuth } from '../../sdk/index.ts';

export const GITHUB_OAUTH: TrackerOAuth = {
  provider: 'GitHub',
  endpoints: {
    authorize: 'https://github.com/login/oauth/authorize',
    token: 'https://github.com/login/oauth/access_token',
    revoke: 'https://api.github.com/applications/{client_id}/grant',
  },
  scopes: ['repo'],
  pkce: true,
  credentials: (grant) => ({ token: grant.accessToken }),
  /**
   * "Delete an app authorization" (REST reference, Apps, OAuth authorizations): DELETE /applications/{client_id}/grant
   * with the app's client id and secret as Basic credentials and the user's `access_token` in the body; 204 when done.
   * It deletes every token of the app for that user, so GitHub stops listing Tickscribe among the user's authorized apps.
   */
  async revoke(grant, { client, endpoints, http, signal }) {
    signal?.throwIfAborted();
    const response = await http({
      method: 'DELETE',
      url: endpoints['revoke']!,
      headers: {
        accept: 'application/vnd.github+json',
        'x-github-api-version': '2022-11-28',
        authorization: `Basic ${Buffer.from(`${client.id}:${client.secret}`).toString('base64')}`,
      },
      body: { access_token: grant.accessToken },
    });
    if (response.status !== 204) throw errorFromResponse(response, { message: `GitHub did not revoke the grant (HTTP ${response.status}).` });
  },
};
