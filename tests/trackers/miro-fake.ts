/**
 * A stateful stand-in of a Miro board for the miro tracker's tests: the routes of a vendor fake (every request and
 * answer checked against Miro's OpenAPI subset) holding the board uXjVOfjkmAk=, its cards (read 50 a page by
 * cursor), tags, members and connectors, and the token's owner, Ada Lovelace of the team Acme.
 */
import { MIRO_API } from '../../plugins/trackers/miro/client.ts';
import { startVendorFake, type VendorReply, type VendorRequest } from '../support/vendor-fake.ts';
import { requiringCredentials, type StandIn, type StandInOptions } from './stand-in.ts';

export const BOARD_ID = 'uXjVOfjkmAk=';
export const USER = { id: '3458764516184293833', name: 'Ada Lovelace' };
export const ACCESS_TOKEN = 'eyJtaXJvLm9yaWdpbiI6ImV1MDEifQ_token';
export const CARDS = 'POST /v2/boards/{board_id}/cards';
export const ITEMS = 'GET /v2/boards/{board_id}/items';
export const TAGS = '/v2/boards/{board_id}/tags';
const ATTACH = 'POST /v2/boards/{board_id}/items/{item_id}';
/**
 * The contract's item `data` is a oneOf of nine item shapes, most of which require nothing, so a card's data matches
 * the embed and card shapes both and no listed card can satisfy it: that finding is the contract's.
 */
export const ONE_OF_ITEM_DATA = /^GET \/v2\/boards\/\{board_id\}\/items: the scripted 200 answer does not match the response schema: .*\/data\/\d+\/data must match exactly one schema in oneOf$/;

/** Miro's error answer. */
export const miroError = (status: number, code: string, message: string, extra: object = {}): VendorReply => ({ status, body: { status, code, message, type: 'error', ...extra } });
const member = (id: string, name: string) => ({ id, name, role: 'editor', type: 'board_member' });
const stamp = { createdAt: '2026-11-20T09:00:00Z', modifiedAt: '2026-11-20T09:00:00Z', createdBy: { id: USER.id, type: 'user' }, modifiedBy: { id: USER.id, type: 'user' } };

export interface StoredCard {
  id: string; type: 'card'; data: { title?: string; description?: string; dueDate?: string; assigneeId?: string };
  position: { x: number; y: number; origin: 'center'; relativeTo: 'canvas_center' }; geometry: { width: number; height: number }; tagIds: string[];
}

/**
 * A board as far as the tracker uses it: its cards (read 50 a page by cursor), tags, members and connectors.
 * `web` is where the board's page is, miro.com unless given.
 */
