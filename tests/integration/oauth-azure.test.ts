// "Connect with Azure DevOps" through the real app against stand-ins of Microsoft Entra ID's authorization code flow
// (consent page, token with the PKCE verifier, refresh naming its scopes and rotating the refresh token, refusals in
// Entra's shape) and of Azure DevOps taking only live Entra tokens issued for it: the organization typed in the form
// is kept, work items are created with the bearer token, tokens are refreshed before their hour is up (once even when
// several requests need it), a refusal of the token refreshes it once, a refused refresh asks to connect again in
// words, and the typed personal access token path keeps its spec message.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startVendorFake, type VendorFake } from '../support/vendor-fake.ts';
import { azureRoutes, ORGANIZATION, PROJECT, requiringEntraTokens } from '../trackers/azure-fake.ts';
import { entraProfile, startOAuthFake } from '../trackers/oauth-fake.ts';
import type { Json } from './connections-support.ts';
import {
  completeSignIn, connectLasting, consent, expectDeletedWithoutRevocation, expectOneRefreshUnderLoad, expectReconnectionAsked, expectRefreshAfterRefusal, startSignIn,
} from './oauth-support.ts';
import { createTickets, pushAndWait, usePushApp } from './push-support.ts';

/** A single-tenant app: its tenant id names the endpoints instead of `organizations`. */
const TENANT = '72f988bf-86f1-41af-91ab-2d7cd011db47';
const SCOPE = '499b84ac-1321-427f-aa17-267ca6975798/.default offline_access';
const profile = entraProfile({ tenant: TENANT });
const CLIENT = { id: '6731de76-14a6-49ae-97bc-6eba6914391e', secret: 'entra-client-secret-Xy8Q~4a' };
const oauth = await startOAuthFake(profile, CLIENT);
const { api, t } = usePushApp({
  AZURE_DEVOPS_OAUTH_CLIENT_ID: CLIENT.id, AZURE_DEVOPS_OAUTH_CLIENT_SECRET: CLIENT.secret, AZURE_DEVOPS_OAUTH_URL: oauth.url, AZURE_DEVOPS_OAUTH_TENANT: TENANT,
});
const azure = azureRoutes(() => devops);
let devops: VendorFake;

beforeAll(async () => {
  oauth.client.redirectUri = `${t.app.url}/connections/oauth/callback`;
  devops = await startVendorFake('azure-devops', requiringEntraTokens(azure.routes, oauth));
});
afterAll(async () => {
  expect(oauth.violations).toEqual([]);
  // Bearer tokens satisfy the contract's oauth2 scheme, so no finding is left out here.
  expect(devops.violations).toEqual([]);
  await Promise.all([oauth.close(), devops.close()]);
});

const form = (name: string, credentials: Json = { organization: ORGANIZATION }): Json => ({
  name, project_identifier: PROJECT, connection_type: 'azure', credentials: { azure: credentials },
  settings: { baseUrl: devops.url, workItemType: 'Task', projectMappings: [name], userMappings: {} },
});
const refreshes = () => oauth.log.filter((entry) => entry.kind === 'refresh_token');
const verify = async (id: string) => (await api('POST', `/api/connections/${id}/verify`)).body;
const connectionCount = async () => ((await api('GET', '/api/connections')).body['connections'] as Json[]).length;

/** Connects with the access token lasting `seconds` (later ones last Entra's hour); the connection's id. */
const connectFor = (name: string, seconds: number) =>
  connectLasting(api, profile, { seconds, usual: 3599 }, form(name), { provider: 'Azure DevOps', credentials: { organization: true, pat: false } });

