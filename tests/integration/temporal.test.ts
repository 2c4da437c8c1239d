import { randomUUID } from 'node:crypto';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Client, WorkflowExecutionAlreadyStartedError } from '@temporalio/client';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { connectAndMigrate } from '../../core/db/migrate.ts';
import type { Orm } from '../../core/db/orm.ts';
import { createLogger } from '../../core/logger.ts';
import { connectWorker, waitForTemporal } from '../../core/temporal/connect.ts';
import { installTemporalRuntime } from '../../core/temporal/runtime.ts';
import { User } from '../../core/users/user.entity.ts';
import { createWorker, leanWorkflowBundle, loadWorkflowBundle } from '../../workflows/worker.ts';
import { createFixtureActivities } from '../fixtures/workflows/activities.ts';

const logger = createLogger({ LOG_LEVEL: 'silent', NODE_ENV: 'test' });
const workflowsPath = fileURLToPath(new URL('../fixtures/workflows/workflows.ts', import.meta.url));
const cacheDir = mkdtempSync(join(tmpdir(), 'tickscribe-bundle-'));
let orm: Orm;

beforeAll(async () => {
  installTemporalRuntime(logger);
  orm = await connectAndMigrate({ databaseUrl: inject('databaseUrl'), logger });
});
afterAll(async () => {
  await orm?.close();
  rmSync(cacheDir, { recursive: true, force: true });
});

describe('the worker', () => {
  it('bundles workflow code once and reuses the cached bundle', async () => {
    const first = await loadWorkflowBundle({ workflowsPath, cacheDir, logger });
    const files = readdirSync(cacheDir);
    expect(files).toHaveLength(1);
    expect(files[0]).toMatch(/^workflow-bundle-[0-9a-f]{16}\.js$/);
    const second = await loadWorkflowBundle({ workflowsPath, cacheDir, logger });
    expect(second.code).toBe(first.code);
    expect(existsSync(join(cacheDir, files[0]!))).toBe(true);
  });

  it('keeps the bundle lean (ASCII, a source map without the sources) while stack traces still name the source line', async () => {
    const { code } = await loadWorkflowBundle({ workflowsPath, cacheDir, logger });
    expect(code).not.toMatch(/[\u0080-\uffff]/);
    const map = JSON.parse(Buffer.from(/sourceMappingURL=data:application\/json;base64,(\S+)\s*$/.exec(code)![1]!, 'base64').toString('utf8')) as { sources: string[]; sourcesContent?: unknown };
    expect(map.sourcesContent).toBeUndefined();
    expect(map.sources.some((source) => source.endsWith('fixtures/workflows/workflows.ts'))).toBe(true);
    expect(leanWorkflowBundle(code)).toBe(code);

    const taskQueue = `test-${randomUUID()}`;
    const connection = await connectWorker(inject('temporalAddress'));
    const worker = await createWorker({
      connection, namespace: 'default', taskQueue, workflowBundle: { code }, activities: createFixtureActivities({ orm }),
      activityConcurrency: 2, workflowConcurrency: 2,
    });
    const clientConnection = await waitForTemporal({ address: inject('temporalAddress'), timeoutMs: 10_000 });
    const client = new Client({ connection: clientConnection });
    try {
      const [stack, result] = await worker.runUntil(async () => {
        const handle = await client.workflow.start('waitForReleaseWorkflow', { taskQueue, workflowId: `wait-${randomUUID()}` });
        // What the Temporal UI's "Stack Trace" tab shows: the line the workflow waits on, in its own source file.
        let trace = '';
        for (let i = 0; i < 50 && !trace.includes('waitForReleaseWorkflow'); i++) trace = await handle.query<string>('__stack_trace');
        await handle.signal('release');
        return [trace, await handle.result()];
      });
      const line = readFileSync(workflowsPath, 'utf8').split('\n').findIndex((text) => text.includes('await condition(() => released)')) + 1;
      expect(stack).toMatch(new RegExp(`waitForReleaseWorkflow \\(\\S*fixtures/workflows/workflows\\.ts:${line}:\\d+\\)`));
      expect(result).toBe('Ada’s notes — done…');
    } finally {
      await clientConnection.close();
      await connection.close();
    }
  });

  it('runs a workflow whose activity reads the real database, and refuses a duplicate business id', async () => {
    const domain = `${randomUUID().slice(0, 8)}.example`;
    const em = orm.em.fork();
    for (const name of ['ada', 'grace']) em.create(User, { email: `${name}@${domain}`, fullName: name });
    await em.flush();

    const taskQueue = `test-${randomUUID()}`;
    const connection = await connectWorker(inject('temporalAddress'));
    const worker = await createWorker({
      connection,
      namespace: 'default',
      taskQueue,
      workflowBundle: await loadWorkflowBundle({ workflowsPath, cacheDir, logger }),
      activities: createFixtureActivities({ orm }),
      activityConcurrency: 4,
      workflowConcurrency: 4,
    });
    const clientConnection = await waitForTemporal({ address: inject('temporalAddress'), timeoutMs: 10_000 });
    const client = new Client({ connection: clientConnection });
    const workflowId = `count-users-${domain}`;
    try {
      const result = await worker.runUntil(async () => {
        const handle = await client.workflow.start('countUsersWorkflow', { taskQueue, workflowId, args: [domain] });
        await expect(
          client.workflow.start('countUsersWorkflow', { taskQueue, workflowId, args: [domain] }),
        ).rejects.toBeInstanceOf(WorkflowExecutionAlreadyStartedError);
        return handle.result();
      });
      expect(result).toEqual({ workflowId, users: 2 });
    } finally {
      await clientConnection.close();
      await connection.close();
    }
  });
});
