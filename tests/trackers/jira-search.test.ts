// The jira tracker's search of open issues like a ticket and its comment on one, against the Jira stand-in (which
// reads the JQL as Jira documents it): one `text ~` clause per word, statusCategory != Done, hostile titles kept as
// words, Jira's 400 in words, and a comment in ADF posted once however often it is asked.
import { describe, expect, it } from 'vitest';
import { sampleTicket } from '../../core/plugins/testkit/trackers.ts';
import { isTrackerError, type TrackerComment } from '../../plugins/sdk/index.ts';
import { jiraTracker } from '../../plugins/trackers/jira/index.ts';
import { searchJql } from '../../plugins/trackers/jira/search.ts';
import { jiraError, useJiraFake } from './jira-fake.ts';

const SEARCH = 'POST /rest/api/3/search/jql';
const jira = useJiraFake();

const query = (words: string[], limit = 10) => ({ title: words.join(' '), words, limit });
const comment: TrackerComment = { ticketId: '0b6a4f8e-1c1d-4c61-9d55-6f3f0f7f1a01', title: 'Fix the login timeout', quote: 'Mobile sessions still end after a minute.', meeting: 'Weekly sync', meetingDate: '2026-11-30' };

/** Two issues of PROJ, the second Done, both searchable at once. */
async function seed() {
  jira.state.searchLagMs = 0;
  const open = await jiraTracker.create(sampleTicket({ title: 'Fix the login timeout on mobile' }), jira.context());
  const done = await jiraTracker.create(sampleTicket({ title: 'Login page copy', status: 'Done' }), jira.context());
  return { open, done };
}

describe('jira search', () => {
  it('finds the open issues whose text has any of the words, with their status and description', async () => {
    const { open } = await seed();
    const found = await jiraTracker.search!(query(['login', 'timeout']), jira.context());
    expect(found).toEqual([{ ...open, title: 'Fix the login timeout on mobile', status: 'To Do', excerpt: expect.stringMatching(/^Sessions on mobile end after a minute\. Users are logged out/) }]);
    expect(jira.requests(SEARCH).at(-1)!.body).toEqual({
      jql: 'project = "PROJ" AND statusCategory != Done AND (text ~ "login" OR text ~ "timeout") ORDER BY updated DESC',
      maxResults: 10, fields: ['summary', 'status', 'description'],
    });
  });

  it('keeps hostile titles as words: quotes, JQL and Lucene syntax never reach the query as syntax', async () => {
    await seed();
    for (const words of [['" OR 1=1'], ['project = OTHER', 'ORDER', 'BY'], ['AND', 'NOT', '(login', 'time*', '\\"'], ['text ~ "x"']]) {
      await expect(jiraTracker.search!(query(words), jira.context())).resolves.toEqual(expect.any(Array));
    }
    expect(jira.fake.violations).toEqual([]);
    expect(searchJql('PROJ', ['" OR 1=1'])).toBe('project = "PROJ" AND statusCategory != Done AND (text ~ "or11") ORDER BY updated DESC');
    expect(searchJql('PROJ', ['"', '(', '*'])).toBeNull();
  });

  it('says in words when Jira refuses the query (400)', async () => {
    jira.fake.routes[SEARCH] = () => jiraError(400, ["Field 'text' does not exist or you do not have permission to view it."]);
    const refused = await jiraTracker.search!(query(['login']), jira.context()).catch((error: unknown) => error);
    expect(isTrackerError(refused) && refused.kind).toBe('validation');
    expect((refused as Error).message).toMatch(/^Jira could not search project PROJ with these words: .*Field 'text' does not exist/);
  });
});

describe('jira comment', () => {
  it('posts the meeting\'s words in ADF with the ticket\'s marker once, however often it is asked', async () => {
    const { open } = await seed();
    expect(await jiraTracker.comment!(open, comment, jira.context())).toBe('commented');
    expect(await jiraTracker.comment!(open, comment, jira.context())).toBe('commented');
    const posted = jira.state.comments.get(open.externalId)!;
    expect(posted).toHaveLength(1);
    expect(posted[0]!.body).toEqual({
      type: 'doc', version: 1,
      content: [
        { type: 'paragraph', content: [{ type: 'text', text: 'Raised again in “Weekly sync” on 2026-11-30: Fix the login timeout' }] },
        { type: 'blockquote', content: [{ type: 'paragraph', content: [{ type: 'text', text: 'Mobile sessions still end after a minute.' }] }] },
        { type: 'paragraph', content: [{ type: 'text', text: `Pushed from Tickscribe (tickscribe-${comment.ticketId})`, marks: [{ type: 'em' }] }] },
      ],
    });
  });
});
