/**
 * A stateful stand-in of a Jira Cloud site for the jira tracker's tests: the vendor fake (every request and answer
 * checked against Jira's OpenAPI subset) holding project PROJ, its issue types, its create screen, the site's
 * priorities, users, issues, their workflow and their links. Answers start from Atlassian's own examples. Each
 * behaviour Jira is known to have is built from Atlassian's reference or its users' reports, cited where it is.
 *
 * In front of the vendor fake sits the site's address (`fake.url`): it answers what no OpenAPI description lists —
 * the site's /_edge/tenant_info and Atlassian's API gateway as the path prefix /ex/jira/{cloudId} — and passes every
 * other request to the vendor fake (GET /rest/api/3/mypermissions is checked against tests/contracts' supplement).
 *
 * Like a site with an admin webhook made with a secret, it can deliver signed `jira:issue_updated` events: a test moves
 * an issue "as a user in Jira" (transitionAsUser) and, when a webhook is set (`state.webhook`), the delivery is posted
 * to its URL as Jira posts one (see `deliver`).
 */
import { createHmac, randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, beforeEach, expect } from 'vitest';
import { fetchHttp } from '../../core/plugins/testkit/trackers.ts';
import type { TrackerContext, TrackerHttp } from '../../plugins/sdk/index.ts';
import { jqlMatches, JqlError, parseJql } from './jira-jql.ts';
import { exampleOf, startVendorFake, type VendorFake, type VendorReply, type VendorRequest } from '../support/vendor-fake.ts';
import { basic, requiringCredentials, type StandIn, type StandInOptions } from './stand-in.ts';

type Json = Record<string, unknown>;

export interface JiraIssue {
  id: string;
  key: string;
  fields: Json;
  properties: { key: string; value: unknown }[];
  /** The issue's status (a name among `transitions`) and that status's category. */
  status: string;
  category: string;
  /** When it was created (ms), for the search's lag. */
  created: number;
}

/** A field of the create screen, as GET /rest/api/3/issue/createmeta/{project}/issuetypes/{id} lists it. */
export interface JiraScreenField {
  fieldId: string;
  name: string;
  type: string;
  required?: boolean;
  hasDefaultValue?: boolean;
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
  /**
   * The workflow: one transition into each status, from any other status (as a simplified workflow's "Any status can
   * move to this one"), each named after its status; the status id is `1` and the transition's id.
   */
  transitions: { id: string; name: string; category: string }[];
  /** The site's admin webhook (Settings, System, WebHooks) with its secret; null: none. */
  webhook: { url: string; secret: string } | null;
  /** The create screen of every issue type of PROJ. */
  screen: JiraScreenField[];
  /** How long a new issue stays invisible to /rest/api/3/search/jql unless reconciled (ms). */
  searchLagMs: number;
  /** The site's cloudId, as /_edge/tenant_info answers it. */
  cloudId: string;
  /** API tokens that are scoped: refused at the site, accepted through the gateway. */
  scopedTokens: string[];
  /** Whether a 3LO access token works now (the OAuth stand-in's `live`): taken through the gateway only. */
  liveBearer: (token: string) => boolean;
  /** The account's project permissions in PROJ, by key (GET /rest/api/3/mypermissions); a key left out is held. */
  permissions: Record<string, boolean>;
  /** Each issue's comments, by the issue's id, oldest first. */
  comments: Map<string, Json[]>;
}

/** A webhook delivery as it was posted, and what the receiver answered. */
export interface JiraDelivery {
  headers: Record<string, string>;
  body: string;
  status: number;
  answer: string;
}

export interface JiraFake {
  /** The vendor fake; its `url` is the site's address (the front), where every request goes. */
  fake: VendorFake;
  /** The host's HTTP client, with Atlassian's gateway (https://api.atlassian.com) leading to the stand-in's. */
  http: TrackerHttp;
  state: JiraState;
  settings: { config: { projectIdentifier: string; includePriority?: boolean }; credentials: { url: string; username: string; apiToken: string } };
  context(signal?: AbortSignal, config?: Json): TrackerContext;
  requests(operation: string): VendorRequest[];
  /**
   * Moves an issue (by id or key) into the status named, as a person does in Jira, and, when a webhook is set, delivers
   * its `jira:issue_updated` event with the status change in the changelog; the delivery, or null without a webhook.
   */
  transitionAsUser(issue: string, status: string): Promise<JiraDelivery | null>;
  /** Posts one delivery of `payload` to the webhook, signed with its secret (or with `secret` when given). */
  deliver(payload: Json, secret?: string): Promise<JiraDelivery>;
  /** The issue as a delivery and GET /rest/api/3/issue carry it: id, key, self and the fields named. */
  issueJson(issue: JiraIssue): Json;
}

