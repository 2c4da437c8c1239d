/**
 * The azure tracker's status follow-through: a work item's state read back (GET the work item, then the category of
 * its state among its type's states), a ticket's status written to its work item (PATCH System.State to the type's
 * first state of the wanted category), and the project's Web Hooks service hook (`workitem.updated`) verified and read.
 *
 * Every state of a work item type belongs to a state category ("How workflow category states are used in Azure Boards
 * backlogs and boards", learn.microsoft.com/azure/devops/boards/work-items/workflow-and-state-categories): Proposed,
 * In Progress, Resolved, Completed and Removed. Completed and Removed read as Done (closed), In Progress and Resolved
 * as In Progress, Proposed as To Do; the push moves a new work item the same way (work-item.ts, targetState).
 */
import {
  isTrackerError, TrackerError, type TrackerItem, type TrackerItemStatus, type TrackerTicketStatus, type TrackerWebhook, type TrackerWebhookEvent,
} from '../../sdk/index.ts';
import { basicPasswordMatches } from '../shared/webhook-auth.ts';
import type { AzureClient } from './client.ts';
import type { AzureSettings } from './settings.ts';
import type { WorkItem, WorkItemState } from './work-item.ts';

/** The state category a ticket status moves a work item to. */
const WANTED_CATEGORY: Record<TrackerTicketStatus, string> = { ToDo: 'Proposed', InProgress: 'InProgress', Done: 'Completed' };

/** A state category as the ticket status it stands for; null for one Azure DevOps does not document. */
function categoryStatus(category: unknown): Pick<TrackerItemStatus, 'state' | 'status' | 'exact'> | null {
  switch (category) {
    case 'Completed': case 'Removed': return { state: 'closed', status: 'Done' };
    case 'InProgress': case 'Resolved': return { state: 'open', status: 'InProgress', exact: true };
    case 'Proposed': return { state: 'open', status: 'ToDo', exact: true };
    default: return null;
  }
}

/** How long a type's states are kept: a poll round asks for many work items of the same type. */
const STATES_TTL_MS = 60_000;
const statesRead = new Map<string, { at: number; states: WorkItemState[] }>();

/** Forgets the states read so far (tests change a type's states). */
export const forgetStates = () => statesRead.clear();

/** The states of a work item type of the project, with their categories ("Work Item Type States - List"). */
async function statesOf(azure: AzureClient, type: string): Promise<WorkItemState[]> {
  const key = `${azure.projectUrl}\n${type}`;
  const kept = statesRead.get(key);
  if (kept && Date.now() - kept.at < STATES_TTL_MS) return kept.states;
  const answer = await azure.json<{ value?: WorkItemState[] | null }>({ method: 'GET', url: `${azure.workItemTypeUrl(type)}/states` }, {
    notFound: `The project '${azure.config.projectIdentifier}' has no work item type '${type}' any more.`,
  });
  const states = (answer.value ?? []).filter((state) => state.name);
  statesRead.set(key, { at: Date.now(), states });
  return states;
}

/** The work item, or null when it is gone. "Work Items - Get Work Item": 404 (TF401232) for one deleted or out of reach. */
async function readWorkItem(azure: AzureClient, item: TrackerItem): Promise<WorkItem | null> {
  const response = await azure.send({ method: 'GET', url: `${azure.workItemUrl(item.externalId)}?fields=System.State,System.WorkItemType` });
  if (response.status === 404) return null;
  if (!azure.succeeded(response)) throw azure.failure(response);
  return (response.json ?? {}) as WorkItem;
}

/** Where a work item stands: its state, its type's states, and the ticket status the state's category stands for. */
async function workItemStatus(azure: AzureClient, item: TrackerItem) {
  const workItem = await readWorkItem(azure, item);
  if (!workItem) return null;
  const state = workItem.fields?.['System.State'];
  const type = workItem.fields?.['System.WorkItemType'];
  const typeName = typeof type === 'string' && type ? type : azure.config.workItemType;
  const states = await statesOf(azure, typeName);
  const category = states.find((candidate) => candidate.name === state)?.category;
  const status = categoryStatus(category);
  if (typeof state !== 'string' || !status) {
    throw new TrackerError('transient', `Azure DevOps did not say which state category the state '${String(state)}' of ${item.key} (a ${typeName}) belongs to.`);
  }
  return { state, typeName, states, status };
}

export async function readWorkItemStatus(azure: AzureClient, item: TrackerItem): Promise<TrackerItemStatus | null> {
  return (await workItemStatus(azure, item))?.status ?? null;
}

/**
 * Moves the work item to `state` with a JSON Patch document (content type application/json-patch+json; "Work Items -
 * Update"). A state the type's workflow does not allow is refused with 400: "TF401320: Rule Error for field State"
 * or "The field 'State' contains the value '…' that is not in the list of supported values" (users' reports:
 * bluebasher/WorkItemUpdater#48 and #39, microsoft/gh-sync#13), said here in words with the state named.
 */
