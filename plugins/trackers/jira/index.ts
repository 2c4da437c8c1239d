/**
 * The `jira` tracker: pushes tickets as issues of one Jira Cloud project through the REST API v3. The description
 * is the ticket's sections in Atlassian Document Format; priority (unless turned off on the connection), due date,
 * assignee and tags map to Jira's own fields, and the project is the connection's project key (the Tickscribe
 * project name is not written). Each issue carries its ticket's id twice: as a label, which JQL finds, and as an
 * issue property for programs. A ticket in progress or done is moved along the project's workflow after it is
 * created; dependencies become "Blocks" links. A ticket follows its issue's status category by the site's admin
 * webhook and a poll, and a status changed in Tickscribe moves the issue along its workflow (status.ts).
 */
import { TrackerError, type TrackerItem, type TrackerManifest, type TrackerPlugin, type TrackerTicket } from '../../sdk/index.ts';
import { afterCreate, issueItem, jiraFailure, siteOf, type JiraSite } from './client.ts';
import { findByMarker } from './marker.ts';
import { adfToMarkdown, type AdfDocument } from './adf.ts';
import { commentOnIssue, searchIssues } from './search.ts';
import { fieldsOf, MARKER_PROPERTY } from './fields.ts';
import { CONFIG_SCHEMA, CREDENTIALS_SCHEMA, type JiraSettings } from './settings.ts';
import { JIRA_OAUTH } from './oauth.ts';
import { JIRA_WEBHOOK, readIssueStatus, STATUS_CATEGORIES, transitionTo, writeIssueStatus } from './status.ts';

const MANIFEST: TrackerManifest = {
  apiVersion: 1,
  id: 'jira',
  kind: 'tracker',
  name: 'Jira',
  version: '1.0.0',
  description: 'Creates Jira Cloud issues with their priority, due date, assignee and labels, and links dependencies as "Blocks".',
  configSchema: CONFIG_SCHEMA,
  credentialsSchema: CREDENTIALS_SCHEMA,
};

interface JiraUser {
  accountId: string;
  displayName?: string;
  emailAddress?: string;
  active?: boolean;
}

/** The issue property that marks the issue as the ticket's, for programs (the marker label is for JQL). */
const markerProperties = (ticket: TrackerTicket) => [{ key: MARKER_PROPERTY, value: { ticketId: ticket.id } }];

/** The fields of a create request other than its summary and description, in words. */
function fieldWords(fields: Record<string, unknown>, issueType: string): { name: string; value: string }[] {
  const named = (value: unknown) => {
    const { name, key, id, accountId } = (value ?? {}) as { name?: string; key?: string; id?: string; accountId?: string };
    return name ?? key ?? accountId ?? id ?? '';
  };
  const words: { name: string; value: string }[] = [{ name: 'Project', value: named(fields['project']) }, { name: 'Issue type', value: issueType }];
  if (fields['priority']) words.push({ name: 'Priority', value: named(fields['priority']) });
  if (fields['duedate']) words.push({ name: 'Due date', value: String(fields['duedate']) });
  if (Array.isArray(fields['labels'])) words.push({ name: 'Labels', value: (fields['labels'] as string[]).join(', ') });
  return words;
}

