// "Connect with Jira" through the real app against stand-ins of Atlassian's OAuth 2.0 (3LO) endpoints (consent page,
// token, rotating refresh, accessible-resources) and of Jira's REST API behind Atlassian's gateway: the sign-in finds
// the site's cloudId among the sites the grant reaches, issues are created through the gateway with the bearer token
// while their links name the site, tokens are refreshed before their hour is up (once even when several requests need
// it), a refresh refused asks to connect again in words, and a site the account cannot reach is refused in words.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { useJiraFake } from '../trackers/jira-fake.ts';
import { atlassianProfile, startOAuthFake } from '../trackers/oauth-fake.ts';
import type { Json } from './connections-support.ts';
import {
  completeSignIn, connectLasting, connectWith, consent, expectDeletedWithoutRevocation, expectOneRefreshUnderLoad, expectReconnectionAsked, expectRefreshAfterRefusal, startSignIn,
} from './oauth-support.ts';
import { createTickets, pushAndWait, usePushApp } from './push-support.ts';

const jira = useJiraFake({ perFile: true });
let sites: { id: string; url: string; name: string }[] = [];
const profile = atlassianProfile(() => sites);
const CLIENT = { id: 'aBcDeFgHiJkLmNoPqRsTuVwXyZ012345', secret: 'atlassian-oauth-secret-51f0' };
const oauth = await startOAuthFake(profile, CLIENT);
const { api, t } = usePushApp({ JIRA_OAUTH_CLIENT_ID: CLIENT.id, JIRA_OAUTH_CLIENT_SECRET: CLIENT.secret, JIRA_OAUTH_URL: oauth.url });

beforeAll(() => {
  oauth.client.redirectUri = `${t.app.url}/connections/oauth/callback`;
  // Atlassian's gateway (api.atlassian.com/ex/jira/{cloudId}) is reached at the OAuth stand-in's origin, as JIRA_OAUTH_URL says.
  oauth.forward('/ex/jira/', () => jira.fake.url);
  jira.state.liveBearer = oauth.live;
  sites = [
    { id: 'b5c3a0a4-0d9e-4b4e-9d0f-7e1e6c2d9a11', url: 'https://elsewhere.atlassian.net', name: 'elsewhere' },
    { id: jira.state.cloudId, url: jira.fake.url, name: 'acme' },
  ];
});
afterAll(async () => {
  expect(oauth.violations).toEqual([]);
  await oauth.close();
});

const form = (name: string, url = jira.fake.url): Json => ({
  name, project_identifier: 'PROJ', connection_type: 'jira', credentials: { jira: { url } },
  settings: { projectMappings: [name], userMappings: {} },
});
const refreshes = () => oauth.log.filter((entry) => entry.kind === 'refresh_token');
const verify = async (id: string) => (await api('POST', `/api/connections/${id}/verify`)).body;

/** Connects with the access token lasting `seconds` (later ones last Atlassian's hour); the connection's id. */
const connectFor = (name: string, seconds: number) =>
  connectLasting(api, profile, { seconds, usual: 3600 }, form(name), { provider: 'Jira', credentials: { url: true, apiToken: false } });

