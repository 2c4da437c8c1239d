// Each tracker's search of the people it can assign (searchUsers, for the user mapping editor) against its stand-in,
// which lists them as the vendor documents it: the results and what the mapping keeps, paging, and refused
// credentials. Every value found is one resolveUser accepts.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { fetchHttp } from '../../core/plugins/testkit.ts';
import type { TrackerContext, TrackerHttp, TrackerPlugin } from '../../plugins/sdk/index.ts';
import { azureTracker } from '../../plugins/trackers/azure/index.ts';
import { githubTracker } from '../../plugins/trackers/github/index.ts';
import { jiraTracker } from '../../plugins/trackers/jira/index.ts';
import { MIRO_API } from '../../plugins/trackers/miro/client.ts';
import { miroTracker } from '../../plugins/trackers/miro/index.ts';
import { startVendorFake, type VendorFake } from '../support/vendor-fake.ts';
import { azureRoutes, PAT_AS_BASIC, PROJECT } from './azure-fake.ts';
import { useGitHubFake } from './github-fake.ts';
import { useJiraFake } from './jira-fake.ts';
import { ACCESS_TOKEN, BOARD_ID, miroBoard, ONE_OF_ITEM_DATA } from './miro-fake.ts';

/** A stand-in of the vendor fake started afresh for each test and checked for violations (but `tolerated`) after it. */
function useStandIn<T extends { fake: VendorFake }>(start: () => Promise<T>, tolerated: RegExp): T {
  const current = {} as T;
  beforeEach(async () => void Object.assign(current, await start()));
  afterEach(async () => {
    expect(current.fake.violations.filter((violation) => !tolerated.test(violation))).toEqual([]);
    await current.fake.close();
  });
  return current;
}

/** Every value a search found is resolved again by the plugin's resolveUser to the same person. */
async function resolvesEach(plugin: TrackerPlugin, context: TrackerContext, values: string[]): Promise<void> {
  for (const value of values) expect(await plugin.resolveUser(value, context), value).toMatchObject({ id: value });
}

describe('github searchUsers', () => {
  const github = useGitHubFake();
  const ASSIGNEES = 'GET /repos/{owner}/{repo}/assignees';

  it("lists the repository's assignees whose login matches, those it starts first, keeping the login", async () => {
    github.state.assignable = new Set(['grace', 'ada-l', 'alan', 'adalbert', 'madame-ada']);
    const found = await githubTracker.searchUsers!('ada', github.context());
    expect(found).toEqual([
      { value: 'ada-l', name: 'ada-l', login: 'ada-l' },
      { value: 'adalbert', name: 'adalbert', login: 'adalbert' },
      { value: 'madame-ada', name: 'madame-ada', login: 'madame-ada' },
    ]);
    expect(github.requests(ASSIGNEES)[0]!.query.get('per_page')).toBe('100');
    await resolvesEach(githubTracker, github.context(), found.map((user) => user.value));
  });

  it("reads every page GitHub's link header names, at most 20 people", async () => {
    github.state.assignable = new Set(Array.from({ length: 250 }, (_, i) => `dev-${String(i).padStart(3, '0')}`));
    const found = await githubTracker.searchUsers!('dev-24', github.context());
    expect(found.map((user) => user.value)).toEqual(Array.from({ length: 10 }, (_, i) => `dev-24${i}`));
    expect(github.requests(ASSIGNEES).map((request) => request.query.get('page'))).toEqual([null, '2', '3']);
    expect((await githubTracker.searchUsers!('dev', github.context())).length).toBe(20);
  });

  it('says a refused token in words', async () => {
    github.fake.routes[ASSIGNEES] = () => ({ status: 401, body: { message: 'Bad credentials', documentation_url: 'https://docs.github.com/rest' } });
    await expect(githubTracker.searchUsers!('a', github.context())).rejects.toMatchObject({ kind: 'auth', message: expect.stringContaining('GitHub refused the token') });
  });

  it('the stand-in pages as GitHub does: per_page at most 100, a link header while more remain', async () => {
    github.state.assignable = new Set(Array.from({ length: 150 }, (_, i) => `u${i}`));
    const answer = await fetchHttp({ method: 'GET', url: `${github.fake.url}/repos/acme/web/assignees?per_page=500`, headers: { authorization: 'Bearer t' } });
    expect((answer.json as unknown[]).length).toBe(100);
    expect(answer.headers['link']).toMatch(/page=2>; rel="next"/);
  });
});