const tracker: TrackerPlugin<JiraSettings> = {
  manifest: MANIFEST,
  oauth: JIRA_OAUTH,

  async verify(context) {
    const jira = siteOf(context);
    const me = await jira.send('GET', '/rest/api/3/myself');
    if (me.status === 404) {
      throw new TrackerError('not_found', `No Jira Cloud site answered at ${jira.site}: check the site address (e.g. https://your-team.atlassian.net).`, { status: 404 });
    }
    if (me.status !== 200) throw jiraFailure(me, jira.route());
    const account = me.json as JiraUser;
    const answer = await jira.send('GET', `/rest/api/3/project/${encodeURIComponent(jira.projectKey)}`);
    if (answer.status === 404) {
      throw new TrackerError('not_found', `The credentials work, but project ${jira.projectKey} was not found or the account cannot see it.`, { status: 404 });
    }
    if (answer.status !== 200) throw jiraFailure(answer, jira.route());
    const project = answer.json as { key: string; name: string };
    // The name only: the e-mail address is one of the connection's credentials, so every text shown of the check
    // has it blotted out, which read 'Signed in as Ada Lovelace ([credential])'.
    const who = account.displayName;
    const route = jira.route();
    const token = route?.kind === 'signed-in' ? "Atlassian sign-in, through Atlassian's API gateway"
      : route?.kind === 'gateway' ? "a scoped API token, through Atlassian's API gateway" : 'a classic API token, at the site';
    const lacking = await lackingPermissions(jira);
    return { account: `${who || account.accountId}, with ${token}`, target: [`${project.key} (${project.name})`, ...lacking].join('. ') };
  },

  async create(ticket, context) {
    const jira = siteOf(context);
    const { fields, notices } = await fieldsOf(ticket, jira);
    const created = (await jira.expect('POST', '/rest/api/3/issue', { fields, properties: markerProperties(ticket) })).json as { id: string; key: string };
    const item: TrackerItem = issueItem(jira.site, created);
    await moveTo(jira, item, ticket.status).catch((error: unknown) => {
      throw afterCreate(item.key, `could not move it to ${ticket.status === 'Done' ? 'Done' : 'In Progress'}`, error);
    });
    return notices.length ? { ...item, notices } : item;
  },

  async preview(ticket, context) {
    const jira = siteOf(context);
    const { fields, notices, issueTypeName } = await fieldsOf(ticket, jira);
    return {
      title: String(fields['summary']),
      body: adfToMarkdown(fields['description'] as AdfDocument),
      fields: fieldWords(fields, issueTypeName),
      assignee: 'assignee' in fields ? ticket.assignee : null,
      then: ticket.status === 'ToDo' ? [] : [`Moved along the project's workflow to a status in ${ticket.status === 'Done' ? 'Done' : 'In Progress'}, as the ticket is.`],
      notices,
      request: { method: 'POST', url: jira.address('/rest/api/3/issue'), body: { fields, properties: markerProperties(ticket) } },
    };
  },

  findByMarker: (ticketId, context) => findByMarker(siteOf(context), ticketId),

  async link(item, dependency, context) {
    const jira = siteOf(context);
    const types = await jira.send('GET', '/rest/api/3/issueLinkType');
    // Jira answers 404 when issue linking is turned off on the site.
    if (types.status === 404) return 'unsupported';
    if (types.status !== 200) throw jiraFailure(types, jira.route());
    const listed = (types.json as { issueLinkTypes?: { name: string; outward?: string }[] }).issueLinkTypes ?? [];
    const blocks = listed.find((type) => type.name.toLowerCase() === 'blocks') ?? listed.find((type) => type.outward?.toLowerCase() === 'blocks');
    if (!blocks) return 'unsupported';
    // Jira shows the inward issue of a new link as the one that "blocks" (whatever the reference suggests), so the
    // dependency goes inward and the item that waits for it outward. Linking twice is not an error in Jira.
    await jira.expect('POST', '/rest/api/3/issueLink', {
      type: { name: blocks.name },
      inwardIssue: { id: dependency.externalId },
      outwardIssue: { id: item.externalId },
    });
    return 'linked';
  },

  async resolveUser(username, context) {
    const wanted = username.trim();
    if (!wanted) return null;
    const jira = siteOf(context);
    // `query` matches display names and e-mail addresses only; an accountId (what the mapping editor keeps) is
    // matched "exactly against user accountId" by its own parameter (Atlassian's "Find users assignable to issues").
    if (!/[\s@]/.test(wanted)) {
      const byId = new URLSearchParams({ project: jira.projectKey, accountId: wanted });
      const [person] = ((await jira.expect('GET', `/rest/api/3/user/assignable/search?${byId}`)).json as JiraUser[]).filter((user) => user.accountId === wanted && user.active !== false);
      if (person) return { id: person.accountId, name: person.displayName || wanted };
    }
    const query = new URLSearchParams({ project: jira.projectKey, query: wanted, maxResults: '50' });
    const found = (await jira.expect('GET', `/rest/api/3/user/assignable/search?${query}`)).json as JiraUser[];
    const users = found.filter((user) => user.active !== false);
    const lower = wanted.toLowerCase();
    const exact = users.filter((user) =>
      user.accountId === wanted || user.displayName?.toLowerCase() === lower || user.emailAddress?.toLowerCase() === lower);
    // Jira matches e-mail addresses it does not show; one user found for an address is that user.
    const user = exact.length === 1 ? exact[0] : !exact.length && users.length === 1 && wanted.includes('@') ? users[0] : undefined;
    return user ? { id: user.accountId, name: user.displayName || wanted } : null;
  },

  async searchUsers(query, context) {
    // Atlassian's "Find users assignable to issues" (GET /rest/api/3/user/assignable/search): `query` "is matched
    // against user attributes, such as displayName, and emailAddress" by prefix, and is required unless an accountId
    // is given; `project` scopes it to those who can be assigned there. The mapping keeps the accountId, which
    // resolveUser accepts.
    const wanted = query.trim();
    if (!wanted) return [];
    const jira = siteOf(context);
    const params = new URLSearchParams({ project: jira.projectKey, query: wanted, maxResults: String(SEARCH_RESULTS) });
    const found = (await jira.expect('GET', `/rest/api/3/user/assignable/search?${params}`)).json as JiraUser[];
    return (Array.isArray(found) ? found : [])
      .filter((user) => user.active !== false && user.accountId)
      .map((user) => ({ value: user.accountId, name: user.displayName || user.accountId, ...(user.emailAddress ? { email: user.emailAddress } : {}) }));
  },

  itemStatus: (item, context) => readIssueStatus(siteOf(context), item),

  setStatus: (item, status, context) => writeIssueStatus(siteOf(context), item, status),

  webhook: JIRA_WEBHOOK,

  search: (query, context) => searchIssues(siteOf(context), query),

  comment: (item, comment, context) => commentOnIssue(siteOf(context), item, comment),
};

