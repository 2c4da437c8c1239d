// Part of `npm start` and `npm run start:api`: builds what `npm run build` makes (the web app in dist/web, the
// workflow bundle in dist/workflows) when it is missing or older than its sources, saying so, so that a first start
// of a fresh checkout serves the web app instead of a 503 page asking for a build.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { StartupError } from '../core/errors.ts';
import { isAlive } from '../core/stale-process.ts';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const LOCK_WAIT_MS = 10 * 60_000;

function newestSource(dir: string): number {
  if (!existsSync(dir)) return 0;
  let newest = 0;
  for (const entry of readdirSync(dir, { recursive: true, withFileTypes: true })) {
    if (entry.isFile()) newest = Math.max(newest, statSync(join(entry.parentPath, entry.name)).mtimeMs);
  }
  return newest;
}

function builtAt(file: string): number | undefined {
  return existsSync(file) ? statSync(file).mtimeMs : undefined;
}

/** What is missing or stale, in words; undefined when the build is current. */
export function buildNeeded(root = ROOT): string | undefined {
  const web = builtAt(join(root, 'dist/web/index.html'));
  if (web === undefined) return 'dist/web is missing';
  if (web < Math.max(newestSource(join(root, 'web')), newestSource(join(root, 'schemas')))) return 'web/ changed since the last build';
  const bundles = existsSync(join(root, 'dist/workflows')) ? readdirSync(join(root, 'dist/workflows')).filter((name) => name.endsWith('.js')) : [];
  const bundle = bundles.length ? builtAt(join(root, 'dist/workflows', bundles[0]!)) : undefined;
  if (bundle === undefined) return 'dist/workflows is missing';
  if (bundle < newestSource(join(root, 'workflows'))) return 'workflows/ changed since the last build';
  return undefined;
}

/** The sources the server bundle is made of (server/bundle-cli.ts), and the files naming its dependencies. */
const SERVER_SOURCES = ['core', 'api', 'server', 'plugins', 'workflows', 'schemas', 'migrations'];
const DEPENDENCY_FILES = ['package.json', 'package-lock.json'];
export const SERVER_BUNDLE = 'dist/server/main.js';

/** Why the server bundle must be made again, in words; undefined when it is current. */
export function serverBundleNeeded(root = ROOT): string | undefined {
  const bundle = builtAt(join(root, SERVER_BUNDLE));
  if (bundle === undefined) return 'dist/server is missing';
  const changed = SERVER_SOURCES.find((dir) => newestSource(join(root, dir)) > bundle)
    ?? DEPENDENCY_FILES.find((file) => (builtAt(join(root, file)) ?? 0) > bundle);
  return changed ? `${changed} changed since the last build` : undefined;
}

/** The server bundle's path when it is current, without building anything; undefined otherwise. */
export function currentServerBundle(root = ROOT): string | undefined {
  return serverBundleNeeded(root) ? undefined : join(root, SERVER_BUNDLE);
}

/**
 * Holds dist/.build-lock while `build` runs, so API processes started at once on one checkout build once: the others
 * wait for it, then find the build current. A lock whose process is gone (a build killed with -9) is taken over.
 */
function withBuildLock(root: string, build: () => void): void {
  const lock = join(root, 'dist', '.build-lock');
  mkdirSync(join(root, 'dist'), { recursive: true });
  const started = Date.now();
  for (;;) {
    try {
      writeFileSync(lock, String(process.pid), { flag: 'wx' });
      break;
    } catch {
      const holder = Number(readFileSync(lock, 'utf8') || 0);
      if (holder && !isAlive(holder)) rmSync(lock, { force: true });
      else if (Date.now() - started > LOCK_WAIT_MS) throw new StartupError(`Another start has been building the web app for ten minutes (process ${holder}, lock ${lock}).`);
      else Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 250);
    }
  }
  try {
    build();
  } finally {
    rmSync(lock, { force: true });
  }
}

/**
 * Runs `npm run build`'s steps when what they make is missing or stale, with a progress line saying why. Where Vite is
 * not installed (an install without dev dependencies), it stops the start saying what to run instead. Answers the
 * server bundle's path when it is current (or was just made), for start.ts to load instead of the sources; undefined
 * when there is none to load (its bundler, which comes with Vite, is not installed, and no build made one).
 */
export function buildIfNeeded(root = ROOT, say: (line: string) => void = (line) => console.log(line)): string | undefined {
  const bundle = join(root, SERVER_BUNDLE);
  const bundler = join(root, 'node_modules/rolldown/package.json');
  const current = () => (serverBundleNeeded(root) ? undefined : bundle);
  // Each look walks the source folders: the usual start (everything current) takes one of each.
  const serverWhy = serverBundleNeeded(root);
  if (!buildNeeded(root) && (!serverWhy || !existsSync(bundler))) return serverWhy ? undefined : bundle;
  withBuildLock(root, () => {
    const why = buildNeeded(root);
    if (why) {
      const vite = join(root, 'node_modules/vite/bin/vite.js');
      if (!existsSync(vite)) {
        throw new StartupError(
          `The web app must be built (${why}), and Vite, which builds it, is not installed here (dev dependencies left out). Run \`npm install\` then \`npm run build\` (or build the image, which does both), then start again.`,
        );
      }
      say(`Building the web app and the workflow bundle (${why}); this takes a few seconds, once...`);
      for (const args of [[vite, 'build', '--config', 'web/vite.config.ts', '--logLevel', 'warn'], ['workflows/bundle-cli.ts']]) {
        const result = spawnSync(process.execPath, args, { cwd: root, stdio: ['ignore', 'ignore', 'inherit'] });
        if (result.status !== 0) throw new StartupError(`Building the web app failed (${args.at(-1) === 'workflows/bundle-cli.ts' ? 'the workflow bundle' : 'Vite'} exited with ${result.status ?? result.signal}); its errors are above. Run \`npm run build\` to see them again.`);
      }
    }
    const serverWhy = existsSync(bundler) ? serverBundleNeeded(root) : undefined;
    if (serverWhy) {
      say(`Bundling the server for faster starts (${serverWhy}); a few seconds, once...`);
      // A bundle that cannot be made is no reason not to start: the sources run as they are.
      const result = spawnSync(process.execPath, ['server/bundle-cli.ts'], { cwd: root, stdio: ['ignore', 'ignore', 'inherit'] });
      if (result.status !== 0) rmSync(join(root, 'dist/server'), { recursive: true, force: true });
    }
  });
  return current();
}
