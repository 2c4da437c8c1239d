/**
 * The github tracker's status follow-through: an issue's state read back (GET an issue), a ticket's status written to
 * its issue (PATCH the issue's `state`), and the repository webhook's `issues` deliveries verified and read.
 *
 * Issues have two states, open and closed, and the push maps a ticket that is Done to a closed issue (state_reason
 * completed) and every other status to an open one ("In Progress" has no state of its own in the Issues API and no
 * label of the push's): so a closed issue reads as Done and an open one as ToDo.
 */
import type { TrackerItem, TrackerItemStatus, TrackerTicketStatus, TrackerWebhook, TrackerWebhookEvent } from '../../sdk/index.ts';
import { hmacSha256Matches } from '../shared/webhook-auth.ts';
import type { GitHubRepository } from './client.ts';
import type { GitHubSettings } from './settings.ts';

/** An issue as GET and PATCH answer it, and as an `issues` webhook carries it (the members read here). */
interface IssueState {
  number?: unknown;
  state?: unknown;
  html_url?: unknown;
  pull_request?: unknown;
}

const statusOf = (state: 'open' | 'closed'): TrackerTicketStatus => (state === 'closed' ? 'Done' : 'ToDo');

function issueStatus(issue: IssueState): TrackerItemStatus | null {
  if (issue.state !== 'open' && issue.state !== 'closed') return null;
  return { state: issue.state, status: statusOf(issue.state), ...(typeof issue.html_url === 'string' ? { url: issue.html_url } : {}) };
}

/**
 * The issue's state. GitHub's reference ("Get an issue"): 404 for an issue that is not there (or not visible to the
 * token), 410 Gone for one that was deleted, and 301 for one transferred to a repository the token cannot see
 * (followed by the host's client when it can); each of those is no longer this connection's item.
 */
export async function readIssueStatus(repository: GitHubRepository, item: TrackerItem): Promise<TrackerItemStatus | null> {
  const answer = await repository.send('GET', `${repository.path}/issues/${encodeURIComponent(item.externalId)}`);
  if (answer.status === 404 || answer.status === 410) return null;
  if (answer.status !== 200) throw await repository.failure(answer);
  return issueStatus(answer.json as IssueState);
}

/**
 * Closes the issue for Done (state_reason completed, as the push closes one) and opens it for any other status.
 * GitHub's reference ("Update an issue"): `state` open or closed, `state_reason` completed, not_planned or reopened.
 * An issue that already has the state is left alone (no write spent from the content budget).
 */
export async function writeIssueStatus(repository: GitHubRepository, item: TrackerItem, status: TrackerTicketStatus): Promise<'updated' | 'unsupported'> {
  const wanted = status === 'Done' ? 'closed' : 'open';
  const current = await readIssueStatus(repository, item);
  if (current?.state === wanted) return 'updated';
  // The write is paced up front like a create's, so a limited token waits instead of spending a refusal.
  await repository.reserve(1);
  await repository.expect('PATCH', `${repository.path}/issues/${encodeURIComponent(item.externalId)}`, wanted === 'closed'
    ? { state: 'closed', state_reason: 'completed' }
    : { state: 'open', state_reason: 'reopened' });
  return 'updated';
}

/**
 * GitHub signs each delivery with the webhook's secret: `X-Hub-Signature-256: sha256=<hex>`, the HMAC-SHA256 of the
 * payload as sent, to be compared in constant time ("Validating webhook deliveries",
 * docs.github.com/webhooks/using-webhooks/validating-webhook-deliveries). The digest must be of the raw bytes: one
 * over re-serialised JSON fails on real deliveries, as users reported (botdylan/botdylan#16, gabrielkoerich/orch#134).
 */
export function verifyGitHubSignature(request: { headers: Record<string, string>; body: string }, secret: string): boolean {
  return hmacSha256Matches(request.headers['x-hub-signature-256'], request.body, secret);
}

/** Actions of the `issues` event that change an issue's state (GitHub's "Webhook events and payloads", issues). */
const STATE_ACTIONS = new Set(['closed', 'reopened']);

/**
 * A verified delivery as an event. `X-GitHub-Event` names the event ("Webhook events and payloads": delivery
 * headers): `ping` when the webhook is made (its `zen` and `hook_id`), `issues` with an `action` and the `issue`
 * after it. Only `closed` and `reopened` change a state; a pull request's deliveries, other repositories' (an
 * organisation's webhook) and every other event are no one's status here.
 */
function parseGitHubDelivery(delivery: { headers: Record<string, string>; body: unknown }, settings: GitHubSettings): TrackerWebhookEvent | null {
  const event = delivery.headers['x-github-event'];
  if (event === 'ping') return { kind: 'ping' };
  if (event !== 'issues') return null;
  if (typeof delivery.body !== 'object' || delivery.body === null || Array.isArray(delivery.body)) {
    throw new Error('an issues delivery must be a JSON object');
  }
  const { action, issue, repository } = delivery.body as { action?: unknown; issue?: IssueState; repository?: { full_name?: unknown } };
  if (typeof action !== 'string' || !STATE_ACTIONS.has(action)) return null;
  if (typeof issue !== 'object' || issue === null || issue.pull_request || typeof issue.number !== 'number') return null;
  const target = (settings.config.projectIdentifier ?? '').trim().toLowerCase();
  if (typeof repository?.full_name === 'string' && repository.full_name.toLowerCase() !== target) return null;
  const status = issueStatus(issue);
  return status && { kind: 'status', itemId: String(issue.number), ...status };
}

export const GITHUB_WEBHOOK: TrackerWebhook<GitHubSettings> = {
  verify: verifyGitHubSignature,
  parse: (delivery, context) => parseGitHubDelivery(delivery, context.settings),
  instructions:
    "In the repository on GitHub, open Settings, then Webhooks, then Add webhook. Paste the payload URL, choose the content type application/json, paste the secret, choose \"Let me select individual events\", tick Issues (and nothing else is needed), and save.",
};
