// "Connect with GitHub" (and Miro, Jira and Azure DevOps) in a real browser against the real API and stand-ins of GitHub's OAuth App endpoints and REST
// API (tests/trackers/oauth-fake.ts, github-fake.ts): the form offers the button because the server has the app's
// client credentials, the browser goes to the stand-in's consent page, Approve brings it back to the Connections page
// with a verified connection, and Deny brings it back saying nothing was connected. Without configured credentials
// the button is absent (tests/e2e/connections.test.ts).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startVendorFake, type VendorFake } from '../support/vendor-fake.ts';
import { gitHubError, startGitHubFake, type GitHubFake } from '../trackers/github-fake.ts';
import { BOARD_ID, miroBoard, miroError, ONE_OF_ITEM_DATA } from '../trackers/miro-fake.ts';
import { startJiraFake, type JiraFake } from '../trackers/jira-fake.ts';
import { atlassianProfile, entraProfile, gitHubProfile, miroProfile, requiringLiveTokens, startOAuthFake } from '../trackers/oauth-fake.ts';
import { azureRoutes, ORGANIZATION, PROJECT, requiringEntraTokens } from '../trackers/azure-fake.ts';
import { expectAccessibleAt } from './support/checks.ts';
import { useE2e } from './support/e2e.ts';
import { choose, ticketJourneys } from './support/tickets.ts';
import type { Page } from 'playwright-core';

const CLIENT = { id: 'Iv1.tickscribe0002', secret: 'github-oauth-secret-e2e' };
const MIRO_CLIENT = { id: '3458764516184290002', secret: 'miro-oauth-secret-e2e' };
const oauth = await startOAuthFake(gitHubProfile(), CLIENT);
const miroOAuth = await startOAuthFake(miroProfile(), MIRO_CLIENT);
const JIRA_CLIENT = { id: 'aBcDeFgHiJkLmNoPqRsTuVwXyZ0e2e00', secret: 'atlassian-oauth-secret-e2e' };
let jira: JiraFake;
const jiraOAuth = await startOAuthFake(atlassianProfile(() => [{ id: jira.state.cloudId, url: jira.fake.url, name: 'acme' }]), JIRA_CLIENT);
const ENTRA_CLIENT = { id: '0f1e2d3c-4b5a-4978-8695-a4b3c2d1e0f9', secret: 'entra-client-secret-e2e' };
const entraOAuth = await startOAuthFake(entraProfile(), ENTRA_CLIENT);
const e2e = useE2e({
  consoleErrors: { except: /status of 400/ },
  env: {
    OUTBOUND_ALLOWLIST: '127.0.0.1', GITHUB_OAUTH_CLIENT_ID: CLIENT.id, GITHUB_OAUTH_CLIENT_SECRET: CLIENT.secret, GITHUB_OAUTH_URL: oauth.url,
    MIRO_OAUTH_CLIENT_ID: MIRO_CLIENT.id, MIRO_OAUTH_CLIENT_SECRET: MIRO_CLIENT.secret, MIRO_OAUTH_URL: miroOAuth.url,
    JIRA_OAUTH_CLIENT_ID: JIRA_CLIENT.id, JIRA_OAUTH_CLIENT_SECRET: JIRA_CLIENT.secret, JIRA_OAUTH_URL: jiraOAuth.url,
    AZURE_DEVOPS_OAUTH_CLIENT_ID: ENTRA_CLIENT.id, AZURE_DEVOPS_OAUTH_CLIENT_SECRET: ENTRA_CLIENT.secret, AZURE_DEVOPS_OAUTH_URL: entraOAuth.url,
  },
});
const { signedInUser, call, openAs } = ticketJourneys(e2e);
let github: GitHubFake;
let miro: VendorFake;
const board = miroBoard();
let devops: VendorFake;
const azure = azureRoutes(() => devops);

