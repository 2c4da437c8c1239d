// How the `azure` tracker reports each failure Azure DevOps answers with: the kind the push workflow acts on,
// the service's own words, the fields a rule refused, when to try again, and a call cut short by its signal.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { fetchHttp, sampleTicket } from '../../core/plugins/testkit.ts';
import type { TrackerContext } from '../../plugins/sdk/index.ts';
import { azureTracker } from '../../plugins/trackers/azure/index.ts';
import { exampleOf, startVendorFake, type VendorFake, type VendorReply } from '../support/vendor-fake.ts';
import { azureError, CREATE, PAT_AS_BASIC } from './azure-fake.ts';

const FIELDS = 'GET /{organization}/{project}/_apis/wit/workitemtypes/{type}/fields';

const serviceError = (status: number, message: string, extra: Record<string, unknown> = {}) => azureError(status, message, 'VssServiceException', extra);

let fake: VendorFake;
const context = (extra: Partial<TrackerContext> = {}): TrackerContext => ({
  settings: { config: { projectIdentifier: 'Fabrikam-Fiber-Git', workItemType: 'Task', baseUrl: fake.url }, credentials: { organization: 'fabrikam', pat: 'pat-secret' } },
  http: fetchHttp,
  ...extra,
});
const answerCreateWith = (reply: VendorReply) => {
  fake.routes[CREATE] = () => reply;
};

beforeEach(async () => {
  fake = await startVendorFake('azure-devops', {
    [FIELDS]: () => ({ status: 200, body: exampleOf('azure-devops', FIELDS, 200) }),
    [CREATE]: () => ({ status: 200, body: exampleOf('azure-devops', CREATE, 200) }),
  });
});
afterEach(async () => {
  expect(fake.violations.filter((violation) => !PAT_AS_BASIC.test(violation))).toEqual([]);
  await fake.close();
});

describe('azure tracker: failures', () => {
  it('creates against the vendor\'s own example answer', async () => {
    expect(await azureTracker.create(sampleTicket(), context())).toEqual({
      externalId: '131489', key: 'Task 131489', url: 'https://dev.azure.com/fabrikam/web/wi.aspx?pcguid=20cda608-32f0-4e6e-9b7c-8def7b38d15a&id=131489',
    });
  });

  it('reports a refused token, whether as 401 or as the sign-in page', async () => {
    answerCreateWith(serviceError(401, "TF400813: The user '' is not authorized to access this resource."));
    await expect(azureTracker.create(sampleTicket(), context())).rejects.toMatchObject({ kind: 'auth', status: 401 });
    answerCreateWith({ status: 203, headers: { 'content-type': 'text/html' }, body: '<html>Sign In</html>' });
    await expect(azureTracker.create(sampleTicket(), context())).rejects.toMatchObject({ kind: 'auth', status: 203 });
  });

  it.each([
    [403, 'forbidden', 'TF401289: The current user does not have permissions to create work items in this area.'],
    [404, 'not_found', "The project 'Fabrikam-Fiber-Git' has no work item type 'Task'. (TF401232: Work item type does not exist.)"],
    [500, 'transient', 'TF246018: The database operation exceeded the timeout limit and has been cancelled.'],
    [503, 'transient', 'TF400898: An Internal Error Occurred.'],
  ])('reports a %i as %s, in the service\'s words', async (status, kind, message) => {
    answerCreateWith(serviceError(status, status === 404 ? 'TF401232: Work item type does not exist.' : message));
    await expect(azureTracker.create(sampleTicket(), context())).rejects.toMatchObject({ kind, status, message });
  });

  it('reports a 400 rule error with the fields it names', async () => {
    answerCreateWith(serviceError(400, 'TF401320: Rule Error for field Assigned To. Error code: HasValues, LimitedToValues, AllowsOldValue, InvalidId.', {
      typeKey: 'RuleValidationException',
      customProperties: {
        RuleValidationErrors: [{
          fieldReferenceName: 'System.AssignedTo', fieldStatusFlags: 'hasValues, limitedToValues, allowsOldValue, invalidID',
          errorMessage: 'TF401320: Rule Error for field Assigned To. Error code: HasValues, LimitedToValues, AllowsOldValue, InvalidId.', fieldStatusCode: 4194304,
        }],
      },
    }));
    const error = await azureTracker.create(sampleTicket({ assignee: { id: 'gone@fabrikam.com', name: 'Gone' } }), context()).catch((failure: unknown) => failure);
    expect(error).toMatchObject({
      kind: 'validation', status: 400,
      fields: { 'System.AssignedTo': 'TF401320: Rule Error for field Assigned To. Error code: HasValues, LimitedToValues, AllowsOldValue, InvalidId.' },
      message: expect.stringMatching(/^TF401320: Rule Error for field Assigned To\..* System\.AssignedTo: TF401320/),
    });
  });

  it('reports a 429 as rate limited until Retry-After', async () => {
    answerCreateWith({ ...serviceError(429, 'TF400733: The request has been throttled.'), headers: { 'retry-after': '42', 'x-ratelimit-resource': 'ATCPU' } });
    const before = Date.now();
    const error = await azureTracker.create(sampleTicket(), context()).catch((failure: { retryAt?: string }) => failure);
    expect(error).toMatchObject({ kind: 'rate_limited', status: 429, message: 'TF400733: The request has been throttled.' });
    expect(Date.parse((error as { retryAt: string }).retryAt) - before).toBeGreaterThanOrEqual(41_000);
    expect(Date.parse((error as { retryAt: string }).retryAt) - before).toBeLessThanOrEqual(43_000);
  });

  it('reports a network failure as transient', async () => {
    await fake.close();
    const url = fake.url;
    fake = await startVendorFake('azure-devops', {});
    const refused = azureTracker.create(sampleTicket(), { ...context(), settings: { ...context().settings, config: { ...context().settings.config, baseUrl: url } } });
    await expect(refused).rejects.toMatchObject({ kind: 'transient', message: expect.stringMatching(/^Could not reach 127\.0\.0\.1:\d+/) });
  });

  it('stops waiting when its signal times out, with the signal\'s reason', async () => {
    const late = { status: 200, headers: { connection: 'close' }, body: exampleOf('azure-devops', CREATE, 200) };
    fake.routes[CREATE] = () => new Promise((resolve) => setTimeout(() => resolve(late), 500));
    const started = Date.now();
    await expect(azureTracker.create(sampleTicket(), context({ signal: AbortSignal.timeout(100) }))).rejects.toMatchObject({ name: 'TimeoutError' });
    expect(Date.now() - started).toBeLessThan(450);
    await expect(azureTracker.create(sampleTicket(), context({ signal: AbortSignal.abort() }))).rejects.toMatchObject({ name: 'AbortError' });
  });
});
