// "Connect with GitHub" through the real app against stand-ins of GitHub's OAuth App endpoints (tests/trackers/
// oauth-fake.ts) and of its REST API, which accepts only the tokens the OAuth stand-in issued: connecting, a push with
// the token, reconnecting, revocation on delete, refusals in words (consent denied, a state replayed, expired or
// another user's), and, for an app with expiring user tokens, refreshing before expiry, after a 401, at once from two
// requests (one refresh, the rotated token refused afterwards), and a refused refresh that asks to connect again.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUpVerified } from '../support/accounts.ts';
import { startGitHubFake, gitHubError, type GitHubFake } from '../trackers/github-fake.ts';
import { gitHubProfile, requiringLiveTokens, startOAuthFake, type OAuthFake } from '../trackers/oauth-fake.ts';
import { call, type Json } from './connections-support.ts';
import { completeSignIn, connectWith, consent, startSignIn } from './oauth-support.ts';
import { createTickets, issuesByTicket, pushAndWait, usePushApp } from './push-support.ts';

const profile = gitHubProfile();
const CLIENT = { id: 'Iv1.tickscribe0001', secret: 'github-oauth-secret-5f1e2d' };
const oauth: OAuthFake = await startOAuthFake(profile, CLIENT);
const { api, t } = usePushApp({
  GITHUB_OAUTH_CLIENT_ID: CLIENT.id, GITHUB_OAUTH_CLIENT_SECRET: CLIENT.secret, GITHUB_OAUTH_URL: oauth.url,
});
let github: GitHubFake;

beforeAll(async () => {
  oauth.client.redirectUri = `${t.app.url}/connections/oauth/callback`;
  github = await startGitHubFake();
  // GitHub's API answers 401 "Bad credentials" to a token it does not know, or one expired or revoked.
  github.fake.routes = requiringLiveTokens(github.fake.routes, oauth, () => gitHubError(401, 'Bad credentials'));
});
afterAll(async () => {
  expect(github.fake.violations).toEqual([]);
  expect(oauth.violations).toEqual([]);
  await github.fake.close();
  await oauth.close();
});

const form = (name: string, project = name): Json => ({
  name, project_identifier: 'acme/web', connection_type: 'github',
  credentials: { github: { token: '' } },
  settings: { baseUrl: github.fake.url, projectMappings: [project], userMappings: {} },
});

const connectionOf = (answer: { body: Json }) => answer.body['connection'] as Json;
const verificationOf = (answer: { body: Json }) => answer.body['verification'] as Json;
const countOf = async (sql: string, values: unknown[]) => Number((await t.db.query<{ n: string }>(sql, values)).rows[0]!.n);

