import { describe, expect, it } from 'vitest';
import { sampleTicket } from '../../core/plugins/testkit/trackers.ts';
import type { TrackerError } from '../../plugins/sdk/index.ts';
import { jiraTracker } from '../../plugins/trackers/jira/index.ts';
import { exampleOf } from '../support/vendor-fake.ts';
import { jiraError, useJiraFake } from './jira-fake.ts';

const CREATE = 'POST /rest/api/3/issue';

const jira = useJiraFake();

const createFails = () => jiraTracker.create(sampleTicket(), jira.context());

describe('jira errors', () => {
  it('turns refused credentials into auth', async () => {
    jira.fake.routes[CREATE] = () => jiraError(401, ['Client must be authenticated to access this resource.']);
    await expect(createFails()).rejects.toMatchObject({ name: 'TrackerError', kind: 'auth', status: 401, message: expect.stringMatching(/^Jira refused the credentials/) });
  });

  it('turns a 403 into forbidden with Jira\'s words', async () => {
    jira.fake.routes[CREATE] = () => jiraError(403, ['You do not have permission to create issues in this project.']);
    await expect(createFails()).rejects.toMatchObject({ kind: 'forbidden', message: 'Jira: You do not have permission to create issues in this project.' });
  });

  it('turns a 404 into not_found', async () => {
    jira.fake.routes['GET /rest/api/3/issue/createmeta/{projectIdOrKey}/issuetypes'] = () => ({ status: 404, body: { errorMessages: ["No project could be found with key 'PROJ'."], errors: {} } });
    await expect(createFails()).rejects.toMatchObject({ kind: 'not_found', message: "Jira: No project could be found with key 'PROJ'." });
  });

  it('turns a 400 into validation, with Jira\'s errors by field', async () => {
    jira.fake.routes[CREATE] = () => jiraError(400, [], { duedate: 'Field \'duedate\' cannot be set. It is not on the appropriate screen, or unknown.', summary: 'You must specify a summary of the issue.' });
    await expect(createFails()).rejects.toMatchObject({
      kind: 'validation',
      status: 400,
      fields: { duedate: expect.stringContaining('duedate'), summary: 'You must specify a summary of the issue.' },
      message: expect.stringContaining('summary: You must specify a summary of the issue.'),
    });
  });

  it('says to turn off the priority field when the create screen has none', async () => {
    jira.fake.routes[CREATE] = () => jiraError(400, [], { priority: "Field 'priority' cannot be set. It is not on the appropriate screen, or unknown." });
    await expect(createFails()).rejects.toMatchObject({
      kind: 'validation',
      fields: { priority: "Field 'priority' cannot be set. It is not on the appropriate screen, or unknown." },
      message: expect.stringContaining("Turn off 'Include Priority Field' on the connection"),
    });
    jira.fake.routes[CREATE] = () => jiraError(400, ["Field 'priority' cannot be set. It is not on the appropriate screen, or unknown."]);
    await expect(createFails()).rejects.toMatchObject({ kind: 'validation', message: expect.stringMatching(/^Jira refused the priority: .*Turn off 'Include Priority Field'/) });
  });

  it('turns a 429 with Retry-After into rate_limited at that time', async () => {
    jira.fake.routes[CREATE] = () => ({ ...jiraError(429, ['Rate limit exceeded.']), headers: { 'retry-after': '30' } });
    const before = Date.now();
    const error: unknown = await createFails().catch((caught: unknown) => caught);
    expect(error).toMatchObject({ kind: 'rate_limited', status: 429 });
    const wait = Date.parse((error as TrackerError).retryAt!) - before;
    expect(wait).toBeGreaterThanOrEqual(29_000);
    expect(wait).toBeLessThanOrEqual(31_000);
  });

  it('turns 500 and 503 into transient', async () => {
    jira.fake.routes[CREATE] = () => jiraError(500, ['Internal server error']);
    await expect(createFails()).rejects.toMatchObject({ kind: 'transient', status: 500 });
    jira.fake.routes[CREATE] = () => ({ status: 503, body: 'Service Unavailable' });
    await expect(createFails()).rejects.toMatchObject({ kind: 'transient', status: 503 });
  });

  it('says the issue exists when moving it along the workflow fails', async () => {
    jira.fake.routes['POST /rest/api/3/issue/{issueIdOrKey}/transitions'] = () => jiraError(400, ['A resolution is required to close this issue.']);
    await expect(jiraTracker.create(sampleTicket({ status: 'Done' }), jira.context())).rejects.toMatchObject({
      kind: 'validation', message: 'Created PROJ-1, but could not move it to Done: Jira: A resolution is required to close this issue.',
    });
  });

  it('stops when its signal times out, sending nothing more', async () => {
    jira.fake.routes['GET /rest/api/3/myself'] = async () => {
      await new Promise((resolve) => setTimeout(resolve, 300));
      return { status: 200, body: exampleOf('jira', 'GET /rest/api/3/myself', 200) };
    };
    await expect(jiraTracker.verify(jira.context(AbortSignal.timeout(50)))).rejects.toMatchObject({ name: 'TimeoutError' });
    expect(jira.requests('GET /rest/api/3/project/{projectIdOrKey}')).toEqual([]);
  });

  it('sends nothing when its signal is already aborted', async () => {
    const aborted = AbortSignal.abort(new Error('cancelled'));
    await expect(jiraTracker.findByMarker('t1', jira.context(aborted))).rejects.toThrow('cancelled');
    await expect(jiraTracker.link({ externalId: '1', key: 'PROJ-1', url: 'https://x.test' }, { externalId: '2', key: 'PROJ-2', url: 'https://x.test' }, jira.context(aborted))).rejects.toThrow('cancelled');
    expect(jira.fake.requests).toEqual([]);
  });
});
