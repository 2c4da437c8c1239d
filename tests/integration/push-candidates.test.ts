// Finding the tracker's existing items like each ticket before a push, and linking or commenting instead of creating,
// through the API and the push workflow against the GitHub stand-in: the candidates with their scores, a link that
// records the existing issue as the ticket's item with a 'linked' history event, a comment posted once even when the
// step runs again, and a choice naming an item not offered refused in words with nothing saved.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startGitHubFake, type GitHubFake } from '../trackers/github-fake.ts';
import { startReceiver } from '../trackers/webhook-receiver.ts';
import { gitHubConnection, pushAndWait, usePushApp, type Json } from './push-support.ts';

const { api, t } = usePushApp();
let github: GitHubFake;
let connectionId: string;

async function ticket(title: string, description: string): Promise<string> {
  const answer = await api('POST', '/api/tickets', { title, description, project: 'Website' });
  expect(answer.status, answer.text).toBe(201);
  return String((answer.body['ticket'] as Json)['id']);
}

const candidatesOf = async (ticketIds: string[]) => {
  const answer = await api('POST', `/api/connections/${connectionId}/candidates`, { ticketIds });
  expect(answer.status, answer.text).toBe(200);
  return answer.body as { searchable: boolean; commentable: boolean; tickets: { ticketId: string; candidates: Json[]; error: string | null }[] };
};

beforeAll(async () => {
  github = await startGitHubFake();
  connectionId = await gitHubConnection(api, github);
  const first = await ticket('Fix the login redirect loop on Safari', 'Safari users are sent back to the login page after signing in.');
  const pushed = await pushAndWait(api, connectionId, { ticketIds: [first] });
  expect(pushed['successfulPushes']).toBe(1);
});
afterAll(async () => {
  expect(github.fake.violations).toEqual([]);
  await github.fake.close();
});

describe('candidates before a push', () => {
  it('offers the open issue like the ticket with its score, and nothing for an unrelated ticket', async () => {
    const again = await ticket('Login redirect loop on Safari', 'Signing in on Safari still loops back to the login page.');
    const other = await ticket('Write the pricing page copy', 'New plans need their words.');
    const found = await candidatesOf([again, other]);
    expect(found).toMatchObject({ searchable: true, commentable: true });
    const [mine, theirs] = found.tickets;
    expect(mine!.candidates).toEqual([expect.objectContaining({ externalId: '1', key: '#1', title: 'Fix the login redirect loop on Safari', status: 'Open', score: expect.any(Number) })]);
    expect(mine!.candidates[0]!['score']).toBeGreaterThanOrEqual(0.4);
    expect(theirs).toEqual({ ticketId: other, title: 'Write the pricing page copy', candidates: [], error: null });
  });

  it('says in words when GitHub refuses the search, and the wizard goes on', async () => {
    const saved = github.fake.routes['GET /search/issues']!;
    github.fake.routes['GET /search/issues'] = () => ({ status: 422, body: { message: 'Validation Failed', documentation_url: 'https://docs.github.com/rest', errors: [{ code: 'invalid', field: 'q', resource: 'Search' }] } });
    try {
      const lone = await ticket('Translate the onboarding emails', 'Spanish first.');
      const found = await candidatesOf([lone]);
      expect(found.tickets[0]!.error).toMatch(/^GitHub could not be searched: GitHub could not search the issues of acme\/web with these words/);
    } finally {
      github.fake.routes['GET /search/issues'] = saved;
    }
  });
});

