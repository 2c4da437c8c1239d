/**
 * The jira tracker's status follow-through: an issue's status read back (GET the issue's `status` field), a ticket's
 * status written to its issue (the workflow's transition into the wanted status category), and the site's admin
 * webhook verified and read (`jira:issue_updated` deliveries whose changelog moves the status).
 *
 * Jira's statuses are the workflow's own, but each belongs to one of three status categories every workflow shares
 * (the `statusCategory.key` of a status: `new`, `indeterminate`, `done`; Atlassian's REST reference, "Workflow status
 * categories"): so an issue in a `done` status reads as Done (closed), one in `indeterminate` as In Progress, and any
 * other as To Do. The push moves a new issue the same way (index.ts).
 */
import {
  TrackerError, type TrackerItem, type TrackerItemStatus, type TrackerTicketStatus, type TrackerWebhook, type TrackerWebhookEvent,
} from '../../sdk/index.ts';
import { hmacSha256Matches } from '../shared/webhook-auth.ts';
import { issueItem, jiraFailure, siteAddress, type JiraSite } from './client.ts';
import type { JiraSettings } from './settings.ts';

/** The status category each ticket status stands for. */
export const STATUS_CATEGORIES: Record<TrackerTicketStatus, string> = { ToDo: 'new', InProgress: 'indeterminate', Done: 'done' };

/** A status as Jira gives one (an issue's `fields.status`, a transition's `to`). */
interface JiraStatus {
  name?: unknown;
  statusCategory?: { key?: unknown };
}

/** An issue's status category as the ticket status it stands for: done is closed, the rest open. */
function categoryStatus(category: unknown): Pick<TrackerItemStatus, 'state' | 'status' | 'exact'> {
  if (category === 'done') return { state: 'closed', status: 'Done' };
  return { state: 'open', status: category === 'indeterminate' ? 'InProgress' : 'ToDo', exact: true };
}

/**
 * The issue's status. Atlassian's reference ("Get issue", GET /rest/api/3/issue/{issueIdOrKey}): `fields` names the
 * fields to return, and 404 means the issue "is not found or the user does not have permission to view it": no longer
 * this connection's item. An issue moved to another project answers under its new key, which the address follows.
 */
export async function readIssueStatus(jira: JiraSite, item: TrackerItem): Promise<TrackerItemStatus | null> {
  const answer = await jira.send('GET', `/rest/api/3/issue/${encodeURIComponent(item.externalId)}?fields=status`);
  if (answer.status === 404) return null;
  if (answer.status !== 200) throw jiraFailure(answer, jira.route());
  const issue = answer.json as { id?: unknown; key?: unknown; fields?: { status?: JiraStatus } };
  const key = typeof issue.key === 'string' && issue.key ? issue.key : item.key;
  return { ...categoryStatus(issue.fields?.status?.statusCategory?.key), url: issueItem(jira.site, { id: item.externalId, key }).url };
}

type Transition = { id: string; isAvailable?: boolean; to?: JiraStatus };

/**
 * Moves the issue along its workflow into `category`, when a transition from its status leads there: 'moved', or
 * 'none' when the workflow has no such transition from where the issue stands. Atlassian's reference ("Get
 * transitions", "Transition issue"): the transitions listed are those the user may make from the issue's status, each
 * with its target `to` and its `statusCategory`; a transition id not among them is refused with 400 ("Transition id
 * 'x' is not valid for this issue", as users report it: UiPath/skills#1730, juliangruber/jilla#16).
 */
export async function transitionTo(jira: JiraSite, item: TrackerItem, category: string): Promise<'moved' | 'none'> {
  const path = `/rest/api/3/issue/${encodeURIComponent(item.externalId)}/transitions`;
  const { transitions = [] } = (await jira.expect('GET', path)).json as { transitions?: Transition[] };
  const transition = transitions.find((candidate) => candidate.isAvailable !== false && candidate.to?.statusCategory?.key === category);
  if (!transition) return 'none';
  await jira.expect('POST', path, { transition: { id: transition.id } });
  return 'moved';
}