export async function patchState(azure: AzureClient, id: string, key: string, state: string): Promise<void> {
  try {
    await azure.json({ method: 'PATCH', url: azure.workItemUrl(id), patch: true, body: [{ op: 'add', path: '/fields/System.State', value: state }] });
  } catch (error) {
    if (!isTrackerError(error) || error.kind !== 'validation') throw error;
    throw new TrackerError('validation', `Azure DevOps refused to move ${key} to the state '${state}': ${error.message.replace(/\.$/, '')}.`, error);
  }
}

/**
 * Gives the work item the state of the ticket's status: the type's first state of that category, unless its state
 * is in the category already. 'unsupported' when the type has no state of that category.
 */
export async function writeWorkItemStatus(azure: AzureClient, item: TrackerItem, status: TrackerTicketStatus): Promise<'updated' | 'unsupported'> {
  const current = await workItemStatus(azure, item);
  if (!current) {
    throw new TrackerError('not_found', `Azure DevOps has no work item ${item.externalId} in the project '${azure.config.projectIdentifier}' any more: its state was not changed.`, { status: 404 });
  }
  if (current.status.status === status) return 'updated';
  const target = current.states.find((candidate) => candidate.category === WANTED_CATEGORY[status])?.name;
  if (!target) return 'unsupported';
  await patchState(azure, item.externalId, item.key, target);
  return 'updated';
}

/**
 * The categories of the states the default processes give their work item types (Agile: New, Active, Resolved, Closed;
 * Scrum: New, Approved, Committed, To Do, In Progress, Done; Basic: To Do, Doing, Done; CMMI: Proposed, Active,
 * Resolved, Closed; all: Removed), per "Default processes and process templates" and the page on state categories
 * above. A delivery names only the state; a custom state is left to the poll, which reads its category.
 */
const DEFAULT_STATE_CATEGORIES: Record<string, string> = {
  New: 'Proposed', Proposed: 'Proposed', Approved: 'Proposed', 'To Do': 'Proposed',
  Active: 'InProgress', Committed: 'InProgress', 'In Progress': 'InProgress', Doing: 'InProgress',
  Resolved: 'Resolved', Closed: 'Completed', Done: 'Completed', Removed: 'Removed',
};

/**
 * Azure DevOps' Web Hooks sign nothing; they offer Basic authentication and custom HTTP headers, sent with every
 * delivery ("Webhooks", learn.microsoft.com/azure/devops/service-hooks/services/webhooks: "You must use HTTPS for basic
 * authentication on a webhook"). The secret is that password.
 */
export const verifyAzurePassword = (request: { headers: Record<string, string> }, secret: string): boolean =>
  basicPasswordMatches(request.headers['authorization'], secret);

interface WorkItemUpdated {
  eventType?: unknown;
  resource?: {
    workItemId?: unknown;
    fields?: Record<string, { oldValue?: unknown; newValue?: unknown } | undefined>;
    revision?: { id?: unknown; fields?: Record<string, unknown> };
  };
}

const positiveId = (value: unknown) => (typeof value === 'number' && Number.isInteger(value) && value > 0 ? String(value) : null);

/**
 * A verified delivery as an event. Microsoft's "Service hooks events" (Work item updated, `workitem.updated`):
 * `resource.fields` holds each changed field as { oldValue, newValue }, `resource.workItemId` the work item and
 * `resource.revision` the work item's fields (System.TeamProject among them). The sample a subscription's Test sends has
 * workItemId 0 (the work item is `revision.id`) and another project. Only a change of System.State to a state whose
 * category is known changes a ticket; other fields' changes, other events and other projects' work items are ignored.
 */
function parseAzureDelivery(body: unknown, settings: AzureSettings): TrackerWebhookEvent | null {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) throw new Error('an Azure DevOps delivery must be a JSON object');
  const { eventType, resource } = body as WorkItemUpdated;
  if (eventType !== 'workitem.updated') return null;
  const state = resource?.fields?.['System.State']?.newValue;
  const itemId = positiveId(resource?.workItemId) ?? positiveId(resource?.revision?.id);
  if (typeof state !== 'string' || !itemId) return null;
  const project = resource?.revision?.fields?.['System.TeamProject'];
  if (typeof project === 'string' && project.toLowerCase() !== settings.config.projectIdentifier.trim().toLowerCase()) return null;
  const status = categoryStatus(DEFAULT_STATE_CATEGORIES[state]);
  return status && { kind: 'status', itemId, ...status };
}

export const AZURE_WEBHOOK: TrackerWebhook<AzureSettings> = {
  verify: verifyAzurePassword,
  parse: (delivery, context) => parseAzureDelivery(delivery.body, context.settings),
  instructions:
    'In Azure DevOps, open the project\'s Project settings, then Service hooks, and create a subscription. Choose Web Hooks, then the trigger ' +
    '"Work item updated" (set Field to State so only state changes are sent), and on the next page paste the URL, enter the user name ' +
    'tickscribe and the secret as the password under Basic authentication, and finish. Azure DevOps signs no deliveries: the password is ' +
    'what proves a delivery came from your project, so keep the URL on https. A state of your own making is followed by the regular check ' +
    'rather than at once.',
  refused:
    "The delivery's Basic authentication password is missing or does not match the connection's webhook secret; the delivery was refused and nothing changed. " +
    'In the service hook, enter the secret made on the connection\'s page as the password.',
};