describe('Connect with Jira (Atlassian OAuth 2.0 3LO)', () => {
  it('asks Atlassian for consent as it documents, and pushes an issue through the gateway with the token it gave', async () => {
    const url = new URL(await startSignIn(api, 'jira', { connection: form('Jira sign-in') }));
    expect(`${url.origin}${url.pathname}`).toBe(`${oauth.url}/authorize`);
    expect(Object.fromEntries(url.searchParams)).toMatchObject({
      audience: 'api.atlassian.com', prompt: 'consent', response_type: 'code', client_id: CLIENT.id,
      scope: 'read:jira-work write:jira-work read:jira-user offline_access',
    });
    const saved = await completeSignIn(api, await consent(url.href, 'approve'));
    expect(saved.status, saved.text).toBe(200);
    expect(saved.body['verification'], saved.text).toMatchObject({ ok: true });
    expect(String((saved.body['verification'] as Json)['account'])).toContain("Atlassian sign-in, through Atlassian's API gateway");
    const id = String((saved.body['connection'] as Json)['id']);

    const ids = await createTickets(api, [{ title: 'Rotate the signing keys' }], 'Jira sign-in');
    const result = await pushAndWait(api, id, { ticketIds: Object.values(ids) });
    expect(result['successfulPushes'], JSON.stringify(result)).toBe(1);
    const created = jira.requests('POST /rest/api/3/issue').at(-1)!;
    expect(created.headers['authorization']).toBe(`Bearer ${oauth.accessTokens().at(-1)}`);
    expect(JSON.stringify(result)).toContain(`${jira.fake.url}/browse/PROJ-`);
    expect(refreshes()).toEqual([]);
  });

  it('refreshes a token near the end of its hour and keeps the rotated refresh token', async () => {
    const id = await connectFor('Hourly', 120);
    const before = refreshes().length;
    expect((await verify(id))['verification']).toMatchObject({ ok: true });
    expect((await verify(id))['verification']).toMatchObject({ ok: true });
    expect(refreshes().slice(before)).toEqual([{ kind: 'refresh_token', outcome: 'issued' }]);
  });

  it('spends a rotated refresh token once when a push and checks need it at the same time', async () => {
    await expectOneRefreshUnderLoad(api, oauth, await connectFor('Busy project', 120), 'Busy project');
  });

  it('refreshes once and tries again when the gateway refuses the token before its hour is up', async () => {
    await expectRefreshAfterRefusal(api, oauth, await connectFor('Refused early', 3600));
  });

  it('deletes the connection without a revocation, which Atlassian does not offer to apps', async () => {
    await expectDeletedWithoutRevocation(api, oauth, await connectFor('Deleted', 3600));
  });

  it('keeps the typed path and its message: an e-mail without an API token is refused as the spec words it', async () => {
    const answer = await api('POST', '/api/connections', {
      ...form('Typed'), credentials: { jira: { url: jira.fake.url, username: 'ada@acme.test' } },
    });
    expect(answer.status).toBe(400);
    expect(answer.text).toContain('JIRA URL and API token are required');
  });

  it('checks the site URL, in words, before sending anyone to Atlassian', async () => {
    const before = oauth.log.length;
    const none = await api('POST', '/api/connections/oauth/jira/start', { connection: form('No site', '') });
    expect(none.status).toBe(400);
    expect(none.text).toContain('Fill in the Jira site URL before choosing \\"Connect with Jira\\": the sign-in is for the Jira site URL typed in the form.');
    const bare = await api('POST', '/api/connections/oauth/jira/start', { connection: form('Bare site', 'acme.atlassian.net') });
    expect(bare.status).toBe(400);
    expect(bare.text).toContain("The Jira site URL 'acme.atlassian.net' is not one Jira can sign in to. Correct it and choose \\\"Connect with Jira\\\" again: the address of your Jira site, e.g. https://your-team.atlassian.net.");
    expect(oauth.log.slice(before)).toEqual([]);
  });

  it('refuses, in words, a site the Atlassian account did not give access to, and saves nothing', async () => {
    const before = ((await api('GET', '/api/connections')).body['connections'] as Json[]).length;
    const answer = await connectWith(api, 'jira', { connection: form('Other site', 'https://unknown-team.atlassian.net') });
    expect(answer.status).toBe(400);
    expect(answer.text).toContain('The Atlassian account you signed in with did not give Tickscribe access to https://unknown-team.atlassian.net');
    expect(answer.text).toContain('https://elsewhere.atlassian.net');
    expect(((await api('GET', '/api/connections')).body['connections'] as Json[]).length).toBe(before);
  });

  it('asks to connect again, in words, once Atlassian refuses the refresh token (403 invalid_grant)', async () => {
    await expectReconnectionAsked(api, oauth, await connectFor('Lapsed project', 120), 'Lapsed project', 'Jira');
  });
});