export const jiraError = (status: number, errorMessages: string[], errors: Record<string, string> = {}): VendorReply => ({
  status, body: { errorMessages, errors },
});

const user = (person: JiraUser): Json => {
  const { emailAddress: _hidden, ...example } = exampleOf('jira', 'GET /rest/api/3/myself', 200);
  return { ...example, accountId: person.accountId, displayName: person.displayName, ...(person.showsEmail ? { emailAddress: person.emailAddress } : {}) };
};

/** The status named, as Jira gives one (an issue's `fields.status`, a transition's `to`), from Atlassian's example. */
function statusJson(state: JiraState, name: string): Json {
  const [template] = (exampleOf('jira', 'GET /rest/api/3/issue/{issueIdOrKey}/transitions', 200).transitions as Json[]);
  const to = template!.to as Json;
  const status = state.transitions.find((transition) => transition.name === name);
  if (!status) throw new Error(`The workflow has no status '${name}'.`);
  return { ...to, id: `1${status.id}`, name, statusCategory: { ...(to.statusCategory as Json), key: status.category } };
}

/** The transitions an issue in `current` can make: into every other status of the workflow. */
function transitionsOf(state: JiraState, current: string): Json[] {
  const [template] = (exampleOf('jira', 'GET /rest/api/3/issue/{issueIdOrKey}/transitions', 200).transitions as Json[]);
  return state.transitions.filter(({ name }) => name !== current).map(({ id, name }) => ({
    ...template, fields: {}, id, name, isAvailable: true, to: statusJson(state, name),
  }));
}

/**
 * The create screen a new project has: what Tickscribe sets, Reporter (required, defaulting to the caller) and
 * Priority (defaulting to Medium).
 */
export const FULL_SCREEN: JiraScreenField[] = [
  { fieldId: 'project', name: 'Project', type: 'project', required: true },
  { fieldId: 'issuetype', name: 'Issue Type', type: 'issuetype', required: true },
  { fieldId: 'summary', name: 'Summary', type: 'string', required: true },
  { fieldId: 'description', name: 'Description', type: 'doc' },
  { fieldId: 'reporter', name: 'Reporter', type: 'user', required: true, hasDefaultValue: true },
  { fieldId: 'labels', name: 'Labels', type: 'array' },
  { fieldId: 'priority', name: 'Priority', type: 'priority', hasDefaultValue: true },
  { fieldId: 'duedate', name: 'Due date', type: 'date' },
  { fieldId: 'assignee', name: 'Assignee', type: 'user' },
];

/**
 * A 429 as Jira sends it. Atlassian's rate-limiting page (developer.atlassian.com/cloud/jira/platform/rate-limiting,
 * quoted in jira.atlassian.com/browse/JRACLOUD-69262): "Retry-After indicates how many seconds the app must wait";
 * "X-RateLimit-Reset ... the timestamp (in ISO 8601 format) when the rate limit will reset ... yyyy-MM-ddTHH:mmZ".
 * `retryAfter` null leaves Retry-After out (it "may" accompany a 429).
 */
export function jiraRateLimited(retryAfter: number | null, reset: Date): VendorReply {
  const iso = `${reset.toISOString().slice(0, 16)}Z`;
  return {
    ...jiraError(429, ['Rate limit exceeded.']),
    headers: { ...(retryAfter === null ? {} : { 'retry-after': String(retryAfter) }), 'x-ratelimit-reset': iso, 'ratelimit-reason': 'jira-burst-based' },
  };
}

