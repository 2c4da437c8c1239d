// What a first start of a checkout does before it serves: builds the web app and the workflow bundle when they are
// missing or stale (so `npm run start:api` never serves the "not built yet" 503), refuses in words where nothing
// can build them, and says in its banner where users go, where this process listens, and where e-mail goes.
import { mkdirSync, mkdtempSync, readFileSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { StartupError } from '../../core/errors.ts';
import { readyBanner } from '../../server/banner.ts';
import { buildIfNeeded, buildNeeded, serverBundleNeeded } from '../../server/build-if-needed.ts';

const root = fileURLToPath(new URL('../..', import.meta.url));
const made: string[] = [];
afterEach(() => {
  for (const dir of made.splice(0)) rmSync(dir, { recursive: true, force: true });
});

/** A checkout with sources at `sourcesAt` and, when `builtAt` is given, a build made then (seconds since epoch). */
function checkout(sourcesAt: number, builtAt?: number): string {
  const dir = mkdtempSync(join(tmpdir(), 'tickscribe-checkout-'));
  made.push(dir);
  const files = ['web/src/main.tsx', 'schemas/api/x.schema.json', 'workflows/workflows.ts'];
  for (const file of files) {
    mkdirSync(join(dir, file, '..'), { recursive: true });
    writeFileSync(join(dir, file), 'x');
    utimesSync(join(dir, file), sourcesAt, sourcesAt);
  }
  if (builtAt !== undefined) {
    for (const file of ['dist/web/index.html', 'dist/workflows/workflow-bundle-0123456789abcdef.js']) {
      mkdirSync(join(dir, file, '..'), { recursive: true });
      writeFileSync(join(dir, file), 'built');
      utimesSync(join(dir, file), builtAt, builtAt);
    }
  }
  return dir;
}

describe('the build on first start', () => {
  it('is needed when dist/web or the workflow bundle is missing, or older than its sources', () => {
    expect(buildNeeded(checkout(1_000))).toBe('dist/web is missing');
    expect(buildNeeded(checkout(1_000, 2_000))).toBeUndefined();
    expect(buildNeeded(checkout(3_000, 2_000))).toBe('web/ changed since the last build');
    const bundleGone = checkout(1_000, 2_000);
    rmSync(join(bundleGone, 'dist/workflows'), { recursive: true });
    expect(buildNeeded(bundleGone)).toBe('dist/workflows is missing');
    const workflowsChanged = checkout(1_000, 2_000);
    utimesSync(join(workflowsChanged, 'workflows/workflows.ts'), 3_000, 3_000);
    expect(buildNeeded(workflowsChanged)).toBe('workflows/ changed since the last build');
  });

  it('makes the server bundle again when it is missing, or older than a source or the dependencies', () => {
    const dir = checkout(1_000, 2_000);
    expect(serverBundleNeeded(dir)).toBe('dist/server is missing');
    mkdirSync(join(dir, 'dist/server'), { recursive: true });
    writeFileSync(join(dir, 'dist/server/main.js'), 'built');
    utimesSync(join(dir, 'dist/server/main.js'), 2_000, 2_000);
    expect(serverBundleNeeded(dir)).toBeUndefined();
    utimesSync(join(dir, 'workflows/workflows.ts'), 3_000, 3_000);
    expect(serverBundleNeeded(dir)).toBe('workflows changed since the last build');
    utimesSync(join(dir, 'workflows/workflows.ts'), 1_000, 1_000);
    writeFileSync(join(dir, 'package-lock.json'), '{}');
    utimesSync(join(dir, 'package-lock.json'), 3_000, 3_000);
    expect(serverBundleNeeded(dir)).toBe('package-lock.json changed since the last build');
  });

  it('does nothing, and says nothing, when the build is current', () => {
    const said: string[] = [];
    buildIfNeeded(checkout(1_000, 2_000), (line) => said.push(line));
    expect(said).toEqual([]);
  });

  it('stops the start in words, saying what to run, where Vite is not installed', () => {
    const dir = checkout(3_000, 2_000);
    const said: string[] = [];
    let refused: unknown;
    try {
      buildIfNeeded(dir, (line) => said.push(line));
    } catch (error) {
      refused = error;
    }
    expect(refused).toBeInstanceOf(StartupError);
    expect((refused as Error).message).toBe(
      'The web app must be built (web/ changed since the last build), and Vite, which builds it, is not installed here (dev dependencies left out). Run `npm install` then `npm run build` (or build the image, which does both), then start again.',
    );
    expect(said).toEqual([]);
    // The lock is released for the next start.
    expect(() => readFileSync(join(dir, 'dist/.build-lock'))).toThrow();
  });

  it('takes over the lock a killed start left behind', () => {
    const dir = checkout(1_000, 2_000);
    // A lock left by a process that no longer exists (pid beyond pid_max): the build is current, nothing to do.
    writeFileSync(join(dir, 'dist/.build-lock'), '99999999');
    utimesSync(join(dir, 'web/src/main.tsx'), 3_000, 3_000);
    expect(() => buildIfNeeded(dir, () => {})).toThrow(StartupError);
    expect(() => readFileSync(join(dir, 'dist/.build-lock'))).toThrow();
  });

  it('is what npm start and npm run start:api run first; npm run build makes both parts', () => {
    const scripts = (JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as { scripts: Record<string, string> }).scripts;
    expect(scripts['start']).toMatch(/ server\/start\.ts$/);
    expect(scripts['start:api']).toMatch(/ server\/start\.ts --role=api$/);
    expect(scripts['build']).toBe('vite build --config web/vite.config.ts && node workflows/bundle-cli.ts && node server/bundle-cli.ts');
  });
});

describe('the ready banner', () => {
  const config = { APP_URL: 'http://localhost:3000', HOST: '127.0.0.1', PORT: 3000, NODE_ENV: 'development' as const, SMTP_URL: undefined };

  it('prints the address users open; npm start on its own address prints it once', () => {
    expect(readyBanner({ config, role: 'all', seconds: 2.14, url: config.APP_URL, temporalUiUrl: 'http://localhost:8233' })).toBe(
      'Tickscribe is ready (2.1 s).\n  Web app:      http://localhost:3000\n  API docs:     http://localhost:3000/api/docs\n  Temporal UI:  http://localhost:8233\n',
    );
  });

  it('prints APP_URL and the address this API listens on, for each API of a deployment', () => {
    const behindProxy = { ...config, APP_URL: 'https://tickets.example.com', HOST: '0.0.0.0', PORT: 3001, SMTP_URL: 'smtps://u:p@mail.example.com:465' };
    expect(readyBanner({ config: behindProxy, role: 'api', seconds: 1, url: behindProxy.APP_URL })).toBe(
      'Tickscribe is ready (1.0 s).\n  Web app:      https://tickets.example.com\n  Listening on: http://0.0.0.0:3001\n  API docs:     https://tickets.example.com/api/docs\n',
    );
    expect(readyBanner({ config: { ...config, HOST: '::1' }, role: 'api', seconds: 1, url: config.APP_URL })).toContain('  Listening on: http://[::1]:3000\n');
  });

  it('says in production without SMTP_URL that links are only in a worker\'s log, and what to set', () => {
    const production = { ...config, NODE_ENV: 'production' as const };
    const api = readyBanner({ config: production, role: 'api', seconds: 1, url: config.APP_URL });
    expect(api).toContain(
      "  E-mail:       not sent: SMTP_URL is not set, so sign-up verification and password reset links appear only in the log of the worker that handles them (start:worker's output).\n" +
      '                Set SMTP_URL (smtps://user:password@host:465) and MAIL_FROM to send them.\n',
    );
    expect(readyBanner({ config: production, role: 'worker', seconds: 1 })).toContain("links appear only in this worker's log.");
    expect(readyBanner({ config: { ...production, SMTP_URL: 'smtps://u:p@mail.example.com:465' }, role: 'api', seconds: 1, url: config.APP_URL })).not.toContain('E-mail');
    expect(readyBanner({ config, role: 'api', seconds: 1, url: config.APP_URL })).not.toContain('E-mail');
  });
});
