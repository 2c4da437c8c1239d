/**
 * A stateful stand-in of a Jira Cloud site for the jira tracker's tests: the vendor fake (every request and answer
 * checked against Jira's OpenAPI subset) holding project PROJ, its issue types, the site's priorities, users,
 * issues (searchable by JQL on project and label as soon as they exist), their workflow and their links. Answers
 * start from Atlassian's own examples.
 */
import { afterEach, beforeEach, expect } from 'vitest';
import { fetchHttp } from '../../core/plugins/testkit/trackers.ts';
import type { TrackerContext } from '../../plugins/sdk/index.ts';
import { exampleOf, startVendorFake, type VendorFake, type VendorReply, type VendorRequest } from '../support/vendor-fake.ts';
import { basic, requiringCredentials, type StandIn, type StandInOptions } from './stand-in.ts';

type Json = Record<string, unknown>;

export interface JiraIssue {
  id: string;
  key: string;
  fields: Json;
  properties: { key: string; value: unknown }[];
  category: string;
}

export interface JiraUser {
  accountId: string;
  displayName: string;
  emailAddress: string;
  /** Whether the site shows the address (people may hide it). */
  showsEmail: boolean;
}

export interface JiraState {
  issueTypes: { id: string; name: string; subtask: boolean }[];
  priorities: { id: string; name: string }[];
  users: JiraUser[];
  issues: JiraIssue[];
  links: { type: string; inward: string; outward: string }[];
  /** Status categories the workflow can move a new issue to. */
  transitions: { id: string; name: string; category: string }[];
}

export interface JiraFake {
  fake: VendorFake;
  state: JiraState;
  settings: { config: { projectIdentifier: string; includePriority?: boolean }; credentials: { url: string; username: string; apiToken: string } };
  context(signal?: AbortSignal, config?: Json): TrackerContext;
  requests(operation: string): VendorRequest[];
}

export const jiraError = (status: number, errorMessages: string[], errors: Record<string, string> = {}): VendorReply => ({
  status, body: { errorMessages, errors },
});

const user = (person: JiraUser): Json => {
  const { emailAddress: _hidden, ...example } = exampleOf('jira', 'GET /rest/api/3/myself', 200);
  return { ...example, accountId: person.accountId, displayName: person.displayName, ...(person.showsEmail ? { emailAddress: person.emailAddress } : {}) };
};

function transitionsOf(state: JiraState): Json[] {
  const [template] = (exampleOf('jira', 'GET /rest/api/3/issue/{issueIdOrKey}/transitions', 200).transitions as Json[]);
  return state.transitions.map(({ id, name, category }) => ({
    ...template, fields: {}, id, name, isAvailable: true,
    to: { ...(template!.to as Json), id: `1${id}`, name, statusCategory: { ...((template!.to as Json).statusCategory as Json), key: category } },
  }));
}

/** The project and label a findByMarker query names: `project = "PROJ" AND labels = "tickscribe-…"`. */
function matches(jql: string, issue: JiraIssue): boolean {
  const project = /project = "([^"]+)"/.exec(jql)?.[1];
  const label = /labels = "([^"]+)"/.exec(jql)?.[1];
  return (!project || issue.key.startsWith(`${project}-`)) && (!label || ((issue.fields.labels as string[] | undefined) ?? []).includes(label));
}

