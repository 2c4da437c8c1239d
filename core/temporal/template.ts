// A ready-made database for the Temporal dev server, made once per checkout (by `npm install` when the Temporal CLI
// is there, else right after a first start installs the CLI): a first start on a fresh DATA_DIR copies it instead of
// having the dev server create its SQLite schema, which took it most of a second on two busy cores. The template's
// default namespace has Tickscribe's search attributes (the dev server registers them only as it creates a namespace:
// a start on a copy would not add them to `default`); a template made with other attributes is not used. Another
// namespace (TEMPORAL_NAMESPACE) is created, with them, by the start that names it.
import { spawn } from 'node:child_process';
import { existsSync, readFileSync, statSync } from 'node:fs';
import { copyFile, mkdir, rename, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { freePort } from '../ports.ts';
import { SEARCH_ATTRIBUTE_NAMES } from './search-attributes.ts';

export const TEMPORAL_TEMPLATE_DIR = fileURLToPath(new URL('../../node_modules/.cache/tickscribe/temporal-template', import.meta.url));
const DATABASE = 'temporal.db';
const INFO_FILE = 'template.json';
const READY_WITHIN_MS = 60_000;

/** The CLI a template was made with: path, size and modification time (another CLI may keep another schema). */
function cliKey(cli: string): string {
  const { size, mtimeMs } = statSync(cli);
  return `${cli}:${size}:${Math.round(mtimeMs)}`;
}

/** The search attributes a template's default namespace has, as the start registers them. */
const ATTRIBUTES = Object.values(SEARCH_ATTRIBUTE_NAMES).sort();
export const searchAttributeFlags = () => ATTRIBUTES.flatMap((name) => ['--search-attribute', `${name}=Keyword`]);

/** The template's database file when `cli` made it; undefined otherwise. */
export function usableTemporalTemplate(cli: string, dir = TEMPORAL_TEMPLATE_DIR): string | undefined {
  try {
    const info = JSON.parse(readFileSync(join(dir, INFO_FILE), 'utf8')) as { cli?: string; searchAttributes?: string[] };
    const database = join(dir, DATABASE);
    const sameAttributes = JSON.stringify(info.searchAttributes) === JSON.stringify(ATTRIBUTES);
    return info.cli === cliKey(cli) && sameAttributes && existsSync(database) ? database : undefined;
  } catch {
    return undefined;
  }
}

/** Puts a copy of the template at `database` when there is no database there yet and a usable template; says whether. */
export async function copyTemporalTemplate(cli: string, database: string, dir = TEMPORAL_TEMPLATE_DIR): Promise<boolean> {
  const template = existsSync(database) ? undefined : usableTemporalTemplate(cli, dir);
  if (!template) return false;
  // Copied beside it and renamed: a copy cut short is never taken for a database.
  await copyFile(template, `${database}.partial`);
  await rename(`${database}.partial`, database);
  return true;
}

function succeeds(cli: string, args: string[]): Promise<boolean> {
  return new Promise((resolve) => {
    const child = spawn(cli, args, { stdio: 'ignore' });
    child.once('error', () => resolve(false));
    child.once('close', (code) => resolve(code === 0));
  });
}

/**
 * Makes the template in `dir` with `cli` (a dev server run on a free port until its default namespace answers, then
 * stopped) unless a usable one is there. Made beside it and moved into place, so a start never sees half of one.
 */
export async function makeTemporalTemplate(cli: string, dir = TEMPORAL_TEMPLATE_DIR): Promise<'made' | 'current'> {
  if (usableTemporalTemplate(cli, dir)) return 'current';
  const work = `${dir}.making-${process.pid}`;
  await rm(work, { recursive: true, force: true });
  await mkdir(work, { recursive: true });
  try {
    const address = `127.0.0.1:${await freePort()}`;
    const server = spawn(cli, [
      'server', 'start-dev', '--ip', '127.0.0.1', '--port', address.split(':')[1]!, '--headless',
      '--db-filename', join(work, DATABASE), '--log-level', 'error', ...searchAttributeFlags(),
    ], { stdio: 'ignore' });
    const exited = new Promise<number | null>((resolve) => server.once('close', resolve));
    try {
      const deadline = Date.now() + READY_WITHIN_MS;
      while (!(await succeeds(cli, ['operator', 'namespace', 'describe', '--namespace', 'default', '--address', address]))) {
        if (server.exitCode !== null || Date.now() > deadline) throw new Error('the Temporal dev server did not get ready');
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
    } finally {
      server.kill('SIGTERM');
      await exited;
    }
    await writeFile(join(work, INFO_FILE), `${JSON.stringify({ cli: cliKey(cli), searchAttributes: ATTRIBUTES })}\n`);
    await rm(dir, { recursive: true, force: true });
    await rename(work, dir);
  } finally {
    await rm(work, { recursive: true, force: true });
  }
  return 'made';
}