describe('Connect with Azure DevOps (Microsoft Entra ID)', () => {
  it('asks Entra for consent for Azure DevOps with PKCE, and pushes a work item with the bearer token it gave', async () => {
    const url = new URL(await startSignIn(api, 'azure', { connection: form('Entra sign-in') }));
    expect(`${url.origin}${url.pathname}`).toBe(`${oauth.url}/${TENANT}/oauth2/v2.0/authorize`);
    expect(Object.fromEntries(url.searchParams)).toMatchObject({ response_type: 'code', client_id: CLIENT.id, scope: SCOPE, code_challenge_method: 'S256' });
    const saved = await completeSignIn(api, await consent(url.href, 'approve'));
    expect(saved.status, saved.text).toBe(200);
    expect(saved.body['verification'], saved.text).toMatchObject({ ok: true });
    // No PAT scopes to list: the verification says what it checked as the signed-in account.
    expect(String((saved.body['verification'] as Json)['account'])).toContain(
      '(Microsoft sign-in; checked as that account: reading the project, creating a work item (validated, nothing made) and reading identities)',
    );
    const id = String((saved.body['connection'] as Json)['id']);

    const ids = await createTickets(api, [{ title: 'Rotate the signing keys' }], 'Entra sign-in');
    const result = await pushAndWait(api, id, { ticketIds: Object.values(ids) });
    expect(result['successfulPushes'], JSON.stringify(result)).toBe(1);
    const created = devops.requests.filter((request) => request.method === 'POST' && request.path.includes('/_apis/wit/workitems/') && !request.query.has('validateOnly')).at(-1)!;
    expect(created.headers['authorization']).toBe(`Bearer ${oauth.accessTokens().at(-1)}`);
    expect(devops.requests.every((request) => request.headers['authorization']?.startsWith('Bearer '))).toBe(true);
    expect([...azure.items.values()].map((item) => item.fields['System.Title'])).toContain('Rotate the signing keys');
    expect(refreshes()).toEqual([]);
  });

  it('refreshes a token near the end of its hour, naming the scopes, and keeps each rotated refresh token', async () => {
    const id = await connectFor('Hourly', 120);
    const before = refreshes().length;
    expect((await verify(id))['verification']).toMatchObject({ ok: true });
    expect((await verify(id))['verification']).toMatchObject({ ok: true });
    expect(refreshes().slice(before)).toEqual([{ kind: 'refresh_token', outcome: 'issued' }]);
    expect(oauth.scopeOf(oauth.accessTokens().at(-1)!)).toBe(SCOPE);
    // The stand-in refuses a spent refresh token: a second refresh works only with the one the first answered.
    oauth.expire(oauth.accessTokens().at(-1)!);
    expect((await verify(id))['verification']).toMatchObject({ ok: true });
    expect(refreshes().slice(before)).toEqual([{ kind: 'refresh_token', outcome: 'issued' }, { kind: 'refresh_token', outcome: 'issued' }]);
  });

  it('spends a rotated refresh token once when a push and checks need it at the same time', async () => {
    await expectOneRefreshUnderLoad(api, oauth, await connectFor('Busy project', 120), 'Busy project');
  });

  it('refreshes once and tries again when Azure DevOps answers its sign-in page to a token before its hour is up', async () => {
    await expectRefreshAfterRefusal(api, oauth, await connectFor('Refused early', 3599));
  });

  it('deletes the connection without a revocation, which Microsoft does not offer to apps', async () => {
    await expectDeletedWithoutRevocation(api, oauth, await connectFor('Deleted', 3599));
  });

  it('keeps the typed path and its message: an organization without a PAT is refused as the spec words it', async () => {
    const answer = await api('POST', '/api/connections', form('Typed'));
    expect(answer.status).toBe(400);
    expect(answer.text).toContain('Azure DevOps organization and PAT are required');
  });

  it("says Entra's refusal in its first line, without the trace lines, and saves nothing", async () => {
    const before = await connectionCount();
    const callback = await consent(await startSignIn(api, 'azure', { connection: form('Wrong secret') }), 'approve');
    oauth.client.secret = 'a-secret-that-was-replaced';
    const answer = await completeSignIn(api, callback).finally(() => void (oauth.client.secret = CLIENT.secret));
    expect(answer.status).toBe(400);
    expect(answer.text).toContain('Azure DevOps refused the sign-in: AADSTS7000215: Invalid client secret provided.');
    expect(answer.text).toContain('Start again with \\"Connect with Azure DevOps\\".');
    expect(answer.text).not.toContain('Trace ID');
    expect(await connectionCount()).toBe(before);
  });

  it('asks for the organization, in words, before sending anyone to Microsoft, when the form has none or a URL instead', async () => {
    const before = oauth.log.length;
    const none = await api('POST', '/api/connections/oauth/azure/start', { connection: form('No organization', {}) });
    expect(none.status).toBe(400);
    expect(none.text).toContain('Fill in the organization before choosing \\"Connect with Azure DevOps\\": the sign-in is for the organization typed in the form.');
    const url = await api('POST', '/api/connections/oauth/azure/start', { connection: form('Organization URL', { organization: 'https://dev.azure.com/fabrikam' }) });
    expect(url.status).toBe(400);
    expect(url.text).toContain("The organization 'https://dev.azure.com/fabrikam' is not one Azure DevOps can sign in to. Correct it and choose \\\"Connect with Azure DevOps\\\" again: the organization name, as in https://dev.azure.com/<organization>");
    expect(oauth.log.slice(before)).toEqual([]);
  });

  it('asks to connect again, in words, once Entra refuses the refresh token (AADSTS700082)', async () => {
    await expectReconnectionAsked(api, oauth, await connectFor('Lapsed project', 120), 'Lapsed project', 'Azure DevOps');
    expect(oauth.log.at(-1)).toEqual({ kind: 'refresh_token', outcome: 'invalid_grant' });
  });
});