describe('Connect with GitHub', () => {
  it('is offered for GitHub only, since only its app is configured', async () => {
    const types = (await api('GET', '/api/connections/types')).body['types'] as Json[];
    expect(types.filter((type) => type['oauth']).map((type) => [type['id'], type['oauth']])).toEqual([['github', { provider: 'GitHub' }]]);
    const refused = await api('POST', '/api/connections/oauth/miro/start', { connection: form('Board') });
    expect(refused.status).toBe(400);
    expect(refused.body['error']).toBe('Signing in with Miro is not set up on this server. Enter the token in the form instead.');
  });

  it('connects, pushes with the token GitHub gave, and keeps the token sealed', async () => {
    const url = new URL(await startSignIn(api, 'github', { connection: form('Signed in', 'Signed') }));
    expect(url.pathname).toBe('/login/oauth/authorize');
    expect(url.searchParams.get('redirect_uri')).toBe(`${t.app.url}/connections/oauth/callback`);
    expect(url.searchParams.get('scope')).toBe('repo');
    expect(url.searchParams.get('code_challenge_method')).toBe('S256');
    const saved = await completeSignIn(api, await consent(url.href, 'approve'));
    expect(saved.status, saved.text).toBe(200);
    expect(verificationOf(saved)).toMatchObject({ ok: true, message: 'Connected to acme/web as ada.' });
    expect(connectionOf(saved)).toMatchObject({ name: 'Signed in', connectedWith: 'GitHub', credentials: { token: true } });

    const token = oauth.accessTokens().at(-1)!;
    const stored = await t.db.query<{ credentials: string; oauth: string }>('select credentials, oauth from connections where id = $1', [connectionOf(saved)['id']]);
    expect(JSON.stringify(stored.rows)).not.toContain(token);
    expect(stored.rows[0]!.oauth).toMatch(/^v1:/);

    const ids = await createTickets(api, [{ title: 'Ship the login fix' }], 'Signed');
    const result = await pushAndWait(api, String(connectionOf(saved)['id']), { ticketIds: Object.values(ids) });
    expect(result['successfulPushes'], JSON.stringify(result)).toBe(1);
    expect(issuesByTicket(github).get(ids['Ship the login fix']!)).toHaveLength(1);
    expect(github.requests('POST /repos/{owner}/{repo}/issues').at(-1)!.headers['authorization']).toBe(`Bearer ${token}`);
    const deliveries = await api('GET', `/api/connections/${String(connectionOf(saved)['id'])}/deliveries`);
    expect(deliveries.text).not.toContain(token);
  });

  it('saves nothing when access is denied at GitHub, and says so', async () => {
    const before = await countOf('select count(*) as n from connections', []);
    const denied = await completeSignIn(api, await consent(await startSignIn(api, 'github', { connection: form('Denied') }), 'deny'));
    expect(denied.status).toBe(400);
    expect(denied.body['error']).toBe('Access was not granted at GitHub, so nothing was connected or changed.');
    expect(await countOf('select count(*) as n from connections', [])).toBe(before);
  });

  it('refuses a state used once already, one past its ten minutes, and one started by another user', async () => {
    const callback = await consent(await startSignIn(api, 'github', { connection: form('Replayed') }), 'approve');
    expect((await completeSignIn(api, callback)).status).toBe(200);
    const replayed = await completeSignIn(api, callback);
    expect(replayed.status).toBe(400);
    expect(replayed.body['error']).toBe('This sign-in has expired or was already used. Start again from the Connections page.');

    const late = await consent(await startSignIn(api, 'github', { connection: form('Late') }), 'approve');
    await t.db.query("update oauth_states set expires_at = now() - interval '1 second'");
    const expired = await completeSignIn(api, late);
    expect(expired.status).toBe(400);
    expect(expired.body['error']).toMatch(/^This sign-in (took longer than ten minutes and has expired|has expired or was already used)\./);

    const mine = await consent(await startSignIn(api, 'github', { connection: form('Mine') }), 'approve');
    const other = await signUpVerified(t.base, t.db);
    const stolen = await call(t.base, other.token, 'POST', '/api/connections/oauth/complete', mine);
    expect(stolen.status).toBe(400);
    expect(stolen.body['error']).toBe('This sign-in was started by another Tickscribe account. Sign in to Tickscribe as that account to finish it, or start again from the Connections page.');
    expect(await countOf('select count(*) as n from connections where user_id = $1', [other.userId])).toBe(0);
    // Its user can still finish it.
    expect((await completeSignIn(api, mine)).status).toBe(200);
  });

  it('reconnects a saved connection with new tokens, keeping its name and settings', async () => {
    const saved = await connectWith(api, 'github', { connection: form('Reconnected') });
    const id = String(connectionOf(saved)['id']);
    const first = oauth.accessTokens().at(-1)!;
    const again = await connectWith(api, 'github', { connection_id: id });
    expect(again.status, again.text).toBe(200);
    expect(connectionOf(again)).toMatchObject({ id, name: 'Reconnected', settings: { projectMappings: ['Reconnected'] } });
    expect(oauth.accessTokens().at(-1)).not.toBe(first);
    const push = github.fake.requests.length;
    expect((await api('POST', `/api/connections/${id}/verify`)).body['verification']).toMatchObject({ ok: true });
    expect(github.fake.requests.slice(push).every((request) => request.headers['authorization'] === `Bearer ${oauth.accessTokens().at(-1)!}`)).toBe(true);
  });

  it('revokes the grant at GitHub when the connection is deleted, and deletes it anyway when GitHub fails', async () => {
    const saved = await connectWith(api, 'github', { connection: form('Revoked') });
    const token = oauth.accessTokens().at(-1)!;
    const deleted = await api('DELETE', `/api/connections/${String(connectionOf(saved)['id'])}`);
    expect(deleted.status).toBe(204);
    expect(oauth.log.at(-1)).toEqual({ kind: 'revoke', outcome: 'revoked' });
    expect(oauth.live(token)).toBe(false);

    const kept = await connectWith(api, 'github', { connection: form('Revoke fails') });
    const revoke = profile.revoke;
    profile.revoke = () => ({ status: 500, body: { message: 'Server Error' } });
    try {
      const answer = await api('DELETE', `/api/connections/${String(connectionOf(kept)['id'])}`);
      expect(answer.status).toBe(200);
      expect(answer.body['notice']).toBe("The connection was deleted, but GitHub could not be told to withdraw Tickscribe's access. You can withdraw it yourself in your GitHub settings.");
      expect(await countOf('select count(*) as n from connections where id = $1', [connectionOf(kept)['id']])).toBe(0);
    } finally {
      profile.revoke = revoke;
    }
  });
});

