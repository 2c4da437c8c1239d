// A push to Jira through the real app (API, Temporal workflow, plugin host) of tickets Jira would refuse as they
// are: titles of 300 characters and due dates the project's create screen does not have. Every ticket becomes one
// issue, and each says in its result what Jira cut or left out.
import { describe, expect, it } from 'vitest';
import { useJiraFake } from '../trackers/jira-fake.ts';
import { pushAndWait, usePushApp, type Json } from './push-support.ts';

const { api } = usePushApp();

const jira = useJiraFake({ perFile: true });

const titleOf = (n: number) => `Ticket ${n}: ${'agree the session policy with security and '.repeat(7)}ship the fix`.slice(0, 300);

async function ticket(title: string, project: string): Promise<string> {
  const answer = await api('POST', '/api/tickets', { title, description: `Work on ${title.slice(0, 20)}.`, project, dueDate: '2026-12-04', priority: 'High' });
  expect(answer.status, answer.text).toBe(201);
  return String((answer.body['ticket'] as Json)['id']);
}

async function connection(project: string): Promise<string> {
  const saved = await api('POST', '/api/connections', {
    name: `Jira ${project}`, project_identifier: 'PROJ', connection_type: 'jira',
    credentials: { jira: jira.settings.credentials }, settings: { projectMappings: [project], userMappings: {} },
  });
  expect(saved.status, saved.text).toBe(201);
  return String((saved.body['connection'] as Json)['id']);
}

const CUT = "Title cut to 255 characters, Jira's limit; the full title is at the top of the description.";
const LEFT_OUT = "Left out, not on the project's create screen in Jira: due date. They are at the end of the description.";

describe('a push to Jira of tickets over its limits', () => {
  it('creates every issue once, and reports each cut and left-out field on its ticket', async () => {
    jira.state.screen = jira.state.screen.filter((field) => field.fieldId !== 'duedate');
    const connectionId = await connection('Limits');
    const ids: string[] = [];
    for (const n of [1, 2, 3]) ids.push(await ticket(titleOf(n), 'Limits'));
    expect(titleOf(1)).toHaveLength(300);

    const result = await pushAndWait(api, connectionId, { ticketIds: ids });
    expect(result).toMatchObject({ successfulPushes: 3, failedPushes: 0 });
    for (const entry of result['results'] as Json[]) expect(entry).toMatchObject({ success: true, warning: `${CUT} ${LEFT_OUT}` });
    expect(jira.state.issues).toHaveLength(3);
    for (const issue of jira.state.issues) {
      expect((issue.fields['summary'] as string).length).toBeLessThanOrEqual(255);
      expect(issue.fields['duedate']).toBeUndefined();
      expect(JSON.stringify(issue.fields['description'])).toContain('Due: 2026-12-04');
    }
    // Each ticket's whole title is in exactly one issue (the creates may run in any order).
    for (const n of [1, 2, 3]) {
      expect(jira.state.issues.filter((issue) => JSON.stringify(issue.fields['description']).includes(`"${titleOf(n)}"`))).toHaveLength(1);
    }
  });

  it('creates an issue once when the answer to its create was lost, though the search cannot see it yet', async () => {
    const connectionId = await connection('Lost');
    const id = await ticket(titleOf(4), 'Lost');
    const create = jira.fake.routes['POST /rest/api/3/issue']!;
    let lost = false;
    jira.fake.routes['POST /rest/api/3/issue'] = async (request) => {
      const answer = await create(request);
      if (lost) return answer;
      lost = true;
      return { status: 502, body: 'Bad Gateway' };
    };
    const before = jira.state.issues.length;
    const result = await pushAndWait(api, connectionId, { ticketIds: [id] });
    expect(result).toMatchObject({ successfulPushes: 1, failedPushes: 0, results: [{ success: true, key: `PROJ-${before + 1}` }] });
    expect(jira.state.issues).toHaveLength(before + 1);
    expect(jira.requests('POST /rest/api/3/issue')).toHaveLength(before + 1);
  });
});
