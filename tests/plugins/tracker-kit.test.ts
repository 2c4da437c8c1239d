// The tracker contract kit passes a tracker that keeps the contract and names each way a sloppy one breaks it.
import { describe, expect, it } from 'vitest';
import { checkTrackerContract } from '../../core/plugins/testkit.ts';
import type { TrackerHttp, TrackerItem, TrackerPlugin } from '../../plugins/sdk/index.ts';
import { errorFromResponse, markerOf } from '../../plugins/sdk/index.ts';

/** A board kept in memory behind a TrackerHttp, as a local stand-in would keep it. */
function board() {
  const cards: { id: string; body: string }[] = [];
  const http: TrackerHttp = async (request) => {
    const answer = (status: number, json: unknown) => ({ status, headers: {}, text: JSON.stringify(json), json });
    if (request.method === 'GET' && request.url.endsWith('/me')) return answer(200, { name: 'ada' });
    if (request.method === 'POST' && request.url.endsWith('/cards')) {
      const card = { id: String(cards.length + 1), body: (request.body as { body: string }).body };
      cards.push(card);
      return answer(201, card);
    }
    if (request.method === 'GET' && request.url.endsWith('/cards')) return answer(200, cards);
    return answer(404, { message: 'Not Found' });
  };
  return { cards, http };
}

const asItem = (card: { id: string }): TrackerItem => ({ externalId: card.id, key: `#${card.id}`, url: `https://board.example/cards/${card.id}` });

const careful: TrackerPlugin = {
  manifest: {
    apiVersion: 1, id: 'board', kind: 'tracker', name: 'Board', version: '1.0.0',
    configSchema: { type: 'object', required: ['projectIdentifier'], properties: { projectIdentifier: { type: 'string' } } },
    credentialsSchema: { type: 'object', properties: {} },
  },
  async verify({ http }) {
    const response = await http({ method: 'GET', url: 'https://board.example/me' });
    if (response.status !== 200) throw errorFromResponse(response);
    return { account: 'ada', target: 'board' };
  },
  async create(ticket, { http, signal }) {
    signal?.throwIfAborted();
    const response = await http({ method: 'POST', url: 'https://board.example/cards', body: { body: `${ticket.title}\n${markerOf(ticket.id)}` } });
    if (response.status !== 201) throw errorFromResponse(response);
    return asItem(response.json as { id: string });
  },
  async findByMarker(ticketId, { http }) {
    const response = await http({ method: 'GET', url: 'https://board.example/cards' });
    const card = (response.json as { id: string; body: string }[]).find((c) => c.body.includes(markerOf(ticketId)));
    return card ? asItem(card) : null;
  },
  link: async () => 'unsupported',
  resolveUser: async () => null,
};

describe('the tracker contract kit', () => {
  it('passes a tracker that keeps the contract', async () => {
    expect(await checkTrackerContract(careful, { settings: { config: { projectIdentifier: 'main' } }, http: board().http })).toEqual([]);
  });

  it('names each way a sloppy tracker breaks it', async () => {
    const sloppy: TrackerPlugin = {
      ...careful,
      manifest: { ...careful.manifest, configSchema: { type: 'object' }, credentialsSchema: undefined as never },
      async create(ticket, { http }) {
        const response = await http({ method: 'POST', url: 'https://board.example/cards', body: { body: ticket.title } });
        if (response.status >= 400) throw new Error(`HTTP ${response.status}`);
        return asItem(response.json as { id: string });
      },
      resolveUser: async (username) => ({ id: username, name: username }),
    };
    const problems = await checkTrackerContract(sloppy, { settings: {}, http: board().http });
    expect(problems).toEqual(expect.arrayContaining([
      "the configSchema must require projectIdentifier (the connection's target)",
      'the manifest must declare a credentialsSchema (the Connections form is built from it)',
      expect.stringMatching(/^findByMarker\(\) after create\(\) returned null; expected the created item \d+$/),
      'resolveUser() for a user the tracker does not know must answer null (never guess)',
      "create() ignored an aborted signal; it must reject",
      "create() answered by 401 threw kind 'transient' (The board plugin's create() failed: HTTP 401); expected 'auth'",
      "create() answered by 429 with Retry-After: 30 threw kind 'transient' (The board plugin's create() failed: HTTP 429); expected 'rate_limited'",
    ]));
  });
});