/**
 * Moves the issue into the status category of the ticket's status, the way the push moves a new one; an issue in that
 * category already is left alone. 'unsupported' when the workflow offers no transition there from the issue's status.
 */
export async function writeIssueStatus(jira: JiraSite, item: TrackerItem, status: TrackerTicketStatus): Promise<'updated' | 'unsupported'> {
  const current = await readIssueStatus(jira, item);
  if (!current) {
    throw new TrackerError('not_found', `Jira has no issue ${item.key} any more, or the account can no longer see it: its status was not changed.`, { status: 404 });
  }
  if (current.status === status) return 'updated';
  return (await transitionTo(jira, item, STATUS_CATEGORIES[status])) === 'moved' ? 'updated' : 'unsupported';
}

/**
 * Jira Cloud signs the deliveries of an admin webhook made with a secret: "X-Hub-Signature: sha256=<hex>", the
 * HMAC-SHA256 of the body as sent, keyed with the secret, in the WebSub form `method=signature` (Atlassian's "Webhooks",
 * developer.atlassian.com/cloud/jira/platform/webhooks/#secure-admin-webhooks). Only admin webhooks are signed; the
 * secret is not put into the address (users who expected it there had every delivery refused:
 * ManoManoTech/firefighter-incident#300; matrix-org/matrix-hookshot#1044 moved to the signature).
 */
export const verifyJiraSignature = (request: { headers: Record<string, string>; body: string }, secret: string): boolean =>
  hmacSha256Matches(request.headers['x-hub-signature'], request.body, secret);

interface IssueDelivery {
  webhookEvent?: unknown;
  issue?: { id?: unknown; key?: unknown; fields?: { status?: JiraStatus; project?: { key?: unknown } } };
  changelog?: { items?: { field?: unknown; fieldId?: unknown }[] };
}

/**
 * A verified delivery as an event. Atlassian's "Webhooks" (Issue related events): `webhookEvent` names the event, and
 * `jira:issue_updated` carries the issue after the change (its `fields.status` with the status category) and the
 * `changelog` of what changed, one item per field (`field: "status"` for a transition). Only an update whose changelog
 * moves the status changes a ticket; a created issue, any other field's change, other events and other projects'
 * issues (an admin webhook without a JQL filter covers the whole site) are no one's status here.
 */
function parseJiraDelivery(body: unknown, settings: JiraSettings): TrackerWebhookEvent | null {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) throw new Error('a Jira delivery must be a JSON object');
  const { webhookEvent, issue, changelog } = body as IssueDelivery;
  if (webhookEvent !== 'jira:issue_updated') return null;
  const items = Array.isArray(changelog?.items) ? changelog.items : [];
  if (!items.some((entry) => entry?.field === 'status' || entry?.fieldId === 'status')) return null;
  if (typeof issue?.id !== 'string' || !issue.id || typeof issue.key !== 'string' || !issue.key) return null;
  const project = (settings.config.projectIdentifier ?? '').trim().toUpperCase();
  const issueProject = typeof issue.fields?.project?.key === 'string' ? issue.fields.project.key : issue.key.replace(/-\d+$/, '');
  if (issueProject.toUpperCase() !== project) return null;
  const category = issue.fields?.status?.statusCategory?.key;
  if (typeof category !== 'string') return null;
  const site = siteAddress(settings.credentials.url ?? '');
  return { kind: 'status', itemId: issue.id, ...categoryStatus(category), url: issueItem(site, { id: issue.id, key: issue.key }).url };
}

export const JIRA_WEBHOOK: TrackerWebhook<JiraSettings> = {
  verify: verifyJiraSignature,
  parse: (delivery, context) => parseJiraDelivery(delivery.body, context.settings),
  instructions:
    'In Jira, as a Jira administrator, open Settings (the cog), then System, then WebHooks (under Advanced), and choose Create a WebHook. ' +
    'Paste the URL, paste the secret into Secret (Jira then signs each delivery with it), tick Issue: updated under Issue related events ' +
    '(a JQL filter such as "project = PROJ", with your project key, keeps other projects\' issues out), and create it.',
};