beforeAll(async () => {
  oauth.client.redirectUri = `${e2e.app.url}/connections/oauth/callback`;
  github = await startGitHubFake();
  // GitHub's API answers 401 "Bad credentials" to a token it does not know, or one expired or revoked.
  github.fake.routes = requiringLiveTokens(github.fake.routes, oauth, () => gitHubError(401, 'Bad credentials'));
  miroOAuth.client.redirectUri = oauth.client.redirectUri;
  miro = await startVendorFake('miro', requiringLiveTokens(board.routes, miroOAuth, () => miroError(401, 'tokenNotProvided', 'Invalid access token')));
  jiraOAuth.client.redirectUri = oauth.client.redirectUri;
  jira = await startJiraFake();
  jira.state.liveBearer = jiraOAuth.live;
  // Atlassian's gateway is reached at the OAuth stand-in's origin, as JIRA_OAUTH_URL says.
  jiraOAuth.forward('/ex/jira/', () => jira.fake.url);
  entraOAuth.client.redirectUri = oauth.client.redirectUri;
  devops = await startVendorFake('azure-devops', requiringEntraTokens(azure.routes, entraOAuth));
});
afterAll(async () => {
  expect(github.fake.violations).toEqual([]);
  expect(oauth.violations).toEqual([]);
  expect(miro.violations.filter((violation) => !ONE_OF_ITEM_DATA.test(violation))).toEqual([]);
  expect(miroOAuth.violations).toEqual([]);
  expect(jira.fake.violations).toEqual([]);
  expect(jiraOAuth.violations).toEqual([]);
  expect(devops.violations).toEqual([]);
  expect(entraOAuth.violations).toEqual([]);
  await Promise.all([github.fake.close(), oauth.close(), miro.close(), miroOAuth.close(), jira.fake.close(), jiraOAuth.close(), devops.close(), entraOAuth.close()]);
});

/** Opens the form for a new GitHub connection to the stand-in's acme/web, and presses "Connect with GitHub". */
async function connectWithGitHub(page: Page, name: string): Promise<void> {
  await page.getByRole('button', { name: 'Add Connection' }).click();
  const region = page.getByRole('region', { name: 'New connection' });
  await region.locator('input[name="name"]').fill(name);
  await choose(page, region, 'Connection Type', 'GitHub');
  await region.getByLabel('Project Identifier').fill('acme/web');
  await region.getByLabel('GitHub Enterprise Server API URL').fill(github.fake.url);
  await region.getByText(/^Or sign in at GitHub instead of entering a token/).waitFor();
  await region.screenshot({ path: 'test-results/connection-form-connect-with-github.png' });
  await region.getByRole('button', { name: 'Connect with GitHub' }).click();
  await page.getByRole('heading', { name: 'Authorize Tickscribe' }).waitFor();
  expect(new URL(page.url()).origin).toBe(oauth.url);
}

/**
 * Fills the form for a new connection, presses "Connect with `provider`", approves on the stand-in's consent page at
 * `origin`, and expects to be back at a verified connection made by that sign-in; the page.
 */
async function approvedFromForm(form: { name: string; type: string; project: string; fields: [string, string][]; provider: string; origin: string }): Promise<Page> {
  const token = await signedInUser();
  const page = await openAs(token, '/connections');
  await page.getByRole('button', { name: 'Add Connection' }).click();
  const region = page.getByRole('region', { name: 'New connection' });
  await region.locator('input[name="name"]').fill(form.name);
  await choose(page, region, 'Connection Type', form.type);
  await region.getByLabel('Project Identifier').fill(form.project);
  for (const [label, value] of form.fields) await region.getByLabel(label).fill(value);
  await region.getByRole('button', { name: `Connect with ${form.provider}` }).click();
  await page.getByRole('heading', { name: 'Authorize Tickscribe' }).waitFor();
  expect(new URL(page.url()).origin).toBe(form.origin);
  await page.getByRole('button', { name: 'Approve' }).click();
  await page.getByText(new RegExp(`^${form.name} is connected with ${form.provider}\\. Connected to .+`)).waitFor();
  const { connections } = await call<{ connections: { connectedWith?: string; lastVerification: { ok: boolean } }[] }>(token, 'GET', '/api/connections');
  expect(connections).toMatchObject([{ connectedWith: form.provider, lastVerification: { ok: true } }]);
  return page;
}

/**
 * The edit form of a connection made by sign-in says so, shows the credential fields the sign-in kept (`kept`, by
 * name) and not the typed token's (`absent`).
 */
