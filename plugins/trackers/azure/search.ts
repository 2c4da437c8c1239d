/**
 * The azure tracker's search of open work items like a ticket, and its comment on one.
 *
 * Search: "Wiql - Query By Wiql" (POST {organization}/{project}/{team}/_apis/wit/wiql, api-version 7.1, body `query`,
 * `$top`) asks for the ids of the project's work items of the connection's type whose title contains any of the words
 * and whose state is not of the type's Completed or Removed category ("Work Item Type States - List", each state's
 * `category`); the items are then read one by one ("Work Items - Get Work Item"), as a WIQL answer names ids only.
 * A WIQL string literal is in single quotes, a quote inside doubled ("Syntax for the Work Item Query Language (WIQL)":
 * "Enclose string literals in single quotes"); each word also keeps only its letters and digits, so a title such as
 * `' OR 1=1` or `] OR [System.Id] > 0` stays words to look for. A query the service refuses answers 400 with a VSS
 * exception, which reaches the wizard in its words.
 *
 * Comment: "Comments - Add Comment" (POST {organization}/{project}/_apis/wit/workItems/{workItemId}/comments,
 * api-version 7.1-preview.4: the comments API is a preview, and a call without "-preview" is refused with
 * VssInvalidPreviewVersionException, as users reported in wangkanai/devops-mcp#45), body `text` in HTML,
 * after "Comments - Get Comments" (GET, the same address) found none naming the ticket's marker.
 */
import { TrackerError, type TrackerCandidate, type TrackerComment, type TrackerItem, type TrackerSearchQuery } from '../../sdk/index.ts';
import { commentWords, plainText, searchWords } from '../shared/search.ts';
import type { AzureClient } from './client.ts';
import { escapeHtml, type WorkItem, type WorkItemState } from './work-item.ts';

/** Words searched for at most: each is a clause of its own. */
const MOST_WORDS = 8;
const COMMENTS_VERSION = '7.1-preview.4';
/** States of these categories are no longer open. */
const CLOSED_CATEGORIES = new Set(['Completed', 'Removed']);

/** What searching and commenting need of the project (azure/index.ts gives it). */
export interface WorkItemAccess {
  azure: AzureClient;
  /** The team the WIQL route names. */
  team(): Promise<string>;
  /** A work item's REST address. */
  url(id: string): string;
  item(workItem: WorkItem): TrackerItem;
}

const wiqlString = (value: string) => `'${value.replace(/'/g, "''")}'`;

/** The WIQL of the search, or null when no word is left to look for. */
export function searchWiql(type: string, closedStates: readonly string[], words: readonly string[]): string | null {
  const kept = searchWords(words, MOST_WORDS);
  if (!kept.length) return null;
  const title = kept.map((word) => `[System.Title] CONTAINS ${wiqlString(word)}`).join(' OR ');
  const open = closedStates.length ? ` AND [System.State] NOT IN (${closedStates.map(wiqlString).join(', ')})` : '';
  return `SELECT [System.Id] FROM WorkItems WHERE [System.TeamProject] = @project AND [System.WorkItemType] = ${wiqlString(type)}${open} AND (${title}) ORDER BY [System.ChangedDate] DESC`;
}

export async function searchWorkItems(access: WorkItemAccess, query: TrackerSearchQuery): Promise<TrackerCandidate[]> {
  const { azure } = access;
  const type = azure.config.workItemType;
  const states = await azure.json<{ value?: WorkItemState[] | null }>({ method: 'GET', url: `${azure.workItemTypeUrl(type)}/states` });
  const closed = (states.value ?? []).flatMap((state) => (state.name && CLOSED_CATEGORIES.has(state.category ?? '') ? [state.name] : []));
  const wiql = searchWiql(type, closed, query.words);
  if (!wiql) return [];
  const team = await access.team();
  const answer = await azure.send({ method: 'POST', url: `${azure.projectUrl}/${encodeURIComponent(team)}/_apis/wit/wiql?$top=${query.limit}`, body: { query: wiql } });
  if (answer.status === 400) {
    throw new TrackerError('validation', `Azure DevOps could not search the project '${azure.config.projectIdentifier}' with these words: ${azure.failure(answer).message}`, { status: 400 });
  }
  if (!azure.succeeded(answer)) throw azure.failure(answer);
  const ids = (((answer.json ?? {}) as { workItems?: { id?: number | null }[] | null }).workItems ?? []).flatMap(({ id }) => (typeof id === 'number' ? [id] : []));
  const found: TrackerCandidate[] = [];
  for (const id of ids.slice(0, query.limit)) {
    const response = await azure.send({ method: 'GET', url: access.url(String(id)) });
    // An item deleted or moved since the query is no candidate.
    if (response.status === 404) continue;
    if (!azure.succeeded(response)) throw azure.failure(response);
    const workItem = response.json as WorkItem;
    const fields = workItem.fields ?? {};
    const title = typeof fields['System.Title'] === 'string' ? fields['System.Title'] : '';
    const excerpt = typeof fields['System.Description'] === 'string' ? plainText(fields['System.Description'].replace(/<\/(p|div|li|h\d)>|<br\s*\/?>/g, ' ')).replace(/\s+/g, ' ') : '';
    const state = typeof fields['System.State'] === 'string' ? fields['System.State'] : '';
    found.push({ ...access.item(workItem), title, ...(excerpt ? { excerpt } : {}), ...(state ? { status: state } : {}) });
  }
  return found;
}


export async function commentOnWorkItem(access: WorkItemAccess, item: TrackerItem, comment: TrackerComment): Promise<'commented'> {
  const { azure } = access;
  const url = `${access.url(item.externalId).replace('/_apis/wit/workitems/', '/_apis/wit/workItems/')}/comments?api-version=${COMMENTS_VERSION}`;
  const { lead, quote, marker } = commentWords(comment);
  const listed = await azure.json<{ comments?: { text?: string | null }[] | null }>({ method: 'GET', url: `${url}&$top=200` });
  if ((listed.comments ?? []).some((existing) => plainText(existing.text ?? '').includes(marker))) return 'commented';
  const html = (text: string) => escapeHtml(text).replace(/\n/g, '<br>');
  const text = [`<p>${html(lead)}</p>`, ...(quote ? [`<blockquote>${html(quote)}</blockquote>`] : []), `<p><em>${html(marker)}</em></p>`].join('');
  await azure.json({ method: 'POST', url, body: { text } });
  return 'commented';
}
