/**
 * The `azure` tracker: pushes tickets to Azure DevOps (Services or Server) as work items of the connection's type,
 * created from a JSON Patch document. The marker is a tag (`tickscribe-<ticket id>`) that a WIQL query finds
 * again; dependencies become Predecessor links; a status of In Progress or Done moves the new work item to the
 * first state of that category when the type's workflow allows it. A ticket follows its work item's state category by
 * the project's Web Hooks service hook and a poll, and a status changed in Tickscribe sets the work item's state
 * (status.ts).
 */
import {
  isTrackerError, markerOf, TrackerError, type TrackerItem, type TrackerManifest, type TrackerPlugin, type TrackerTicket,
} from '../../sdk/index.ts';
import { azureClient, type AzureClient } from './client.ts';
import { findUser, searchUsers } from './identities.ts';
import { commentOnWorkItem, searchWorkItems, type WorkItemAccess } from './search.ts';
import { createDocument, DATE_FIELDS, hasTag, itemOf, PRIORITY_FIELD, targetState, titleOf, type WorkItem, type WorkItemState } from './work-item.ts';
import { htmlToMarkdown } from '../shared/sections.ts';
import { CONFIG_SCHEMA, CREDENTIALS_SCHEMA, type AzureSettings } from './settings.ts';
import { AZURE_OAUTH } from './oauth.ts';
import { AZURE_WEBHOOK, patchState, readWorkItemStatus, writeWorkItemStatus } from './status.ts';

const MANIFEST: TrackerManifest = {
  apiVersion: 1,
  id: 'azure',
  kind: 'tracker',
  name: 'Azure DevOps',
  version: '1.0.0',
  description: 'Creates Azure DevOps work items (Task, Bug, User Story or Issue) with priority, tags, assignee, due date and state, and links dependencies as predecessors.',
  configSchema: CONFIG_SCHEMA,
  credentialsSchema: CREDENTIALS_SCHEMA,
};

/** How many work items carrying one marker are looked at (a retried create makes at most one more). */
const MARKED_ITEMS_READ = 5;
const PREDECESSOR = 'System.LinkTypes.Dependency-Reverse';

interface Project {
  name?: string | null;
  defaultTeam?: { id?: string | null; name?: string | null } | null;
}

const projectWords = (azure: AzureClient) => ({
  notFound: `The organization '${azure.credentials.organization}' has no project named '${azure.config.projectIdentifier}', or the token may not see it.`,
});

const typeWords = (azure: AzureClient) => ({
  notFound: `The project '${azure.config.projectIdentifier}' has no work item type '${azure.config.workItemType}'.`,
});

const getProject = (azure: AzureClient) =>
  azure.json<Project>({ method: 'GET', url: `${azure.organizationUrl}/_apis/projects/${encodeURIComponent(azure.config.projectIdentifier)}` }, projectWords(azure));

/** The WIQL route names a team; any team of the project sees all of its work items. */
async function teamOf(azure: AzureClient): Promise<string> {
  const project = await getProject(azure);
  return project.defaultTeam?.id || project.defaultTeam?.name || `${project.name ?? azure.config.projectIdentifier} Team`;
}

const asItem = (azure: AzureClient, workItem: WorkItem): TrackerItem =>
  itemOf(workItem, { type: azure.config.workItemType, webUrl: (id) => `${azure.projectUrl}/_workitems/edit/${id}` });

/**
 * The request that creates the ticket's work item: what `create` sends and `preview` shows. It reads the fields of the
 * connection's work item type, so the document sets only fields the type has.
 */
async function workItemRequest(azure: AzureClient, ticket: TrackerTicket) {
  const type = azure.config.workItemType;
  const fieldList = await azure.json<{ value?: { referenceName?: string | null }[] | null }>(
    { method: 'GET', url: `${azure.workItemTypeUrl(type)}/fields` }, typeWords(azure),
  );
  const fields = new Set((fieldList.value ?? []).flatMap((field) => (field.referenceName ? [field.referenceName] : [])));
  return { url: `${azure.projectUrl}/_apis/wit/workitems/$${encodeURIComponent(type)}`, body: createDocument(ticket, fields) };
}

/**
 * Moves a new work item to the state its ticket's status stands for. The work item exists by then, so a state
 * the process refuses (or any other failure) leaves it in its type's first state rather than failing a push that
 * happened; only an abort goes through.
 */