/** The most people one search asks Jira for. */
const SEARCH_RESULTS = 20;

/**
 * Project permissions verify checks besides Browse projects (GET /rest/api/3/mypermissions, Atlassian's "Get my
 * permissions": `permissions` is required, `projectKey` gives the project's context; each answers `havePermission`).
 * Without Create issues nothing can be pushed; without the others a push does less, which is said in words.
 */
const PERMISSIONS = {
  CREATE_ISSUES: null,
  LINK_ISSUES: "without Jira's Link issues permission there, dependencies are written into the descriptions instead of linked",
  TRANSITION_ISSUES: "without Jira's Transition issues permission there, tickets in progress or done stay in the workflow's first status",
  ASSIGN_ISSUES: "without Jira's Assign issues permission there, issues are created unassigned",
} as const;

/** What the account may not do in the project, in words; throws when it may not create issues. */
async function lackingPermissions(jira: JiraSite): Promise<string[]> {
  const query = new URLSearchParams({ projectKey: jira.projectKey, permissions: ['BROWSE_PROJECTS', ...Object.keys(PERMISSIONS)].join(',') });
  const answer = await jira.send('GET', `/rest/api/3/mypermissions?${query}`);
  // A site that does not answer the question is not held against the connection.
  if (answer.status !== 200) return [];
  const granted = (answer.json as { permissions?: Record<string, { havePermission?: boolean }> }).permissions ?? {};
  const lacks = (key: string) => granted[key]?.havePermission === false;
  if (lacks('CREATE_ISSUES')) {
    throw new TrackerError('forbidden', `The credentials work, but the account may not create issues in project ${jira.projectKey}: it lacks Jira's Create issues permission there. Ask a Jira administrator to grant it in the project's permission scheme.`, { status: 403 });
  }
  const said = Object.entries(PERMISSIONS).filter(([key, words]) => words && lacks(key)).map(([, words]) => words!);
  return said.map((words) => words.charAt(0).toUpperCase() + words.slice(1));
}

/** Moves a new issue to the ticket's status category, when the workflow has a transition there from its first status. */
async function moveTo(jira: JiraSite, item: TrackerItem, status: TrackerTicket['status']): Promise<void> {
  if (status !== 'ToDo') await transitionTo(jira, item, STATUS_CATEGORIES[status]);
}

/** As the host holds it: the host validates the settings against the manifest's schemas before every call. */
export const jiraTracker: TrackerPlugin = tracker;

export default jiraTracker;