describe('jira searchUsers', () => {
  const jira = useJiraFake();

  it("asks Jira for the project's assignable users matching the query, keeping the accountId", async () => {
    const found = await jiraTracker.searchUsers!('gra', jira.context());
    expect(found).toEqual([{ value: '5b10a2844c20165700ede21g', name: 'Grace Hopper', email: 'grace@acme.test' }]);
    const [request] = jira.requests('GET /rest/api/3/user/assignable/search');
    expect(Object.fromEntries(request!.query)).toEqual({ project: 'PROJ', query: 'gra', maxResults: '20' });
    await resolvesEach(jiraTracker, jira.context(), found.map((user) => user.value));
  });

  it('finds by a word of the name and by a hidden e-mail address, as Jira matches them, and shows no hidden address', async () => {
    expect(await jiraTracker.searchUsers!('turing', jira.context())).toEqual([{ value: '5b10ac8d82e05b22cc7d4ef5', name: 'Alan Turing' }]);
    expect((await jiraTracker.searchUsers!('alan@', jira.context())).map((user) => user.name)).toEqual(['Alan Turing']);
    expect(await jiraTracker.searchUsers!('  ', jira.context())).toEqual([]);
  });

  it('the stand-in refuses a search without query or accountId, and takes maxResults and startAt', async () => {
    const call = (query: string) => fetchHttp({ method: 'GET', url: `${jira.fake.url}/rest/api/3/user/assignable/search?${query}`, headers: { authorization: `Basic ${Buffer.from('ada@acme.test:ATATT3xFfGF0-test-token').toString('base64')}` } });
    expect((await call('project=PROJ')).status).toBe(400);
    expect(((await call('project=PROJ&query=&maxResults=1&startAt=1')).json as { displayName: string }[]).map((user) => user.displayName)).toEqual(['Alan Turing']);
  });

  it('says refused credentials in words', async () => {
    jira.fake.routes['GET /rest/api/3/user/assignable/search'] = () => ({ status: 401, body: { errorMessages: ['Client must be authenticated to access this resource.'], errors: {} } });
    await expect(jiraTracker.searchUsers!('gr', jira.context())).rejects.toMatchObject({ kind: 'auth', message: expect.stringContaining('Jira refused the credentials') });
  });
});

describe('azure searchUsers', () => {
  const azure = useStandIn(async () => {
    const stand: { fake: VendorFake; state: ReturnType<typeof azureRoutes> } = { fake: undefined as unknown as VendorFake, state: azureRoutes(() => stand.fake) };
    stand.fake = await startVendorFake('azure-devops', stand.state.routes);
    return stand;
  }, PAT_AS_BASIC);
  const context = (): TrackerContext => ({
    settings: { config: { projectIdentifier: PROJECT, workItemType: 'Task', baseUrl: azure.fake.url }, credentials: { organization: 'fabrikam', pat: 'pat-secret' } },
    http: fetchHttp,
  });

  it('finds users (not groups) by a word of their name or address, keeping the name System.AssignedTo takes', async () => {
    const found = await azureTracker.searchUsers!('sam', context());
    expect(found).toEqual([
      { value: 'sam.carter@fabrikam.com', name: 'Sam Carter', email: 'sam.carter@fabrikam.com' },
      { value: 'sam.diaz@fabrikam.com', name: 'Sam Diaz', email: 'sam.diaz@fabrikam.com' },
    ]);
    const [request] = azure.fake.requests.filter((sent) => sent.operation === 'GET /{organization}/_apis/identities');
    expect(request!.query.get('searchFilter')).toBe('General');
    expect(request!.query.get('filterValue')).toBe('sam');
    await resolvesEach(azureTracker, context(), found.map((user) => user.value));
    expect(await azureTracker.searchUsers!('', context())).toEqual([]);
  });

  it('says a token without the Identity (Read) scope in words', async () => {
    azure.state.scopes.delete('vso.identity');
    await expect(azureTracker.searchUsers!('sam', context())).rejects.toMatchObject({ kind: 'auth', message: expect.stringContaining('Azure DevOps refused the personal access token') });
  });
});

describe('miro searchUsers', () => {
  const miro = useStandIn(async () => ({ fake: await startVendorFake('miro', miroBoard().routes) }), ONE_OF_ITEM_DATA);
  const http: TrackerHttp = (request) => fetchHttp({ ...request, url: request.url.replace(MIRO_API, miro.fake.url) });
  const context: TrackerContext = { settings: { config: { projectIdentifier: BOARD_ID }, credentials: { accessToken: ACCESS_TOKEN } }, http };

  it("reads every page of the board's members (50 at most each) and finds them by name, keeping the member id", async () => {
    const found = await miroTracker.searchUsers!('kim', context);
    expect(found).toEqual([{ value: '3458764516184293840', name: 'Alex Kim' }, { value: '3458764516184293841', name: 'Alex Kim' }]);
    const pages = miro.fake.requests.filter((request) => request.operation === 'GET /v2/boards/{board_id}/members');
    expect(pages.map((request) => [request.query.get('limit'), request.query.get('offset')])).toEqual([['50', '0'], ['50', '50']]);
    expect((await miroTracker.searchUsers!('ada', context)).map((user) => user.value)).toEqual(['3458764516184293833']);
  });

  it('the stand-in refuses a page over 50, as Miro does', async () => {
    const answer = await fetchHttp({ method: 'GET', url: `${miro.fake.url}/v2/boards/${encodeURIComponent(BOARD_ID)}/members?limit=100`, headers: { authorization: `Bearer ${ACCESS_TOKEN}` } });
    expect(answer.status).toBe(400);
  });

  it('says a refused token in words', async () => {
    miro.fake.routes['GET /v2/boards/{board_id}/members'] = () => ({ status: 401, body: { status: 401, code: 'tokenNotProvided', message: 'Invalid access token', type: 'error' } });
    await expect(miroTracker.searchUsers!('a', context)).rejects.toMatchObject({ kind: 'auth', message: expect.stringContaining('Miro refused the access token') });
  });
});
