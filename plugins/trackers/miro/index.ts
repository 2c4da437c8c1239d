/**
 * The `miro` tracker: pushes tickets onto a Miro board as cards, laid out in a grid beside what is there, tagged
 * with their priority, status, project and tags. The marker (`tickscribe-<ticket id>`) is the last line of the
 * card's description, found again by reading the board's cards; a dependency becomes an arrow between two cards.
 * Miro has no search of a board's items by text: cards like a ticket are found by reading the board's cards
 * ("Get items on board", GET /v2/boards/{board_id}/items?type=card, paged by cursor) and matching their titles here.
 * Cards take no comments, so a ticket is linked to a card found but never comments on it.
 */
import {
  isTrackerError, TrackerError, type TrackerItem, type TrackerManifest, type TrackerPlugin, type TrackerTicket,
} from '../../sdk/index.ts';
import { cardBody, carriesMarker, freeSlot, keyOf, plainText, wantedTags, type Card, type WantedTag } from './card.ts';
import { matchPeople } from '../shared/people.ts';
import { htmlToMarkdown } from '../shared/sections.ts';
import { searchWords } from '../shared/search.ts';
import { miroClient, type MiroClient } from './client.ts';
import { CONFIG_SCHEMA, CREDENTIALS_SCHEMA, type MiroSettings } from './settings.ts';
import { MIRO_OAUTH } from './oauth.ts';

const MANIFEST: TrackerManifest = {
  apiVersion: 1,
  id: 'miro',
  kind: 'tracker',
  name: 'Miro',
  version: '1.0.0',
  description: 'Adds each ticket to a Miro board as a card with its description, due date, assignee and tags for priority, status and project; dependencies become arrows.',
  configSchema: CONFIG_SCHEMA,
  credentialsSchema: CREDENTIALS_SCHEMA,
};

/** How far the board's cards are read: 20 pages of 50. */
/** Cards read to place a new card beside the others (1,000): on a larger board it may sit among older ones. */
const CARD_PAGES = 20;
const TAG_PAGES = 4;
const MEMBER_PAGES = 10;
/** Roles that may add cards to a board. */
const EDITORS = new Set(['editor', 'coowner', 'owner']);

interface Board {
  id: string;
  name: string;
  viewLink?: string;
  currentUserMembership?: { role?: string };
}

interface TokenInfo {
  user: { name: string };
  team: { name: string };
  scopes?: string[];
}

/** Pages of cards read when looking for cards like a ticket (5,000 cards at Miro's largest page of 50). */
const SEARCH_PAGES = 100;

const getBoard = (miro: MiroClient) => miro.json<Board>({ method: 'GET', path: miro.board }, miro.boardWords);