/** `site`: the site's address its answers name, the fake's own unless given. */
export async function startJiraFake({ site: address }: { site?: string } = {}): Promise<JiraFake> {
  const state: JiraState = {
    issueTypes: [{ id: '10002', name: 'Sub-task', subtask: true }, { id: '10004', name: 'Bug', subtask: false }, { id: '10001', name: 'Task', subtask: false }],
    priorities: ['Highest', 'High', 'Medium', 'Low', 'Lowest'].map((name, index) => ({ id: String(index + 1), name })),
    users: [
      { accountId: '5b10a2844c20165700ede21g', displayName: 'Grace Hopper', emailAddress: 'grace@acme.test', showsEmail: true },
      { accountId: '5b10ac8d82e05b22cc7d4ef5', displayName: 'Alan Turing', emailAddress: 'alan@acme.test', showsEmail: false },
    ],
    issues: [], links: [],
    transitions: [{ id: '11', name: 'To Do', category: 'new' }, { id: '21', name: 'In Progress', category: 'indeterminate' }, { id: '31', name: 'Done', category: 'done' }],
  };
  const find = (request: VendorRequest) => state.issues.find((issue) => issue.id === request.params.issueIdOrKey || issue.key === request.params.issueIdOrKey);
  const missingIssue = jiraError(404, ['Issue does not exist or you do not have permission to see it.']);
  let site = '';
  const fake = await startVendorFake('jira', {
    'GET /rest/api/3/myself': () => ({ status: 200, body: { ...user({ ...state.users[0]!, accountId: '557058:ada', displayName: 'Ada Lovelace', emailAddress: 'ada@acme.test' }) } }),
    'GET /rest/api/3/project/{projectIdOrKey}': (request) => (request.params.projectIdOrKey === 'PROJ'
      ? { status: 200, body: { ...exampleOf('jira', 'GET /rest/api/3/project/{projectIdOrKey}', 200), id: '10000', key: 'PROJ', name: 'Web Platform' } }
      : jiraError(404, [`No project could be found with key '${request.params.projectIdOrKey}'.`])),
    'GET /rest/api/3/issue/createmeta/{projectIdOrKey}/issuetypes': () => {
      const [template] = exampleOf('jira', 'GET /rest/api/3/issue/createmeta/{projectIdOrKey}/issuetypes', 200).issueTypes as Json[];
      const issueTypes = state.issueTypes.map((type) => ({ ...template, ...type, self: `${site}/rest/api/3/issueType/${type.id}` }));
      return { status: 200, body: { issueTypes, maxResults: 200, startAt: 0, total: issueTypes.length } };
    },
    'GET /rest/api/3/priority/search': () => {
      const [template] = exampleOf('jira', 'GET /rest/api/3/priority/search', 200).values as Json[];
      const values = state.priorities.map((priority) => ({ ...template, ...priority, isDefault: priority.name === 'Medium', self: `${site}/rest/api/3/priority/${priority.id}` }));
      return { status: 200, body: { isLast: true, maxResults: 100, startAt: 0, total: values.length, values } };
    },
    'POST /rest/api/3/issue': (request) => {
      const body = request.body as { fields: Json; properties?: JiraIssue['properties'] };
      const id = String(10000 + state.issues.length + 1);
      const key = `PROJ-${state.issues.length + 1}`;
      state.issues.push({ id, key, fields: body.fields, properties: body.properties ?? [], category: 'new' });
      return { status: 201, body: { id, key, self: `${site}/rest/api/3/issue/${id}` } };
    },
    'GET /rest/api/3/issue/{issueIdOrKey}/transitions': (request) => (find(request) ? { status: 200, body: { transitions: transitionsOf(state) } } : missingIssue),
    'POST /rest/api/3/issue/{issueIdOrKey}/transitions': (request) => {
      const issue = find(request);
      const chosen = state.transitions.find((transition) => transition.id === (request.body as { transition: { id: string } }).transition.id);
      if (!issue) return missingIssue;
      if (!chosen) return jiraError(400, ['Transition id is not valid for this issue.']);
      issue.category = chosen.category;
      return { status: 204 };
    },
    'POST /rest/api/3/search/jql': (request) => {
      const { jql, maxResults = 50 } = request.body as { jql: string; maxResults?: number };
      const found = state.issues.filter((issue) => matches(jql, issue)).toReversed().slice(0, maxResults);
      const issues = found.map(({ id, key, fields }) => ({ id, key, self: `${site}/rest/api/3/issue/${id}`, fields: { summary: fields.summary } }));
      return { status: 200, body: { isLast: true, issues } };
    },
    'GET /rest/api/3/issueLinkType': () => ({ status: 200, body: exampleOf('jira', 'GET /rest/api/3/issueLinkType', 200) }),
    'POST /rest/api/3/issueLink': (request) => {
      const { type, inwardIssue, outwardIssue } = request.body as { type: { name: string }; inwardIssue: { id: string }; outwardIssue: { id: string } };
      const known = (id: string) => state.issues.find((issue) => issue.id === id)?.key;
      if (!known(inwardIssue.id) || !known(outwardIssue.id)) return missingIssue;
      state.links.push({ type: type.name, inward: known(inwardIssue.id)!, outward: known(outwardIssue.id)! });
      return { status: 201 };
    },
    'GET /rest/api/3/user/assignable/search': (request) => {
      const query = (request.query.get('query') ?? '').toLowerCase();
      const found = state.users.filter((person) => person.displayName.toLowerCase().includes(query) || person.emailAddress.toLowerCase().startsWith(query));
      return request.query.get('project') === 'PROJ' ? { status: 200, body: found.map(user) } : jiraError(404, ['Project not found']);
    },
  });
  site = address ?? fake.url;
  const settings = { config: { projectIdentifier: 'PROJ' }, credentials: { url: `${site}/`, username: 'ada@acme.test', apiToken: 'ATATT3xFfGF0-test-token' } };
  return {
    fake, state, settings,
    context: (signal, config = {}) => ({ settings: { ...settings, config: { ...settings.config, ...config } }, http: fetchHttp, ...(signal ? { signal } : {}) }),
    requests: (operation) => fake.requests.filter((request) => request.operation === operation),
  };
}

/** A fresh stand-in for each test of the file, checked for contract violations after it; its members are replaced each time. */
export function useJiraFake(): JiraFake {
  const current = {} as JiraFake;
  beforeEach(async () => void Object.assign(current, await startJiraFake()));
  afterEach(async () => {
    expect(current.fake.violations).toEqual([]);
    await current.fake.close();
  });
  return current;
}

/** The stand-in `npm run fake-trackers` runs: project PROJ, refusing any e-mail and API token but its own. */
export async function startJiraStandIn({ url }: StandInOptions): Promise<StandIn> {
  const jira = await startJiraFake({ site: url });
  const { username, apiToken } = jira.settings.credentials;
  const { state } = jira;
  jira.fake.routes = requiringCredentials(jira.fake.routes, basic(username, apiToken), () => ({
    status: 401, headers: { 'content-type': 'text/plain;charset=UTF-8' }, body: 'Client must be authenticated to access this resource.',
  }));
  const named = (field: unknown, list: { id: string; name: string }[]) => list.find((entry) => entry.id === (field as { id?: string } | undefined)?.id)?.name;
  return {
    type: 'JIRA',
    target: jira.fake.url,
    form: [['Project Identifier', 'PROJ'], ['JIRA URL', url], ['Username (e-mail)', username], ['API Token', apiToken]],
    notes: [],
    created: () => state.issues.map(({ key, fields, category }) => ({
      key, summary: fields.summary, type: named(fields.issuetype, state.issueTypes), priority: named(fields.priority, state.priorities) ?? null,
      labels: fields.labels, dueDate: fields.duedate ?? null, statusCategory: category,
      assignee: state.users.find((person) => person.accountId === (fields.assignee as { accountId?: string } | undefined)?.accountId)?.displayName ?? null,
      blockedBy: state.links.filter((link) => link.outward === key).map((link) => link.inward),
      url: `${url}/browse/${key}`,
    })),
    violations: () => jira.fake.violations,
    close: () => jira.fake.close(),
  };
}