describe('Connect with GitHub, for an app with expiring user tokens', () => {
  const expiring = gitHubProfile({ expiring: true });
  beforeAll(() => Object.assign(profile, { expiresIn: expiring.expiresIn }));
  afterAll(() => Object.assign(profile, { expiresIn: null }));

  const refreshes = () => oauth.log.filter((entry) => entry.kind === 'refresh_token').length;

  /** A connection whose first token expires in two minutes (within the refresh margin); later ones last eight hours. */
  async function connectExpiringSoon(name: string): Promise<string> {
    profile.expiresIn = 120;
    const saved = await connectWith(api, 'github', { connection: form(name) });
    profile.expiresIn = 28_800;
    return String(connectionOf(saved)['id']);
  }

  it('refreshes a token that expires within minutes before using it, and the old refresh token is spent', async () => {
    const id = await connectExpiringSoon('Expiring');
    const before = refreshes();
    const first = oauth.accessTokens().at(-1)!;
    const verified = await api('POST', `/api/connections/${id}/verify`);
    expect(verified.body['verification'], verified.text).toMatchObject({ ok: true });
    expect(refreshes()).toBe(before + 1);
    expect(oauth.accessTokens().at(-1)).not.toBe(first);
    // The new token lasts eight hours: the next use does not refresh again.
    expect((await api('POST', `/api/connections/${id}/verify`)).body['verification']).toMatchObject({ ok: true });
    expect(refreshes()).toBe(before + 1);
  });

  it('refreshes once and tries again when GitHub refuses the token', async () => {
    const saved = await connectWith(api, 'github', { connection: form('Refused early') });
    const id = String(connectionOf(saved)['id']);
    oauth.expire(oauth.accessTokens().at(-1)!);
    const before = refreshes();
    const verified = await api('POST', `/api/connections/${id}/verify`);
    expect(verified.body['verification'], verified.text).toMatchObject({ ok: true });
    expect(refreshes()).toBe(before + 1);
  });

  it('refreshes once when two requests need it at once, and both use the new token', async () => {
    const id = await connectExpiringSoon('Together');
    const before = refreshes();
    const refusedBefore = oauth.log.filter((entry) => entry.outcome === 'bad_refresh_token').length;
    const answers = await Promise.all([1, 2, 3].map(() => api('POST', `/api/connections/${id}/verify`)));
    for (const answer of answers) expect(answer.body['verification'], answer.text).toMatchObject({ ok: true });
    expect(refreshes()).toBe(before + 1);
    expect(oauth.log.filter((entry) => entry.outcome === 'bad_refresh_token').length).toBe(refusedBefore);
  });

  it('asks to connect again, in words, when GitHub refuses the refresh token', async () => {
    const id = await connectExpiringSoon('Lapsed');
    oauth.refuseRefreshTokens();
    const message = 'The connection \'Lapsed\' must be connected again: GitHub no longer accepts its sign-in. Open it on the Connections page and choose "Reconnect with GitHub".';
    const verified = await api('POST', `/api/connections/${id}/verify`);
    expect(verified.status).toBe(400);
    expect(verified.body['error']).toBe(message);
    const listed = ((await api('GET', '/api/connections')).body['connections'] as Json[]).find((connection) => connection['id'] === id)!;
    expect(listed['lastVerification']).toMatchObject({ ok: false, kind: 'auth', message });
    const ids = await createTickets(api, [{ title: 'Lapsed ticket' }], 'Lapsed');
    const result = await pushAndWait(api, id, { ticketIds: Object.values(ids) });
    expect(JSON.stringify(result)).toContain('must be connected again');
  });
});