async function expectSignedInWhenEdited(page: Page, provider: string, fields: { kept: string[]; absent: string[] }): Promise<void> {
  await page.getByRole('list', { name: 'Connections' }).getByRole('button', { name: /^Edit/ }).click();
  await page.getByText(`Signed in with ${provider}, which gave the token: none is typed here. Choose "Reconnect with ${provider}" to sign in again.`).waitFor();
  await page.getByRole('button', { name: `Reconnect with ${provider}` }).waitFor();
  for (const name of fields.kept) expect(await page.locator(`input[name="${name}"]`).count()).toBe(1);
  for (const name of fields.absent) expect(await page.locator(`input[name="${name}"]`).count()).toBe(0);
}

describe('Connect with GitHub', () => {
  it('signs in at GitHub, comes back to a verified connection, and can reconnect it', async () => {
    const token = await signedInUser();
    const page = await openAs(token, '/connections');
    await connectWithGitHub(page, 'Web by sign-in');
    await page.getByRole('button', { name: 'Approve' }).click();

    await page.getByText('Web by sign-in is connected with GitHub. Connected to acme/web as ada.').waitFor();
    expect(new URL(page.url()).pathname).toBe('/connections');
    await page.getByRole('list', { name: 'Connections' }).getByText('Web by sign-in').waitFor();
    await expectAccessibleAt(page, [375, 1280], 'connections after a sign-in');
    const { connections } = await call<{ connections: { name: string; connectedWith?: string; lastVerification: { ok: boolean } }[] }>(token, 'GET', '/api/connections');
    expect(connections).toMatchObject([{ name: 'Web by sign-in', connectedWith: 'GitHub', lastVerification: { ok: true } }]);

    // Reconnecting from the edit form gives the same connection a new token.
    const first = oauth.accessTokens().at(-1);
    await page.getByRole('list', { name: 'Connections' }).getByRole('button', { name: /^Edit/ }).click();
    await page.getByRole('button', { name: 'Reconnect with GitHub' }).click();
    await page.getByRole('button', { name: 'Approve' }).click();
    await page.getByText('Web by sign-in is connected with GitHub. Connected to acme/web as ada.').waitFor();
    expect(oauth.accessTokens().at(-1)).not.toBe(first);
    expect((await call<{ connections: unknown[] }>(token, 'GET', '/api/connections')).connections).toHaveLength(1);
  });

  it('comes back saying nothing was connected when access is denied', async () => {
    const token = await signedInUser();
    const page = await openAs(token, '/connections');
    await connectWithGitHub(page, 'Denied');
    await page.getByRole('button', { name: 'Deny' }).click();
    await page.getByRole('alert').filter({ hasText: 'Access was not granted at GitHub, so nothing was connected or changed.' }).waitFor();
    await page.getByText('No connections configured yet...').waitFor();
    expect((await call<{ connections: unknown[] }>(token, 'GET', '/api/connections')).connections).toEqual([]);
  });
});

describe('Connect with Miro', () => {
  it('signs in at Miro and comes back to a verified connection to the board', async () => {
    await approvedFromForm({ name: 'Board by sign-in', type: 'Miro', project: BOARD_ID, fields: [['Miro API URL', miro.url]], provider: 'Miro', origin: miroOAuth.url });
  });
});

describe('Connect with Jira', () => {
  it('signs in at Atlassian for the site typed in the form and comes back to a verified connection', async () => {
    const page = await approvedFromForm({ name: 'Jira by sign-in', type: 'JIRA', project: 'PROJ', fields: [['JIRA URL', jira.fake.url]], provider: 'Jira', origin: jiraOAuth.url });
    await expectSignedInWhenEdited(page, 'Jira', { kept: ['url'], absent: ['username', 'apiToken'] });
  });
});

describe('Connect with Azure DevOps', () => {
  it('signs in with Microsoft Entra for the organization typed in the form and comes back to a verified connection', async () => {
    const page = await approvedFromForm({
      name: 'Azure by sign-in', type: 'Azure DevOps', project: PROJECT, fields: [['Organization', ORGANIZATION], ['Azure DevOps Server URL', devops.url]],
      provider: 'Azure DevOps', origin: entraOAuth.url,
    });
    await expectSignedInWhenEdited(page, 'Azure DevOps', { kept: ['organization'], absent: ['pat'] });
  });
});
