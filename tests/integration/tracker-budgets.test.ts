// Tracker request budgets counted in PostgreSQL: every process that pushes spends from one count per token. Each
// "process" here is an ORM of its own with its own connection pool, sharing nothing with the other but the database.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { postgresBudgets } from '../../core/connections/budgets.ts';
import { connectAndMigrate } from '../../core/db/migrate.ts';
import type { Orm } from '../../core/db/orm.ts';
import { createLogger } from '../../core/logger.ts';
import { sampleTicket } from '../../core/plugins/testkit/trackers.ts';
import type { TrackerBudgets } from '../../plugins/sdk/index.ts';
import { githubTracker } from '../../plugins/trackers/github/index.ts';
import { CONTENT_BUDGETS } from '../../plugins/trackers/github/pacing.ts';
import { useGitHubFake } from '../trackers/github-fake.ts';

const logger = createLogger({ LOG_LEVEL: 'silent', NODE_ENV: 'test' });
let first: Orm;
let second: Orm;
let budgets: [TrackerBudgets, TrackerBudgets];

beforeAll(async () => {
  first = await connectAndMigrate({ databaseUrl: inject('databaseUrl'), logger });
  second = await connectAndMigrate({ databaseUrl: inject('databaseUrl'), logger });
  budgets = [postgresBudgets(first.em), postgresBudgets(second.em)];
});
afterAll(async () => {
  await first?.close();
  await second?.close();
});

describe('budgets shared by processes', () => {
  it('120 requests at once from two processes: exactly 80 spent in the minute, the rest told when they fit', async () => {
    const key = `test:${randomUUID()}`;
    const started = Date.now();
    const answers = await Promise.all(Array.from({ length: 120 }, (_, index) => budgets[index % 2]!.take(key, CONTENT_BUDGETS, 1)));
    expect(answers.filter((answer) => answer === null)).toHaveLength(80);
    for (const retryAt of answers.filter((answer) => answer !== null)) {
      expect(Date.parse(retryAt)).toBeGreaterThan(started + 59_000);
      expect(Date.parse(retryAt)).toBeLessThan(Date.now() + 60_001);
    }
  });

  it('several requests are spent wholly or not at all, and another key has a budget of its own', async () => {
    const key = `test:${randomUUID()}`;
    expect(await budgets[0].take(key, CONTENT_BUDGETS, 78)).toBeNull();
    expect(await budgets[1].take(key, CONTENT_BUDGETS, 3)).not.toBeNull();
    expect(await budgets[1].take(key, CONTENT_BUDGETS, 2)).toBeNull();
    expect(await budgets[0].take(key, CONTENT_BUDGETS, 1)).not.toBeNull();
    expect(await budgets[0].take(`test:${randomUUID()}`, CONTENT_BUDGETS, 80)).toBeNull();
  });

  it('refusals in a row are counted across processes until one process sees a request accepted', async () => {
    const key = `test:${randomUUID()}`;
    expect(await budgets[0].strike(key)).toBe(1);
    expect(await budgets[1].strike(key)).toBe(2);
    expect(await Promise.all([budgets[0].strike(key), budgets[1].strike(key)])).toEqual(expect.arrayContaining([3, 4]));
    await budgets[1].clear(key);
    expect(await budgets[0].strike(key)).toBe(1);
  });
});

describe('GitHub pushes from two processes', () => {
  const github = useGitHubFake();

  it('keep one token under 80 content requests a minute together, so GitHub never has to refuse', async () => {
    const contexts = budgets.map((shared) => ({ ...github.context(), budgets: shared }));
    let refused: unknown;
    for (let index = 0; index < 100 && !refused; index++) {
      await githubTracker.create(sampleTicket(), contexts[index % 2]!).catch((error: unknown) => void (refused = error));
    }
    expect(refused).toMatchObject({ kind: 'rate_limited', message: expect.stringMatching(/^Tickscribe keeps under GitHub's limits/) });
    const content = github.fake.requests.filter((request) => request.method !== 'GET');
    expect(content.length).toBeGreaterThan(75);
    expect(content.length).toBeLessThanOrEqual(80);
    // Every content request went through: the first create's four labels, then one issue each.
    expect(github.state.issues).toHaveLength(content.length - 4);
  });
});
