/**
 * The labels an issue carries: the fixed marker label every pushed issue has (so `findByMarker` can list them), the
 * priority ('priority: high') and the ticket's tags. Missing ones are created with a colour before the issue is.
 */
import type { TrackerHttpResponse, TrackerTicket } from '../../sdk/index.ts';
import type { GitHubRepository } from './client.ts';

/** The label every issue Tickscribe creates carries. */
export const MARKER_LABEL = 'tickscribe';

/** GitHub refuses label names longer than this. */
const NAME_LIMIT = 50;
/** GitHub's largest page (per_page "max 100" in its REST reference). */
const PAGE_SIZE = 100;
/**
 * Pages of labels read at most (10,000 labels, far beyond any repository's palette); past them the rest are taken as
 * missing, which costs nothing wrong: creating a label that is there answers already_exists, and it is used as named.
 */
const MAX_PAGES = 100;

export const MARKER_COLOUR = '5319e7';
const TAG_COLOUR = 'c5def5';
const PRIORITY_COLOURS: Record<TrackerTicket['priority'], string> = { High: 'b60205', Medium: 'fbca04', Low: '0e8a16' };

export interface Label {
  name: string;
  /** Six hex digits, without '#'. */
  color: string;
}

/** The labels of a ticket, once each (GitHub compares label names without case). */
export function labelsOf(ticket: TrackerTicket): Label[] {
  const labels: Label[] = [
    { name: MARKER_LABEL, color: MARKER_COLOUR },
    { name: `priority: ${ticket.priority.toLowerCase()}`, color: PRIORITY_COLOURS[ticket.priority] },
    ...ticket.tags.map((tag) => ({ name: tag.trim().slice(0, NAME_LIMIT).trim(), color: TAG_COLOUR })),
  ];
  const seen = new Set<string>();
  return labels.filter(({ name }) => name && !seen.has(name.toLowerCase()) && seen.add(name.toLowerCase()));
}

export interface LabelPlan {
  /** The names for the issue, as the repository spells those it has. */
  names: string[];
  /** The labels to create first. */
  missing: Label[];
}

/** Which of `labels` the repository has (every page of its labels is read) and which it lacks. */
export async function planLabels(repository: GitHubRepository, labels: Label[]): Promise<LabelPlan> {
  const existing = new Map<string, string>();
  await repository.eachPage<{ name: string }>(`${repository.path}/labels?per_page=${PAGE_SIZE}`, MAX_PAGES, (found) => {
    for (const { name } of found) existing.set(name.toLowerCase(), name);
    return false;
  });
  return {
    names: labels.map((label) => existing.get(label.name.toLowerCase()) ?? label.name),
    missing: labels.filter((label) => !existing.has(label.name.toLowerCase())),
  };
}

/** Creates the labels; one another push made meanwhile is fine. */
export async function createLabels(repository: GitHubRepository, labels: Label[]): Promise<void> {
  for (const label of labels) {
    const response = await repository.send('POST', `${repository.path}/labels`, label);
    if (!(response.status >= 200 && response.status < 300) && !alreadyExists(response)) throw await repository.failure(response);
  }
}

/** GitHub's answer to a label that is there already: 422 with an error of code already_exists. */
export function alreadyExists(response: TrackerHttpResponse): boolean {
  const errors = (response.json as { errors?: { code?: string }[] } | undefined)?.errors;
  return response.status === 422 && Array.isArray(errors) && errors.some((error) => error.code === 'already_exists');
}
