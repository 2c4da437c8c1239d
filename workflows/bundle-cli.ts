// Part of `npm run build`: bundles the product's workflows into dist/workflows, under the name the start looks
// for (a hash of the sources and the SDK version), so that no start makes the bundle itself with webpack.
import { mkdir, readdir, rename, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { createLogger } from '../core/logger.ts';
import { DEFAULT_WORKFLOWS_PATH, makeWorkflowBundle, PREBUILT_BUNDLE_DIR, workflowBundleName } from './worker.ts';

const name = await workflowBundleName(DEFAULT_WORKFLOWS_PATH);
const { code } = await makeWorkflowBundle(DEFAULT_WORKFLOWS_PATH, createLogger({ LOG_LEVEL: 'warn', NODE_ENV: 'production' }));
await mkdir(PREBUILT_BUNDLE_DIR, { recursive: true });
// Bundles of earlier sources are never read again.
for (const old of await readdir(PREBUILT_BUNDLE_DIR)) if (old !== name && !old.endsWith('.tmp')) await rm(join(PREBUILT_BUNDLE_DIR, old), { force: true });
// Written whole before it takes its name: a start reading it meanwhile never sees half a bundle.
const file = join(PREBUILT_BUNDLE_DIR, name);
await writeFile(`${file}.${process.pid}.tmp`, code);
await rename(`${file}.${process.pid}.tmp`, file);
process.stdout.write(`Bundled the workflows into dist/workflows/${name}\n`);