async function moveToStatus(azure: AzureClient, workItem: WorkItem, status: Parameters<typeof targetState>[0]): Promise<void> {
  if (status === 'ToDo') return;
  try {
    const states = await azure.json<{ value?: WorkItemState[] | null }>({ method: 'GET', url: `${azure.workItemTypeUrl(azure.config.workItemType)}/states` });
    const state = targetState(status, states.value ?? []);
    if (!state || state === workItem.fields?.['System.State']) return;
    await patchState(azure, String(workItem.id), asItem(azure, workItem).key, state);
  } catch (error) {
    if (!isTrackerError(error)) throw error;
  }
}

/** Azure DevOps refuses a relation the work item already has. */
const relationExists = (body: unknown) => {
  const { typeKey, message } = (body ?? {}) as { typeKey?: unknown; message?: unknown };
  return typeKey === 'WorkItemTrackingRelationExistsException' || (typeof message === 'string' && /relation .*already exists/i.test(message));
};

const tracker: TrackerPlugin<AzureSettings> = {
  manifest: MANIFEST,
  oauth: AZURE_OAUTH,

  async verify(context) {
    const azure = azureClient(context);
    const { organization } = azure.credentials;
    const { projectIdentifier, workItemType } = azure.config;
    await azure.json({ method: 'GET', url: `${azure.organizationUrl}/_apis/projects?$top=1` }, {
      notFound: `Azure DevOps has no organization named '${organization}' at ${azure.config.baseUrl}.`,
    });
    const project = await getProject(azure);
    const types = await azure.json<{ value?: { name?: string | null; isDisabled?: boolean | null }[] | null }>({
      method: 'GET', url: `${azure.projectUrl}/_apis/wit/workitemtypes`,
    }, projectWords(azure));
    const names = (types.value ?? []).filter((type) => type.name && !type.isDisabled).map((type) => type.name!);
    if (!names.some((name) => name.toLowerCase() === workItemType.toLowerCase())) {
      throw new TrackerError('not_found', `The project '${projectIdentifier}' has no work item type '${workItemType}'; its process has ${names.join(', ') || 'none'}. Choose one of those for the connection.`);
    }
    // A PAT without a scope is refused (401) by the APIs that need it alone: ask each one the push uses. The create is
    // validated only (`validateOnly`), so nothing is made. A Microsoft sign-in's token has no PAT scopes to list: it
    // acts as the signed-in account with the permissions the Entra app registration was given, so the same requests
    // show what that account may do here.
    const created = await azure.send({
      method: 'POST', url: `${azure.projectUrl}/_apis/wit/workitems/$${encodeURIComponent(workItemType)}?validateOnly=true`, patch: true,
      body: [{ op: 'add', path: '/fields/System.Title', value: 'Tickscribe connection check' }],
    });
    if (created.status === 401) {
      throw new TrackerError('forbidden', azure.signedIn
        ? `The signed-in Microsoft account can read the project '${projectIdentifier}' but may not create work items: the Microsoft Entra app registration needs the Azure DevOps permission user_impersonation (or vso.work_write), and the account needs to be allowed to create work items in the project.`
        : `The personal access token can read the project '${projectIdentifier}' but may not create work items: give it the Work Items (Read & write) scope.`, { status: 401 });
    }
    if (!azure.succeeded(created)) throw azure.failure(created, typeWords(azure));
    const identities = await azure.send({
      method: 'GET', url: `${azure.identitiesUrl}/_apis/identities?${new URLSearchParams({ searchFilter: 'General', filterValue: 'tickscribe-check', queryMembership: 'none' })}`,
    });
    const assigns = identities.status !== 401 ? ''
      : azure.signedIn ? ' (the sign-in may not read identities, so mapped assignees cannot be found: give the Microsoft Entra app registration the Azure DevOps permission user_impersonation or vso.identity)'
        : ' (the token lacks the Identity (Read) scope, so mapped assignees cannot be found: add it to assign work items)';
    const how = azure.signedIn
      ? 'Microsoft sign-in; checked as that account: reading the project, creating a work item (validated, nothing made) and reading identities'
      : 'personal access token';
    return { account: `organization ${organization} (${how})`, target: `${project.name ?? projectIdentifier}, as ${workItemType} work items${assigns}` };
  },

  async create(ticket, context) {
    const azure = azureClient(context);
    const request = await workItemRequest(azure, ticket);
    const workItem = await azure.json<WorkItem>({ method: 'POST', url: request.url, patch: true, body: request.body }, typeWords(azure));
    const item = asItem(azure, workItem);
    await moveToStatus(azure, workItem, ticket.status);
    const cut = titleOf(ticket).notice;
    return cut ? { ...item, notices: [cut] } : item;
  },

  async preview(ticket, context) {
    const azure = azureClient(context);
    const request = await workItemRequest(azure, ticket);
    const values = new Map(request.body.map((operation) => [operation.path.slice('/fields/'.length), operation.value]));
    const cut = titleOf(ticket).notice;
    const named: [string, string][] = [
      ['System.Tags', 'Tags'], [PRIORITY_FIELD, 'Priority'], ...DATE_FIELDS.map((field): [string, string] => [field, field.split('.').pop()!.replace(/([a-z])([A-Z])/g, '$1 $2')]),
    ];
    return {
      title: String(values.get('System.Title')),
      body: htmlToMarkdown(String(values.get('System.Description'))),
      fields: [
        { name: 'Work item type', value: azure.config.workItemType },
        ...named.flatMap(([field, name]) => (values.has(field) ? [{ name, value: String(values.get(field)) }] : [])),
      ],
      assignee: ticket.assignee,
      then: ticket.status === 'ToDo' ? [] : [`Moved to the first state of the type's ${ticket.status === 'Done' ? 'Completed' : 'In Progress'} category, as the ticket is.`],
      notices: cut ? [cut] : [],
      request: { method: 'POST', url: azure.address(request.url), body: request.body },
    };
  },

  async findByMarker(ticketId, context) {
    const azure = azureClient(context);
    const marker = markerOf(ticketId);
    const team = await teamOf(azure);
    const query = `SELECT [System.Id] FROM WorkItems WHERE [System.TeamProject] = @project AND [System.Tags] CONTAINS '${marker.replace(/'/g, "''")}' ORDER BY [System.Id]`;
    const result = await azure.json<{ workItems?: { id?: number | null }[] | null }>({
      method: 'POST', url: `${azure.projectUrl}/${encodeURIComponent(team)}/_apis/wit/wiql?$top=${MARKED_ITEMS_READ}`, body: { query },
    });
    for (const { id } of (result.workItems ?? []).slice(0, MARKED_ITEMS_READ)) {
      if (typeof id !== 'number') continue;
      const workItem = await azure.json<WorkItem>({ method: 'GET', url: azure.workItemUrl(String(id)) });
      if (hasTag(workItem.fields?.['System.Tags'], marker)) return asItem(azure, workItem);
    }
    return null;
  },

  async link(item, dependency, context) {
    const azure = azureClient(context);
    const relation = { rel: PREDECESSOR, url: azure.workItemApiUrl(dependency.externalId), attributes: { comment: 'Must be done first (from Tickscribe).' } };
    const response = await azure.send({ method: 'PATCH', url: azure.workItemUrl(item.externalId), patch: true, body: [{ op: 'add', path: '/relations/-', value: relation }] });
    if (azure.succeeded(response) || (response.status === 400 && relationExists(response.json))) return 'linked';
    throw azure.failure(response, { notFound: `Azure DevOps has no work item ${item.externalId} in the project '${azure.config.projectIdentifier}' any more.` });
  },

  resolveUser: (username, context) => findUser(azureClient(context), username),
  searchUsers: (query, context) => searchUsers(azureClient(context), query),

  itemStatus: (item, context) => readWorkItemStatus(azureClient(context), item),

  setStatus: (item, status, context) => writeWorkItemStatus(azureClient(context), item, status),

  webhook: AZURE_WEBHOOK,

  search: (query, context) => searchWorkItems(accessOf(azureClient(context)), query),

  comment: (item, comment, context) => commentOnWorkItem(accessOf(azureClient(context)), item, comment),
};

/** What searching and commenting need of the project's work items. */
const accessOf = (azure: AzureClient): WorkItemAccess => ({
  azure, team: () => teamOf(azure), url: (id) => azure.workItemUrl(id), item: (workItem) => asItem(azure, workItem),
});

/** As the host holds it: the host validates the settings against the manifest's schemas before every call. */
export const azureTracker: TrackerPlugin = tracker;

export default azureTracker;
