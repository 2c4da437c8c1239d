/**
 * The labels an issue carries: the fixed marker label every pushed issue has (so `findByMarker` can list them), the
 * priority ('priority: high') and the ticket's tags. Missing ones are created with a colour before the issue is.
 */
import type { TrackerTicket } from '../../sdk/index.ts';
import { gitHubFailure, type GitHubRepository } from './client.ts';

/** The label every issue Tickscribe creates carries. */
export const MARKER_LABEL = 'tickscribe';

/** GitHub refuses label names longer than this. */
const NAME_LIMIT = 50;
const PAGE_SIZE = 100;
/** Labels read before the rest are assumed missing (a creation that finds one already there is fine). */
const MAX_PAGES = 10;

const MARKER_COLOUR = '5319e7';
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

/** Creates the labels the repository lacks; returns the names as the repository spells them. */
export async function ensureLabels(repository: GitHubRepository, labels: Label[]): Promise<string[]> {
  const existing = new Map<string, string>();
  for (let page = 1; page <= MAX_PAGES; page++) {
    const response = await repository.expect('GET', `${repository.path}/labels?per_page=${PAGE_SIZE}&page=${page}`);
    const found = Array.isArray(response.json) ? (response.json as { name: string }[]) : [];
    for (const { name } of found) existing.set(name.toLowerCase(), name);
    if (found.length < PAGE_SIZE) break;
  }
  const names: string[] = [];
  for (const label of labels) {
    const spelled = existing.get(label.name.toLowerCase());
    if (!spelled) await createLabel(repository, label);
    names.push(spelled ?? label.name);
  }
  return names;
}

async function createLabel(repository: GitHubRepository, label: Label): Promise<void> {
  const response = await repository.send('POST', `${repository.path}/labels`, label);
  const errors = (response.json as { errors?: { code?: string }[] } | undefined)?.errors;
  // Another push may have created it meanwhile.
  const alreadyThere = response.status === 422 && Array.isArray(errors) && errors.some((error) => error.code === 'already_exists');
  if ((response.status < 200 || response.status >= 300) && !alreadyThere) throw gitHubFailure(response);
}
