/**
 * "Connect with Miro" as Miro documents its REST API authorization ("OAuth 2.0 authorization flow", developers.miro.com):
 * the authorize page at miro.com/oauth/authorize (the scopes are the app's own, boards:read and boards:write, set where
 * the app is configured, so none are sent), the code exchanged at api.miro.com/v1/oauth/token with the parameters in
 * the query string ("Step 3: Exchange authorization code with access token"). An app with expiring tokens (Miro's
 * recommended setting) gets an access token for one hour and a refresh token for 60 days; "When a new access token is
 * requested, you also get a new refresh token. In this scenario, the old access token and refresh token are no longer
 * valid." The host refreshes under a lock, so a rotated refresh token is spent once. An app without expiry gets a token
 * that works until the app is uninstalled. Revocation: POST /v1/oauth/revoke?access_token=… ("Revoke token": "When an
 * access token is revoked, the refresh token is also revoked"); 204 when done.
 */
import { errorFromResponse, type TrackerOAuth } from '../../sdk/index.ts';

export const MIRO_OAUTH: TrackerOAuth = {
  provider: 'Miro',
  endpoints: {
    authorize: 'https://miro.com/oauth/authorize',
    token: 'https://api.miro.com/v1/oauth/token',
    revoke: 'https://api.miro.com/v1/oauth/revoke',
  },
  scopes: [],
  tokenRequest: 'query',
  rotatesRefreshTokens: true,
  credentials: (grant) => ({ accessToken: grant.accessToken }),
  async revoke(grant, { endpoints, http, signal }) {
    signal?.throwIfAborted();
    const url = new URL(endpoints['revoke']!);
    url.searchParams.set('access_token', grant.accessToken);
    const response = await http({ method: 'POST', url: url.href, headers: { accept: 'application/json' } });
    if (response.status !== 204 && response.status !== 200) throw errorFromResponse(response, { message: `Miro did not revoke the token (HTTP ${response.status}).` });
  },
};
