/**
 * Why a PLUGINS entry could not be imported, with the place to fix it. Node's error for a syntax error in an ES
 * module names neither the file nor the line (only its own internals), so the plugin's files are checked one by one
 * with `node --check`, which does; an error thrown while the module runs is placed by the first frame of its stack.
 */
import { spawnSync } from 'node:child_process';
import { readdirSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { firstLine } from './parsing.ts';

/** Files of the plugin checked for a syntax error, at most: the entry first, then its folder's other scripts. */
const MAX_CHECKED = 40;

export function importProblem(error: unknown, url: string, cwd: string): string {
  const message = firstLine(error);
  const entry = url.startsWith('file:') ? fileURLToPath(url) : undefined;
  if (error instanceof SyntaxError && entry) {
    const place = syntaxErrorPlace(entry, cwd);
    return place ? `a syntax error in ${place}: ${message}` : `a syntax error: ${message}`;
  }
  const code = (error as NodeJS.ErrnoException | null)?.code;
  if (code === 'ERR_MODULE_NOT_FOUND' || code === 'MODULE_NOT_FOUND') return `${message} (check the PLUGINS entry and that the package is installed)`;
  const frame = error instanceof Error ? /\((file:\/\/[^)\s]+):(\d+):\d+\)|at (file:\/\/\S+):(\d+):\d+/.exec(error.stack ?? '') : null;
  const file = frame?.[1] ?? frame?.[3];
  const line = frame?.[2] ?? frame?.[4];
  return file && line ? `${message} (at ${shortPath(fileURLToPath(file), cwd)} line ${line})` : message;
}

/** `file line N` of the first syntax error among the plugin's scripts, or undefined when none shows one. */
function syntaxErrorPlace(entry: string, cwd: string): string | undefined {
  for (const file of [entry, ...scriptsBeside(entry)].slice(0, MAX_CHECKED)) {
    const check = spawnSync(process.execPath, ['--check', file], { encoding: 'utf8', timeout: 5_000 });
    if (check.status === 0) continue;
    const place = /^(.+):(\d+)\r?$/m.exec(check.stderr ?? '');
    if (place) return `${shortPath(place[1]!, cwd)} line ${place[2]}`;
  }
  return undefined;
}

/** The other scripts in the entry's folder and below it, outside node_modules. */
function scriptsBeside(entry: string): string[] {
  const folder = dirname(entry);
  try {
    return readdirSync(folder, { recursive: true, withFileTypes: true })
      .filter((item) => item.isFile() && /\.(m|c)?js$/.test(item.name) && !item.parentPath.includes('node_modules'))
      .map((item) => join(item.parentPath, item.name))
      .filter((file) => file !== entry)
      .sort();
  } catch {
    return [];
  }
}

function shortPath(path: string, cwd: string): string {
  const near = relative(cwd, path);
  return near && !near.startsWith('..') ? near : path;
}