/** `site`: the site's address its answers name, the fake's own unless given. */
export async function startJiraFake({ site: address }: { site?: string } = {}): Promise<JiraFake> {
  const scopedOnly = (request: VendorRequest | IncomingMessage) => {
    const basicAuth = /^Basic (.+)$/.exec(String(request.headers.authorization ?? ''))?.[1];
    const token = basicAuth ? Buffer.from(basicAuth, 'base64').toString('utf8').split(':').slice(1).join(':') : '';
    const bearer = /^Bearer (.+)$/.exec(String(request.headers.authorization ?? ''))?.[1];
    return state.scopedTokens.includes(token) || (bearer !== undefined && state.liveBearer(bearer));
  };
  const state: JiraState = {
    issueTypes: [{ id: '10002', name: 'Sub-task', subtask: true }, { id: '10004', name: 'Bug', subtask: false }, { id: '10001', name: 'Task', subtask: false }],
    priorities: ['Highest', 'High', 'Medium', 'Low', 'Lowest'].map((name, index) => ({ id: String(index + 1), name })),
    users: [
      { accountId: '5b10a2844c20165700ede21g', displayName: 'Grace Hopper', emailAddress: 'grace@acme.test', showsEmail: true },
      { accountId: '5b10ac8d82e05b22cc7d4ef5', displayName: 'Alan Turing', emailAddress: 'alan@acme.test', showsEmail: false },
    ],
    issues: [], links: [],
    transitions: [{ id: '11', name: 'To Do', category: 'new' }, { id: '21', name: 'In Progress', category: 'indeterminate' }, { id: '31', name: 'Done', category: 'done' }],
    webhook: null,
    screen: FULL_SCREEN.map((field) => ({ ...field })),
    // Atlassian: search/jql "doesn't provide read-after-write consistency by default ... The delay might vary from
    // a few seconds to minutes" (developer.atlassian.com/cloud/jira/platform/search-and-reconcile).
    searchLagMs: 5_000,
    cloudId: '8594f221-9797-5f78-1fa4-485e198d7cd0',
    scopedTokens: [],
    liveBearer: () => false,
    permissions: {},
    comments: new Map(),
  };
  const priorityValues = () => state.priorities.map((priority) => ({ self: `${site}/rest/api/3/priority/${priority.id}`, id: priority.id, name: priority.name }));
  const screenField = (field: JiraScreenField) => ({
    fieldId: field.fieldId, key: field.fieldId, name: field.name, operations: ['set'], required: field.required ?? false,
    hasDefaultValue: field.hasDefaultValue ?? false, schema: { type: field.type, system: field.fieldId },
    ...(field.fieldId === 'priority' ? { allowedValues: priorityValues() } : {}),
  });
  /**
   * What Jira refuses in a create's fields, by field:
   * - a summary over 255 characters: "Summary must be less than 255 characters." (users' reports: ryanhoskin/pd2jira#13,
   *   release-engineering/Sync2Jira#120; newer sites word it "Summary can't exceed 255 characters.",
   *   tenable/integration-jira-cloud#322 — either way 400 with errors.summary);
   * - a field the create screen lacks: "Field 'duedate' cannot be set. It is not on the appropriate screen, or
   *   unknown." (lesstif/php-jira-rest-client#423, ljay79/jira-tools#171, Icinga/icingaweb2-module-jira#112);
   * - a required field left empty: "<Name> is required." (toabctl/jiracli#41: {"customfield_10040":"Requestor is
   *   required."}; pycontribs/jira#684).
   */
  const refusedFields = (fields: Json): Record<string, string> => {
    const errors: Record<string, string> = {};
    const onScreen = new Map(state.screen.map((field) => [field.fieldId, field]));
    for (const key of Object.keys(fields)) {
      if (!onScreen.has(key)) errors[key] = `Field '${key}' cannot be set. It is not on the appropriate screen, or unknown.`;
    }
    for (const field of state.screen) {
      if (field.required && !field.hasDefaultValue && fields[field.fieldId] === undefined) errors[field.fieldId] = `${field.name} is required.`;
    }
    if (typeof fields.summary === 'string' && fields.summary.length > 255) errors.summary = 'Summary must be less than 255 characters.';
    return errors;
  };
  /** The issue with the fields named, as GET /rest/api/3/issue and a webhook delivery carry it. */
  const issueJson = (issue: JiraIssue, fields: string[]): Json => {
    const all: Json = {
      ...issue.fields, labels: issue.fields.labels ?? [], status: statusJson(state, issue.status),
      project: { self: `${site}/rest/api/3/project/10000`, id: '10000', key: issue.key.replace(/-\d+$/, ''), name: 'Web Platform', projectTypeKey: 'software' },
    };
    return { id: issue.id, key: issue.key, self: `${site}/rest/api/3/issue/${issue.id}`, fields: Object.fromEntries(fields.filter((field) => field in all).map((field) => [field, all[field]])) };
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
    'GET /rest/api/3/issue/createmeta/{projectIdOrKey}/issuetypes/{issueTypeId}': (request) => {
      if (request.params.projectIdOrKey !== 'PROJ' || !state.issueTypes.some((type) => type.id === request.params.issueTypeId)) {
        return jiraError(404, ['Issue type not found or you do not have permission to create issues of that type.']);
      }
      const startAt = Number(request.query.get('startAt') ?? 0);
      const maxResults = Number(request.query.get('maxResults') ?? 50);
      const fields = state.screen.slice(startAt, startAt + maxResults).map(screenField);
      return { status: 200, body: { fields, maxResults, startAt, total: state.screen.length } };
    },
    'GET /rest/api/3/priority/search': () => {
      const [template] = exampleOf('jira', 'GET /rest/api/3/priority/search', 200).values as Json[];
      const values = state.priorities.map((priority) => ({ ...template, ...priority, isDefault: priority.name === 'Medium', self: `${site}/rest/api/3/priority/${priority.id}` }));
      return { status: 200, body: { isLast: true, maxResults: 100, startAt: 0, total: values.length, values } };
    },
    'POST /rest/api/3/issue': (request) => {
      const body = request.body as { fields: Json; properties?: JiraIssue['properties'] };
      const errors = refusedFields(body.fields);
      if (Object.keys(errors).length) return jiraError(400, [], errors);
      const id = String(10000 + state.issues.length + 1);
      const key = `PROJ-${state.issues.length + 1}`;
      const [first] = state.transitions;
      state.issues.push({ id, key, fields: body.fields, properties: body.properties ?? [], status: first!.name, category: first!.category, created: Date.now() });
      return { status: 201, body: { id, key, self: `${site}/rest/api/3/issue/${id}` } };
    },
    // Reads the issue itself, not the search index: a new issue answers at once. Atlassian's "Get issue": `fields` is
    // "a list of fields to return", summary and labels being what the other callers read here.
    'GET /rest/api/3/issue/{issueIdOrKey}': (request) => {
      const issue = find(request);
      if (!issue) return missingIssue;
      const wanted = (request.query.get('properties') ?? '').split(',').filter(Boolean);
      const properties = Object.fromEntries(issue.properties.filter((property) => wanted.includes(property.key)).map((property) => [property.key, property.value]));
      const fields = request.query.get('fields')?.split(',') ?? ['summary', 'labels'];
      const json = issueJson(issue, fields);
      return { status: 200, body: { ...json, properties } };
    },
    'GET /rest/api/3/issue/{issueIdOrKey}/transitions': (request) => {
      const issue = find(request);
      return issue ? { status: 200, body: { transitions: transitionsOf(state, issue.status) } } : missingIssue;
    },
    // A transition the issue cannot make from its status (or none of the workflow's) is refused with 400 "Transition id
    // 'x' is not valid for this issue." (users' reports: UiPath/skills#1730, juliangruber/jilla#16).
    'POST /rest/api/3/issue/{issueIdOrKey}/transitions': (request) => {
      const issue = find(request);
      const id = (request.body as { transition: { id: string } }).transition.id;
      if (!issue) return missingIssue;
      const chosen = state.transitions.find((transition) => transition.id === id && transition.name !== issue.status);
      if (!chosen) return jiraError(400, [`Transition id '${id}' is not valid for this issue.`]);
      Object.assign(issue, { status: chosen.name, category: chosen.category });
      return { status: 204 };
    },
    'POST /rest/api/3/search/jql': (request) => {
      const { jql, maxResults = 50, reconcileIssues = [], fields: wanted = [] } = request.body as { jql: string; maxResults?: number; reconcileIssues?: number[]; fields?: string[] };
      // Eventually consistent: an issue newer than the lag is left out unless its id is reconciled (see searchLagMs).
      const indexed = (issue: JiraIssue) => Date.now() - issue.created >= state.searchLagMs || reconcileIssues.includes(Number(issue.id));
      let found: JiraIssue[];
      try {
        const tree = parseJql(jql);
        found = state.issues.filter((issue) => indexed(issue) && jqlMatches(tree, issue)).toReversed().slice(0, maxResults);
      } catch (error) {
        if (error instanceof JqlError) return jiraError(400, [error.message]);
        throw error;
      }
      const statusOf = (issue: JiraIssue) => {
        const name = state.transitions.find((transition) => transition.category === issue.category)?.name ?? 'To Do';
        return { name, statusCategory: { key: issue.category, name: issue.category === 'done' ? 'Done' : issue.category === 'new' ? 'To Do' : 'In Progress' } };
      };
      const issues = found.map((issue) => ({
        id: issue.id, key: issue.key, self: `${site}/rest/api/3/issue/${issue.id}`,
        fields: {
          summary: issue.fields.summary,
          ...(wanted.includes('status') ? { status: statusOf(issue) } : {}),
          ...(wanted.includes('description') ? { description: issue.fields.description ?? null } : {}),
        },
      }));
      return { status: 200, body: { isLast: true, issues } };
    },
    // Atlassian's "Get comments" and "Add comment" (GET and POST /rest/api/3/issue/{issueIdOrKey}/comment): the
    // comments page by startAt and maxResults, newest first with orderBy=-created; a comment's body is an ADF
    // document. Checked against tests/contracts/jira.supplement.openapi.json.
    'GET /rest/api/3/issue/{issueIdOrKey}/comment': (request) => {
      const issue = find(request);
      if (!issue) return missingIssue;
      const all = state.comments.get(issue.id) ?? [];
      const ordered = request.query.get('orderBy') === '-created' ? all.toReversed() : all;
      const startAt = Number(request.query.get('startAt') ?? 0);
      const maxResults = Number(request.query.get('maxResults') ?? 5000);
      return { status: 200, body: { startAt, maxResults, total: all.length, comments: ordered.slice(startAt, startAt + maxResults) } };
    },
    'POST /rest/api/3/issue/{issueIdOrKey}/comment': (request) => {
      const issue = find(request);
      if (!issue) return missingIssue;
      const body = (request.body as { body?: { type?: string } }).body;
      if (body?.type !== 'doc') return jiraError(400, ['Comment body is not valid!']);
      const list = state.comments.get(issue.id) ?? [];
      const id = String(10_000 + [...state.comments.values()].flat().length);
      const comment = { ...exampleOf('jira', 'POST /rest/api/3/issue/{issueIdOrKey}/comment', 201), id, body, self: `${site}/rest/api/3/issue/${issue.id}/comment/${id}` };
      delete (comment as Json).visibility;
      state.comments.set(issue.id, [...list, comment]);
      return { status: 201, body: comment };
    },
    'GET /rest/api/3/issueLinkType': () => ({ status: 200, body: exampleOf('jira', 'GET /rest/api/3/issueLinkType', 200) }),
    'POST /rest/api/3/issueLink': (request) => {
      const { type, inwardIssue, outwardIssue } = request.body as { type: { name: string }; inwardIssue: { id: string }; outwardIssue: { id: string } };
      const known = (id: string) => state.issues.find((issue) => issue.id === id)?.key;
      if (!known(inwardIssue.id) || !known(outwardIssue.id)) return missingIssue;
      state.links.push({ type: type.name, inward: known(inwardIssue.id)!, outward: known(outwardIssue.id)! });
      return { status: 201 };
    },
    'GET /rest/api/3/mypermissions': (request) => {
      // Atlassian's "Get my permissions": `permissions` is required, a comma-separated list of keys; each comes back
      // with `havePermission`; 400 "if `permissions` is empty", 404 "if the project ... is not found"
      // (developer.atlassian.com/cloud/jira/platform/rest/v3/api-group-permissions, swagger-v3.v3.json getMyPermissions).
      const keys = (request.query.get('permissions') ?? '').split(',').filter(Boolean);
      if (!keys.length) return jiraError(400, ['The permissions parameter is required.']);
      const project = request.query.get('projectKey');
      if (project !== null && project !== 'PROJ') return jiraError(404, [`No project could be found with key '${project}'.`]);
      const permissions = Object.fromEntries(keys.map((key, index) => [key, {
        id: String(index + 10), key, name: key.toLowerCase().replace(/_/g, ' '), type: 'PROJECT', description: '', havePermission: state.permissions[key] ?? true,
      }]));
      return { status: 200, body: { permissions } };
    },
    'GET /rest/api/3/user/assignable/search': (request) => {
      // Atlassian's "Find users assignable to issues": `query` "is matched against user attributes, such as
      // displayName, and emailAddress ... The string can match the prefix of the attribute's value" (query=john finds
      // John Smith and johnson@example.com; a word of the name counts, as Jira's user picker does), e-mail addresses
      // matched even where the profile hides them; `accountId` is "Required, unless query is specified"; the users are
      // taken in the range startAt and maxResults (default 50).
      const query = request.query.get('query');
      const accountId = request.query.get('accountId');
      if (query === null && accountId === null) return jiraError(400, ['The query parameter or the accountId parameter must be provided.']);
      if (request.query.get('project') !== 'PROJ') return jiraError(404, ['Project not found']);
      const wanted = (query ?? '').toLowerCase();
      const found = state.users.filter((person) => (accountId === null || person.accountId === accountId) && (query === null
        || person.displayName.toLowerCase().split(/\s+/).some((word) => word.startsWith(wanted))
        || person.displayName.toLowerCase().startsWith(wanted) || person.emailAddress.toLowerCase().startsWith(wanted)));
      const startAt = Number(request.query.get('startAt') ?? 0);
      const maxResults = Number(request.query.get('maxResults') ?? 50);
      return { status: 200, body: found.slice(startAt, startAt + maxResults).map(user) };
    },
  });
  const backend = fake.url;
  const front = createServer(async (incoming, outgoing) => {
    const reply = (status: number, body: unknown, type = 'application/json') => {
      outgoing.writeHead(status, { 'content-type': type });
      outgoing.end(typeof body === 'string' ? body : JSON.stringify(body));
    };
    const url = new URL(incoming.url ?? '/', 'http://front');
    // Atlassian: "https://<my-site-name>.atlassian.net/_edge/tenant_info ... will return ... {"cloudId":"<your_cloud_id>"}"
    // (support.atlassian.com/jira/kb/retrieve-my-atlassian-sites-cloud-id).
    if (url.pathname === '/_edge/tenant_info') return reply(200, { cloudId: state.cloudId });
    // Scoped API tokens: "Jira scoped token API: https://api.atlassian.com/ex/jira/<cloudId>/{api}, NOT:
    // https://<your-domain>.atlassian.net/{api}" (support.atlassian.com/atlassian-cloud/kb/401-unauthorized-error-when-service-account-accesses-jira-or-confluence-api);
    // at the site a scoped token gets 401, through the gateway 200 (sooperset/mcp-atlassian#968). Only scoped tokens
    // are modelled through the gateway. So are 3LO access tokens: "Requests that use OAuth 2.0 (3LO) are made via
    // api.atlassian.com (not https://your-domain.atlassian.net)" ("Making calls to API", developer.atlassian.com).
    const gateway = /^\/ex\/jira\/([^/]+)(\/.*)$/.exec(url.pathname);
    if (gateway && gateway[1] !== state.cloudId) return reply(404, { errorMessages: ['Site not found'], errors: {} });
    if (Boolean(gateway) !== scopedOnly(incoming)) return reply(401, 'Client must be authenticated to access this resource.', 'text/plain;charset=UTF-8');
    const path = gateway ? gateway[2]! : url.pathname;
    const chunks: Buffer[] = [];
    for await (const chunk of incoming) chunks.push(chunk as Buffer);
    const headers = Object.fromEntries(Object.entries(incoming.headers).filter(([name]) => !['host', 'connection', 'content-length'].includes(name)).map(([name, value]) => [name, String(value)]));
    const method = incoming.method ?? 'GET';
    const answer = await fetch(`${backend}${path}${url.search}`, { method, headers, ...(chunks.length ? { body: Buffer.concat(chunks) } : {}) });
    const passed = Object.fromEntries([...answer.headers].filter(([name]) => !['content-length', 'connection', 'keep-alive', 'transfer-encoding', 'date'].includes(name)));
    outgoing.writeHead(answer.status, passed);
    outgoing.end(Buffer.from(await answer.arrayBuffer()));
  });
  await new Promise<void>((resolve) => front.listen(0, '127.0.0.1', resolve));
  const closeBackend = fake.close;
  fake.url = `http://127.0.0.1:${(front.address() as AddressInfo).port}`;
  fake.close = async () => {
    front.closeAllConnections();
    await Promise.all([new Promise<void>((resolve) => front.close(() => resolve())), closeBackend()]);
  };
  const http: TrackerHttp = (request) => fetchHttp({ ...request, url: request.url.replace(/^https:\/\/api\.atlassian\.com(?=\/)/, fake.url) });
  site = address ?? fake.url;
  const settings = { config: { projectIdentifier: 'PROJ' }, credentials: { url: `${site}/`, username: 'ada@acme.test', apiToken: 'ATATT3xFfGF0-test-token' } };
  /**
   * Jira's delivery as Atlassian describes it ("Webhooks", developer.atlassian.com/cloud/jira/platform/webhooks): a
   * POST of the JSON payload; X-Atlassian-Webhook-Identifier names the delivery (the same on a retry) and
   * X-Atlassian-Webhook-Flow says Primary or Secondary; with a secret, "X-Hub-Signature: sha256=<hex>", the
   * HMAC-SHA256 of the body keyed with the secret (Secure admin webhooks).
   */
  const deliver = async (payload: Json, secret?: string): Promise<JiraDelivery> => {
    if (!state.webhook) throw new Error('The site has no webhook: set state.webhook first.');
    const body = JSON.stringify(payload);
    const headers = {
      'content-type': 'application/json; charset=utf-8', 'user-agent': 'Atlassian Webhook HTTP Client', 'x-atlassian-webhook-identifier': randomUUID(),
      'x-atlassian-webhook-flow': 'Primary', 'x-hub-signature': `sha256=${createHmac('sha256', secret ?? state.webhook.secret).update(body).digest('hex')}`,
    };
    const response = await fetch(state.webhook.url, { method: 'POST', headers, body });
    return { headers, body, status: response.status, answer: await response.text() };
  };
  /**
   * An issue moved by a person: its status, and the `jira:issue_updated` delivery with the issue after the change and
   * the changelog's status item (field, fieldtype jira, from and to the status ids, fromString and toString their names).
   */
  const transitionAsUser = async (idOrKey: string, status: string): Promise<JiraDelivery | null> => {
    const issue = state.issues.find((candidate) => candidate.id === idOrKey || candidate.key === idOrKey);
    if (!issue) throw new Error(`There is no issue ${idOrKey}.`);
    const from = statusJson(state, issue.status);
    const to = statusJson(state, status);
    Object.assign(issue, { status, category: (to.statusCategory as Json).key });
    if (!state.webhook) return null;
    return deliver({
      timestamp: Date.now(), webhookEvent: 'jira:issue_updated', issue_event_type_name: 'issue_generic',
      user: user(state.users[0]!),
      issue: issueJson(issue, ['summary', 'labels', 'status', 'project']),
      changelog: { id: String(10_000 + Math.floor(Math.random() * 10_000)), items: [{ field: 'status', fieldtype: 'jira', fieldId: 'status', from: from.id, fromString: from.name, to: to.id, toString: to.name }] },
    });
  };
  return {
    fake, state, settings, http,
    context: (signal, config = {}) => ({ settings: { ...settings, config: { ...settings.config, ...config } }, http, ...(signal ? { signal } : {}) }),
    requests: (operation) => fake.requests.filter((request) => request.operation === operation),
    transitionAsUser, deliver,
    issueJson: (issue) => issueJson(issue, ['summary', 'labels', 'status', 'project']),
  };
}

/**
 * A fresh stand-in for each test of the file (or one for the whole file, as an app's push tests share it), checked
 * for contract violations after it; its members are replaced each time.
 */
export function useJiraFake({ perFile = false }: { perFile?: boolean } = {}): JiraFake {
  const current = {} as JiraFake;
  const [before, after] = perFile ? [beforeAll, afterAll] : [beforeEach, afterEach];
  before(async () => void Object.assign(current, await startJiraFake()));
  after(async () => {
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
