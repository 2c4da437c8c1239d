import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdir, readFile, readdir, rename, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { bundleWorkflowCode, Worker, type NativeConnection, type WorkflowBundle } from '@temporalio/worker';
import type { Logger } from '../core/logger.ts';

export const DEFAULT_WORKFLOWS_PATH = fileURLToPath(new URL('./workflows.ts', import.meta.url));

async function workflowSourceHash(workflowsPath: string): Promise<string> {
  const hash = createHash('sha256');
  const sdk = createRequire(import.meta.url)('@temporalio/workflow/package.json') as { version: string };
  hash.update(sdk.version);
  const dir = dirname(workflowsPath);
  const files = (await readdir(dir, { recursive: true })).filter((f) => /\.(ts|js)$/.test(f)).sort();
  for (const file of files) hash.update(file).update(await readFile(join(dir, file)));
  hash.update(workflowsPath);
  return hash.digest('hex').slice(0, 16);
}

/**
 * Bundles the workflow code once. The bundle is kept in `<cacheDir>` under a hash of the workflow sources and
 * the SDK version, so a restart with unchanged code skips webpack.
 */
export async function loadWorkflowBundle(options: {
  workflowsPath: string;
  cacheDir: string;
  logger: Logger;
}): Promise<WorkflowBundle> {
  const file = join(options.cacheDir, `workflow-bundle-${await workflowSourceHash(options.workflowsPath)}.js`);
  if (existsSync(file)) return { code: await readFile(file, 'utf8') };
  const started = Date.now();
  const { code } = await bundleWorkflowCode({
    workflowsPath: options.workflowsPath,
    logger: {
      trace: () => {}, debug: () => {}, info: () => {},
      warn: (message, meta) => options.logger.warn(meta ?? {}, message),
      error: (message, meta) => options.logger.error(meta ?? {}, message),
      log: () => {},
    },
  });
  await mkdir(options.cacheDir, { recursive: true });
  // A file of its own to rename from: processes bundling at once never write into one another's.
  const temporary = `${file}.${process.pid}.tmp`;
  await writeFile(temporary, code);
  await rename(temporary, file);
  options.logger.info({ ms: Date.now() - started }, 'workflow code bundled');
  return { code };
}

export interface WorkerOptions {
  connection: NativeConnection;
  namespace: string;
  taskQueue: string;
  workflowBundle: WorkflowBundle;
  activities: object;
  /** Activities run at once, and as many local ones (WORKER_ACTIVITY_CONCURRENCY). */
  activityConcurrency: number;
  /** Workflow tasks run at once (WORKER_WORKFLOW_CONCURRENCY, 16 per core by default). */
  workflowConcurrency: number;
}

export function createWorker(options: WorkerOptions): Promise<Worker> {
  return Worker.create({
    connection: options.connection,
    namespace: options.namespace,
    taskQueue: options.taskQueue,
    workflowBundle: options.workflowBundle,
    activities: options.activities,
    maxConcurrentActivityTaskExecutions: options.activityConcurrency,
    maxConcurrentLocalActivityExecutions: options.activityConcurrency,
    maxConcurrentWorkflowTaskExecutions: options.workflowConcurrency,
  });
}
