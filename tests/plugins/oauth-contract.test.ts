// The OAuth part of the tracker contract without a server: the host loads a tracker's `oauth` block only when it can
// run it, offers it only where the operator configured the app, moves its endpoints to a stand-in's origin, and reads
// vendors' token answers, GitHub's refusals answered with 200 included.
import { describe, expect, it } from 'vitest';
import { endpointsOf, oauthSetup } from '../../core/oauth/apps.ts';
import { OAuthTokenError, readTokenResponse } from '../../core/oauth/tokens.ts';
import { PluginHost } from '../../core/plugins/host.ts';
import { loadConfig } from '../../core/config.ts';
import type { TrackerOAuth, TrackerPlugin } from '../../plugins/sdk/index.ts';
import { BUILTIN_TRACKERS } from '../../plugins/trackers/index.ts';

const github = BUILTIN_TRACKERS.find((tracker) => tracker.manifest.id === 'github')!;

/** The GitHub tracker under another id, with its oauth block changed. */
const withOAuth = (id: string, oauth: unknown): TrackerPlugin => ({ ...github, manifest: { ...github.manifest, id }, oauth: oauth as TrackerOAuth });

describe('a tracker\'s oauth block', () => {
  it('is loaded when the host can run it, and a broken one refuses the plugin, naming what is missing', async () => {
    const broken = { ...github.oauth!, endpoints: { authorize: 'not a url', token: github.oauth!.endpoints.token } };
    const host = await PluginHost.load({ builtins: [withOAuth('good', github.oauth), withOAuth('broken', broken), withOAuth('plain', undefined)] });
    expect(host.list().map((loaded) => loaded.manifest.id)).toEqual(['good', 'plain']);
    expect(host.refused).toEqual([{ plugin: 'broken', origin: 'built-in', problem: 'has an oauth block without a provider, absolute authorize and token endpoints, scopes and a credentials() function' }]);
    expect(host.trackerOAuth('good')?.provider).toBe('GitHub');
    expect(host.trackerOAuth('plain')).toBeUndefined();
  });

  it('is offered only with both client id and secret, and its endpoints move to the stand-in origin with their paths', () => {
    const only = oauthSetup(loadConfig({ GITHUB_OAUTH_CLIENT_ID: 'Iv1.abc' }), {});
    expect(only.app('github')).toBeUndefined();
    const setup = oauthSetup(loadConfig({ APP_URL: 'https://tickscribe.example.com/', GITHUB_OAUTH_CLIENT_ID: 'Iv1.abc', GITHUB_OAUTH_CLIENT_SECRET: 's3cret', GITHUB_OAUTH_URL: 'http://127.0.0.1:4020' }), {});
    expect(setup.redirectUri).toBe('https://tickscribe.example.com/connections/oauth/callback');
    const app = setup.app('github')!;
    expect(endpointsOf(github.oauth!, app)).toEqual({
      authorize: 'http://127.0.0.1:4020/login/oauth/authorize',
      token: 'http://127.0.0.1:4020/login/oauth/access_token',
      revoke: 'http://127.0.0.1:4020/applications/Iv1.abc/grant',
    });
    // A third-party tracker's app is read from the environment the same way.
    expect(oauthSetup(loadConfig({}), { KANBAN_OAUTH_CLIENT_ID: 'k', KANBAN_OAUTH_CLIENT_SECRET: 's' }).app('kanban')?.client).toEqual({ id: 'k', secret: 's' });
  });
});

describe('reading a token answer', () => {
  const now = Date.parse('2026-11-27T12:00:00Z');

  it('keeps the access and refresh tokens, the expiry and the vendor\'s other members', () => {
    expect(readTokenResponse('Miro', 200, {
      access_token: 'at', refresh_token: 'rt', expires_in: 3599, scope: 'boards:read boards:write', token_type: 'bearer', user_id: '1', team_id: '2',
    }, now)).toEqual({ accessToken: 'at', refreshToken: 'rt', expiresAt: '2026-11-27T12:59:59.000Z', scope: 'boards:read boards:write', extra: { user_id: '1', team_id: '2' } });
    // A GitHub OAuth App's token does not expire.
    expect(readTokenResponse('GitHub', 200, { access_token: 'gho_x', token_type: 'bearer', scope: 'repo' }, now)).toEqual({ accessToken: 'gho_x', scope: 'repo', extra: {} });
  });

  it('reads GitHub\'s refusal answered with 200 as a refusal, in words', () => {
    const read = () => readTokenResponse('GitHub', 200, { error: 'bad_verification_code', error_description: 'The code passed is incorrect or expired.' });
    expect(read).toThrow(new OAuthTokenError('GitHub refused the sign-in: The code passed is incorrect or expired.', true));
    expect(() => readTokenResponse('Miro', 503, {})).toThrow('Miro refused the sign-in: HTTP 503.');
    expect(() => readTokenResponse('Miro', 200, { token_type: 'bearer' })).toThrow('Miro answered the sign-in without an access token.');
  });
});