export function miroBoard(web = 'https://miro.com') {
  const cards: StoredCard[] = [];
  const tags: { id: string; title: string; fillColor: string; type: 'tag' }[] = [{ id: '3458764517517819000', title: 'mobile', fillColor: 'cyan', type: 'tag' }];
  const connectors: { startItem: { id: string }; endItem: { id: string } }[] = [];
  const members = [...Array.from({ length: 50 }, (_, i) => member(String(3458764516184290000n + BigInt(i)), `Guest ${i + 1}`)), { ...member(USER.id, USER.name), role: 'owner' },
    member('3458764516184293840', 'Alex Kim'), member('3458764516184293841', 'Alex Kim')];
  const addCard = (x: number, y: number, data: StoredCard['data'] = { title: 'Existing' }) => {
    const card: StoredCard = { id: String(3458764517517852417n + BigInt(cards.length)), type: 'card', data, position: { x, y, origin: 'center', relativeTo: 'canvas_center' }, geometry: { width: 320, height: 94 }, tagIds: [] };
    cards.push(card);
    return card;
  };
  const view = ({ tagIds: _tags, ...card }: StoredCard) => ({ ...card, ...stamp, links: { self: `${MIRO_API}/v2/boards/${BOARD_ID}/cards/${card.id}` } });
  const paged = <T>(all: T[], query: URLSearchParams) => {
    const offset = Number(query.get('offset') ?? 0);
    const limit = Number(query.get('limit') ?? 20);
    return { data: all.slice(offset, offset + limit), total: all.length, size: Math.min(limit, Math.max(all.length - offset, 0)), offset, limit, type: 'list' };
  };
  const routes = {
    'GET /v1/oauth-token': () => ({ status: 200, body: {
      type: 'oauth', organization: { type: 'organization', name: 'Acme Inc', id: '3458764516184293830' }, team: { type: 'team', name: 'Acme', id: '3458764516184293832' },
      createdBy: { type: 'user', ...USER }, user: { type: 'user', ...USER }, scopes: ['boards:read', 'boards:write'],
    } }),
    'GET /v2/boards/{board_id}': ({ params }: VendorRequest) => (params.board_id === BOARD_ID
      ? { status: 200, body: { id: BOARD_ID, type: 'board', name: 'Sprint planning', description: 'Tickets from the weekly sync', viewLink: `${web}/app/board/${BOARD_ID}`,
        team: { id: '3458764516184293832', name: 'Acme', type: 'team' }, owner: { ...USER, type: 'user' }, currentUserMembership: { ...USER, role: 'owner', type: 'board_member' } } }
      : miroError(404, 'notFound', 'Board not found')),
    // Miro's "Get all board members": limit "Default: 20", at most 50 (the operation's parameter schema), offset from 0.
    'GET /v2/boards/{board_id}/members': ({ query }: VendorRequest) => (Number(query.get('limit') ?? 20) > 50
      ? miroError(400, 'invalidParameters', 'Invalid parameters', { context: { fields: [{ field: 'limit', message: 'must be less than or equal to 50' }] } })
      : { status: 200, body: paged(members, query) }),
    [`GET ${TAGS}`]: ({ query }: VendorRequest) => ({ status: 200, body: paged(tags, query) }),
    [`POST ${TAGS}`]: ({ body }: VendorRequest) => {
      const tag = { id: String(3458764517517819001n + BigInt(tags.length)), type: 'tag' as const, ...(body as { title: string; fillColor: string }) };
      tags.push(tag);
      return { status: 201, body: tag };
    },
    [CARDS]: ({ body }: VendorRequest) => {
      const { data, position } = body as { data: StoredCard['data']; position: { x: number; y: number } };
      return { status: 201, body: view(addCard(position.x, position.y, data)) };
    },
    [ITEMS]: ({ query }: VendorRequest) => {
      const offset = Number(query.get('cursor') ?? 0);
      const limit = Number(query.get('limit'));
      // Miro's "Get items on board": `type` keeps the items of one type (the board holds cards only here).
      const ofType = cards.filter((card) => !query.get('type') || card.type === query.get('type'));
      const page = ofType.slice(offset, offset + limit).map(view);
      return { status: 200, body: { data: page, total: ofType.length, size: page.length, limit, ...(offset + limit < ofType.length ? { cursor: String(offset + limit) } : {}) } };
    },
    [ATTACH]: ({ params, query }: VendorRequest) => {
      cards.find((card) => card.id === params.item_id)?.tagIds.push(query.get('tag_id')!);
      return { status: 204 };
    },
    'POST /v2/boards/{board_id}/connectors': ({ body }: VendorRequest) => {
      connectors.push(body as (typeof connectors)[number]);
      return { status: 200, body: { id: '3458764517517900000', type: 'connector', isSupported: true, ...(body as object), ...stamp } };
    },
  };
  return { cards, tags, members, connectors, addCard, routes };
}

/** The stand-in `npm run fake-trackers` runs: the board, refusing any access token but its own. */
export async function startMiroStandIn({ url }: StandInOptions): Promise<StandIn> {
  const board = miroBoard(url);
  const fake = await startVendorFake('miro', requiringCredentials(board.routes, `Bearer ${ACCESS_TOKEN}`, ({ operation }) => (operation === 'GET /v1/oauth-token'
    ? miroError(400, 'invalidToken', 'Invalid token provided')
    : miroError(401, 'tokenNotProvided', 'Invalid access token'))));
  const titleOf = (id: string) => board.cards.find((card) => card.id === id)?.data.title ?? id;
  return {
    type: 'Miro',
    target: fake.url,
    form: [['Project Identifier', BOARD_ID], ['Access Token', ACCESS_TOKEN], ['Miro API URL', url]],
    notes: [],
    created: () => ({
      cards: board.cards.map(({ id, data, tagIds }) => ({
        id, title: data.title, tags: tagIds.map((tagId) => board.tags.find((tag) => tag.id === tagId)?.title), dueDate: data.dueDate ?? null,
        assignee: board.members.find((person) => person.id === data.assigneeId)?.name ?? null, url: `${url}/app/board/${BOARD_ID}?moveToWidget=${id}`,
      })),
      arrows: board.connectors.map((connector) => ({ from: titleOf(connector.startItem.id), to: titleOf(connector.endItem.id) })),
    }),
    violations: () => fake.violations.filter((violation) => !ONE_OF_ITEM_DATA.test(violation)),
    close: () => fake.close(),
  };
}
