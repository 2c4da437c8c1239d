// `npm start`, `npm run start:api` and `npm run start:worker`: builds the web app and the workflow bundle when they
// are missing or stale (the worker needs neither: it bundles its workflows itself when no build made them), then
// runs Tickscribe in this one process, so a signal to npm (Ctrl-C, or SIGTERM from a supervisor) reaches it.
//
// Node's compile cache is on, for this process and (through NODE_COMPILE_CACHE) the processes it starts: each
// module's TypeScript is stripped and compiled once and read back on later starts, which makes a start's imports a
// fifth faster and each process about 20 MiB smaller (no TypeScript transformer loaded once this file too comes from
// the cache, which is why package.json's start scripts set NODE_COMPILE_CACHE before Node starts). A cache that
// cannot be written (a read-only checkout) is simply not used.
import { enableCompileCache } from 'node:module';
import { resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type * as MainModule from './main.ts';

const root = fileURLToPath(new URL('..', import.meta.url));
process.env['NODE_COMPILE_CACHE'] = resolve(root, process.env['NODE_COMPILE_CACHE'] ?? 'node_modules/.cache/tickscribe-compile');
enableCompileCache(process.env['NODE_COMPILE_CACHE']);

const { StartupError } = await import('../core/errors.ts');
// The server bundle (server/bundle-cli.ts), when current: the same code as the sources in a few files, which load in a
// fraction of the time and take less memory. A worker process, or a process the first one started, builds nothing:
// it runs the bundle when it is current (the first process made it so), and the sources otherwise.
let bundle: string | undefined;
const { buildIfNeeded, currentServerBundle } = await import('./build-if-needed.ts');
if (process.argv.includes('--role=worker') || process.argv.some((arg) => arg.startsWith('--instance='))) {
  bundle = currentServerBundle();
} else {
  try {
    bundle = buildIfNeeded();
  } catch (error) {
    if (!(error instanceof StartupError)) throw error;
    process.stderr.write(`Tickscribe could not start: ${error.message}\n`);
    process.exit(1);
  }
}
const { main } = (await import(bundle ? pathToFileURL(bundle).href : './main.ts')) as typeof MainModule;
await main();