describe('linking and commenting instead of creating', () => {
  it('comments on the existing issue once, makes it the ticket\'s item with a linked event, and creates nothing', async () => {
    const again = await ticket('Safari login redirect loops', 'After signing in, Safari loops to the login page again.');
    await candidatesOf([again]);
    const refused = await api('POST', `/api/connections/${connectionId}/bulk-push`, { ticketIds: [again], choices: [{ ticketId: again, action: 'link', externalId: '99' }] });
    expect(refused.status).toBe(400);
    expect(refused.body['error']).toMatch(/The item chosen for “Safari login redirect loops” is not one GitHub offered for it/);
    expect((await api('GET', `/api/tickets/${again}`)).body).toMatchObject({ ticket: { externalUrl: null } });

    const result = await pushAndWait(api, connectionId, { ticketIds: [again], choices: [{ ticketId: again, action: 'comment', externalId: '1' }] });
    expect(result['results']).toEqual([expect.objectContaining({ ticketId: again, success: true, key: '#1', linked: 'comment' })]);
    expect(github.state.issues).toHaveLength(1);
    expect(github.state.comments.get(1)).toHaveLength(1);
    expect(String(github.state.comments.get(1)![0]!['body'])).toContain(`<!-- tickscribe-${again} -->`);
    const shown = (await api('GET', `/api/tickets/${again}`)).body['ticket'] as Json;
    expect(shown).toMatchObject({ externalUrl: github.state.issues[0]!['html_url'], externalKey: '#1' });
    const events = (await api('GET', `/api/tickets/${again}/events`)).body['events'] as Json[];
    expect(events[0]).toMatchObject({ kind: 'linked', data: { key: '#1', trackerName: 'GitHub', commented: true } });

    // The step run again after its comment went out but before the ledger said so: the ledger row and the ticket's
    // item are as before the push, and the push is made again. The comment is found by its marker, not posted twice.
    await t.db.query('delete from push_records where ticket_id = $1', [again]);
    await t.db.query('update tickets set external_url = null, external_id = null, external_type = null, external_key = null where id = $1', [again]);
    const retried = await pushAndWait(api, connectionId, { ticketIds: [again], choices: [{ ticketId: again, action: 'comment', externalId: '1' }] });
    expect(retried['successfulPushes']).toBe(1);
    expect(github.state.comments.get(1)).toHaveLength(1);
    expect(github.state.issues).toHaveLength(1);
  });

  it('links without a comment, and a push of the same batch again changes nothing', async () => {
    const again = await ticket('Loop after login on Safari', 'The Safari login redirect loops.');
    await candidatesOf([again]);
    const body = { ticketIds: [again], choices: [{ ticketId: again, action: 'link', externalId: '1' }], batchId: 'link-once' };
    const first = await pushAndWait(api, connectionId, body);
    const second = await pushAndWait(api, connectionId, body);
    expect(second).toEqual(first);
    expect(first['results']).toEqual([expect.objectContaining({ success: true, key: '#1', linked: 'link' })]);
    expect(github.state.issues).toHaveLength(1);
    expect(github.state.comments.get(1)).toHaveLength(1);
    const events = (await api('GET', `/api/tickets/${again}/events`)).body['events'] as Json[];
    expect(events.filter((event) => event['kind'] === 'linked')).toEqual([expect.objectContaining({ data: expect.objectContaining({ commented: false }) })]);
  });
});

describe('a tracker that cannot be searched', () => {
  it('says so in the candidates, and refuses a choice for it in words, with nothing saved', async () => {
    const receiver = await startReceiver();
    try {
      const saved = await api('POST', '/api/connections', {
        name: 'Hook', project_identifier: 'WEB', connection_type: 'webhook', credentials: { webhook: { url: receiver.url } },
        settings: { projectMappings: ['Hooked'], userMappings: {} },
      });
      expect(saved.status, saved.text).toBe(201);
      const hook = String((saved.body['connection'] as Json)['id']);
      const made = await api('POST', '/api/tickets', { title: 'Send the invoices', description: 'Monthly.', project: 'Hooked' });
      const id = String((made.body['ticket'] as Json)['id']);
      const found = await api('POST', `/api/connections/${hook}/candidates`, { ticketIds: [id] });
      expect(found.body).toMatchObject({ searchable: false, commentable: false, tickets: [] });

      const refused = await api('POST', `/api/connections/${hook}/bulk-push`, { ticketIds: [id], choices: [{ ticketId: id, action: 'link', externalId: '1' }] });
      expect(refused.status).toBe(400);
      expect(refused.body['error']).toBe('Webhook cannot be searched for existing items, so “Send the invoices” can only be created: leave out its choice.');
      expect(receiver.deliveries.filter((delivery) => delivery.raw.includes('ticket.created'))).toEqual([]);
    } finally {
      await receiver.close();
    }
  });
});