/** The card as a TrackerItem: its title, and the board opened on it. */
function itemOf(miro: MiroClient, board: Board, cardId: string, title: string): TrackerItem {
  const url = new URL(board.viewLink && /^https?:\/\//.test(board.viewLink) ? board.viewLink : `https://miro.com/app/board/${encodeURIComponent(miro.boardId)}/`);
  url.searchParams.set('moveToWidget', cardId);
  return { externalId: cardId, key: keyOf(title), url: url.href };
}

/**
 * The ids of the tags, made where the board lacks them. A tag Miro refuses to make (the board holds at most
 * 100) is left out: the description names every fact the tags would show.
 */
async function tagIds(miro: MiroClient, wanted: WantedTag[]): Promise<string[]> {
  const existing = await miro.offsetPaged<{ id: string; title: string }>(`${miro.board}/tags`, TAG_PAGES);
  const ids: string[] = [];
  for (const tag of wanted) {
    const found = existing.find((candidate) => candidate.title === tag.title);
    if (found) {
      ids.push(found.id);
      continue;
    }
    const response = await miro.send({ method: 'POST', path: `${miro.board}/tags`, body: tag });
    if (response.status < 300) {
      ids.push((response.json as { id: string }).id);
      continue;
    }
    const error = miro.failure(response, miro.boardWords);
    if (error.kind !== 'validation') throw error;
  }
  return ids;
}

/** The request that creates the ticket's card, in the board's first free slot: what `create` sends and `preview` shows. */
async function cardRequest(miro: MiroClient, ticket: TrackerTicket) {
  const board = await getBoard(miro);
  const position = freeSlot(await miro.items<Card>('card', CARD_PAGES));
  return { board, request: { path: `${miro.board}/cards`, body: cardBody(ticket, position) } };
}

/**
 * Attaches the tags to the new card. The card exists by then, so a failure leaves it with fewer tags rather
 * than failing a push that happened (its description carries the same facts); only an abort goes through.
 */
async function attachTags(miro: MiroClient, cardId: string, ids: string[]): Promise<void> {
  try {
    for (const id of ids) await miro.json({ method: 'POST', path: `${miro.board}/items/${encodeURIComponent(cardId)}`, query: { tag_id: id } });
  } catch (error) {
    if (!isTrackerError(error)) throw error;
  }
}

const tracker: TrackerPlugin<MiroSettings> = {
  manifest: MANIFEST,
  oauth: MIRO_OAUTH,

  async verify(context) {
    const miro = miroClient(context);
    const answer = await miro.send({ method: 'GET', path: '/v1/oauth-token' });
    // Miro answers an unknown token to this call with 400 "Invalid token provided".
    if (answer.status === 400 || answer.status === 401) throw miro.refusedToken(answer.status);
    if (answer.status >= 300) throw miro.failure(answer);
    const token = answer.json as TokenInfo;
    if (token.scopes && !token.scopes.includes('boards:write')) {
      throw new TrackerError('forbidden', 'The access token lacks the boards:write scope: give the Miro app that scope and install it again.');
    }
    const board = await getBoard(miro);
    const role = board.currentUserMembership?.role;
    if (role && !EDITORS.has(role)) {
      throw new TrackerError('forbidden', `${token.user.name} is a ${role} of the board '${board.name}' and may not add cards: the board's owner must make you an editor.`);
    }
    return { account: `${token.user.name} (team ${token.team.name})`, target: `the board '${board.name}'` };
  },

  async create(ticket, context) {
    const miro = miroClient(context);
    const { board, request } = await cardRequest(miro, ticket);
    const tags = await tagIds(miro, wantedTags(ticket));
    const card = await miro.json<Card>({ method: 'POST', path: request.path, body: request.body }, miro.boardWords);
    await attachTags(miro, card.id, tags);
    return itemOf(miro, board, card.id, ticket.title);
  },

  async preview(ticket, context) {
    const miro = miroClient(context);
    const { request } = await cardRequest(miro, ticket);
    const existing = new Set((await miro.offsetPaged<{ title: string }>(`${miro.board}/tags`, TAG_PAGES)).map((tag) => tag.title));
    const tags = wantedTags(ticket);
    const made = tags.filter((tag) => !existing.has(tag.title)).map((tag) => tag.title);
    const { data, style } = request.body;
    return {
      title: plainText(data.title),
      body: htmlToMarkdown(data.description),
      fields: [
        { name: 'Tags', value: tags.map((tag) => tag.title).join(', ') },
        { name: 'Card colour', value: style.cardTheme },
        ...('dueDate' in data ? [{ name: 'Due date', value: ticket.dueDate ?? '' }] : []),
      ],
      assignee: ticket.assignee,
      then: ['Tagged with its tags.'],
      notices: made.length ? [`Tags made on the board first: ${made.join(', ')}.`] : [],
      request: { method: 'POST', url: miro.address(request.path), body: request.body },
    };
  },

  async search(query, context) {
    const miro = miroClient(context);
    const cards = await miro.items<Card>('card', SEARCH_PAGES);
    const words = searchWords(query.words, Infinity);
    if (!words.length) return [];
    const scored = cards.flatMap((card) => {
      const title = plainText(card.data?.title ?? '');
      const description = plainText(card.data?.description ?? '');
      // A card Tickscribe made for a ticket that is Done says so in its description.
      if (/Status: Done\b/.test(description)) return [];
      const own = new Set(title.toLowerCase().split(/[^\p{L}\p{N}]+/u).filter(Boolean));
      const shared = words.filter((word) => own.has(word)).length;
      return shared ? [{ card, title, description, shared }] : [];
    }).sort((a, b) => b.shared - a.shared).slice(0, query.limit);
    if (!scored.length) return [];
    const board = await getBoard(miro);
    return scored.map(({ card, title, description }) => ({
      ...itemOf(miro, board, card.id, title), title, ...(description ? { excerpt: description.replace(/tickscribe-[\w-]+/g, '').trim() } : {}),
    }));
  },

  async findByMarker(ticketId, context) {
    const miro = miroClient(context);
    // Every card, to the last page: a marked card past a page cap would be missed, and its ticket created twice.
    const card = (await miro.items<Card>('card', Infinity)).find((candidate) => carriesMarker(candidate, ticketId));
    return card ? itemOf(miro, await getBoard(miro), card.id, plainText(card.data?.title ?? '')) : null;
  },

  async link(item, dependency, context) {
    const miro = miroClient(context);
    await miro.json({
      method: 'POST', path: `${miro.board}/connectors`,
      body: {
        startItem: { id: dependency.externalId, snapTo: 'auto' }, endItem: { id: item.externalId, snapTo: 'auto' },
        shape: 'elbowed', captions: [{ content: 'before' }], style: { endStrokeCap: 'stealth' },
      },
    }, { notFound: `One of the cards ${dependency.key} and ${item.key} is no longer on the board.` });
    return 'linked';
  },

  async resolveUser(username, context) {
    const miro = miroClient(context);
    const wanted = username.trim();
    if (!wanted) return null;
    const members = await miro.offsetPaged<{ id: string; name: string }>(`${miro.board}/members`, MEMBER_PAGES);
    const matches = members.filter((member) => member.id === wanted || member.name.trim().toLowerCase() === wanted.toLowerCase());
    return matches.length === 1 ? { id: matches[0]!.id, name: matches[0]!.name } : null;
  },

  async searchUsers(query, context) {
    // Miro's "Get all board members" (GET /v2/boards/{board_id}/members, offset paged, limit at most 50) takes no
    // search term and shows each member's id, name and role: matched here by name; the mapping keeps the id.
    const miro = miroClient(context);
    const members = await miro.offsetPaged<{ id: string; name: string }>(`${miro.board}/members`, MEMBER_PAGES);
    return matchPeople(members, query, (member) => [member.name]).map((member) => ({ value: member.id, name: member.name || member.id }));
  },
};

/** As the host holds it: the host validates the settings against the manifest's schemas before every call. */
export const miroTracker: TrackerPlugin = tracker;

export default miroTracker;
