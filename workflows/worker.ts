import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdir, readFile, readdir, rename, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
// Types only: the worker SDK (its native core, webpack) is loaded where a worker runs or a bundle is made, never in
// the API processes that import this file to find the bundle.
import type { NativeConnection, Worker, WorkflowBundle } from '@temporalio/worker';
import type { Logger } from '../core/logger.ts';

export const DEFAULT_WORKFLOWS_PATH = fileURLToPath(new URL('./workflows.ts', import.meta.url));
/** The failure converter of every worker and bundle: stack traces in histories name no server path. */
export const FAILURE_CONVERTER_PATH = fileURLToPath(new URL('./failure-converter.ts', import.meta.url));
/** Where `npm run build` puts the bundle of the product's workflows, so that no start has to make it. */
export const PREBUILT_BUNDLE_DIR = fileURLToPath(new URL('../dist/workflows/', import.meta.url));

async function workflowSourceHash(workflowsPath: string): Promise<string> {
  const hash = createHash('sha256');
  const sdk = createRequire(import.meta.url)('@temporalio/workflow/package.json') as { version: string };
  hash.update(sdk.version);
  const dir = dirname(workflowsPath);
  const files = (await readdir(dir, { recursive: true })).filter((f) => /\.(ts|js)$/.test(f)).sort();
  for (const file of files) hash.update(file).update(await readFile(join(dir, file)));
  hash.update(workflowsPath);
  // Bundled with every workflow set, the product's or a test's.
  hash.update(await readFile(FAILURE_CONVERTER_PATH));
  return hash.digest('hex').slice(0, 16);
}

/** The file name of the bundle of these workflow sources: a change to them, or to the SDK, names another file. */
export async function workflowBundleName(workflowsPath: string): Promise<string> {
  return `workflow-bundle-${await workflowSourceHash(workflowsPath)}.js`;
}

/**
 * Bundles the workflow code once. The bundle is kept in `<cacheDir>` under a hash of the workflow sources and
 * the SDK version, so a restart with unchanged code skips webpack; one that `npm run build` made for the same
 * sources (in `prebuiltDir`) is used as it is, so a first start skips it too (as Temporal's production sample does:
 * github.com/temporalio/samples-typescript, production/scripts/build-workflow-bundle.ts and src/worker.ts).
 */
export async function loadWorkflowBundle(options: {
  workflowsPath: string;
  cacheDir: string;
  prebuiltDir?: string;
  logger: Logger;
}): Promise<WorkflowBundle> {
  const name = await workflowBundleName(options.workflowsPath);
  const found = [options.prebuiltDir, options.cacheDir].map((dir) => dir && join(dir, name)).find((file) => file && existsSync(file));
  if (found) return { code: await readFile(found, 'utf8') };
  const file = join(options.cacheDir, name);
  const started = Date.now();
  const { code } = await makeWorkflowBundle(options.workflowsPath, options.logger);
  await mkdir(options.cacheDir, { recursive: true });
  // A file of its own to rename from: processes bundling at once never write into one another's.
  const temporary = `${file}.${process.pid}.tmp`;
  await writeFile(temporary, code);
  await rename(temporary, file);
  options.logger.info({ ms: Date.now() - started }, 'workflow code bundled');
  return { code };
}

/** The bundle of the product's workflows: the one `npm run build` made, else one made once and cached in `cacheDir`. */
export function loadProductWorkflowBundle(cacheDir: string, logger: Logger): Promise<WorkflowBundle> {
  return loadWorkflowBundle({ workflowsPath: DEFAULT_WORKFLOWS_PATH, prebuiltDir: PREBUILT_BUNDLE_DIR, cacheDir, logger });
}

const SOURCE_MAP_URL = /\n\/\/# sourceMappingURL=data:application\/json;(?:charset=utf-8;)?base64,([A-Za-z0-9+/=]+)\s*$/;

/**
 * The bundle as the worker keeps it, smaller by half in memory:
 * - Its inline source map without `sourcesContent`, the workflows' sources again: stack traces in histories and in
 *   the Temporal UI's stack trace query are mapped with the map's mappings alone, and the sources are shown only
 *   under the worker option `showStackTraceSources`, which Tickscribe leaves off.
 * - Every character past ASCII written as its `\u` escape, which JavaScript reads as the same character in
 *   strings, templates, regular expressions and comments alike. V8 holds a source with any such character (a dash
 *   in an SDK comment is enough) at two bytes a character.
 * The worker's thread and the workflows' thread each keep the code and its parsed map while the worker runs.
 */
export function leanWorkflowBundle(code: string): string {
  const inline = SOURCE_MAP_URL.exec(code);
  if (inline) {
    const map = JSON.parse(Buffer.from(inline[1]!, 'base64').toString('utf8')) as { sourcesContent?: unknown };
    delete map.sourcesContent;
    code = `${code.slice(0, inline.index)}\n//# sourceMappingURL=data:application/json;base64,${Buffer.from(JSON.stringify(map)).toString('base64')}\n`;
  }
  return code.replace(/[\u0080-\uffff]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
}

/** Webpack's bundle of the workflows, with its warnings and errors in our log. */
export async function makeWorkflowBundle(workflowsPath: string, logger: Logger): Promise<WorkflowBundle> {
  const { bundleWorkflowCode } = await import('@temporalio/worker');
  const { code } = await bundleWorkflowCode({
    workflowsPath,
    failureConverterPath: FAILURE_CONVERTER_PATH,
    logger: {
      trace: () => {}, debug: () => {}, info: () => {},
      warn: (message, meta) => logger.warn(meta ?? {}, message),
      error: (message, meta) => logger.error(meta ?? {}, message),
      log: () => {},
    },
  });
  return { code: leanWorkflowBundle(code) };
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

export async function createWorker(options: WorkerOptions): Promise<Worker> {
  const { Worker } = await import('@temporalio/worker');
  return Worker.create({
    connection: options.connection,
    namespace: options.namespace,
    taskQueue: options.taskQueue,
    workflowBundle: options.workflowBundle,
    activities: options.activities,
    // The same converter the bundle holds, for the failures of activities (run in this thread).
    dataConverter: { failureConverterPath: FAILURE_CONVERTER_PATH },
    maxConcurrentActivityTaskExecutions: options.activityConcurrency,
    maxConcurrentLocalActivityExecutions: options.activityConcurrency,
    maxConcurrentWorkflowTaskExecutions: options.workflowConcurrency,
  });
}
