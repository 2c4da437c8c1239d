// What the tests of a stranger's plugin share: the SDK packed as npm would publish it, a plugin folder of its own
// (its package.json, the SDK installed from the tarball, the tsconfig `tsc --init` writes), and the code blocks of
// docs/plugins.md, copied word for word.
import { execFile } from 'node:child_process';
import { mkdir, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';

export const run = promisify(execFile);
export const ROOT = resolve(import.meta.dirname, '../..');
export const TSC = join(ROOT, 'node_modules/.bin/tsc');
const SDK = join(ROOT, 'plugins/sdk');

/** tsc's or npm's words when a step fails, instead of "Command failed". */
export async function step(file: string, args: string[], cwd: string) {
  try {
    return await run(file, args, { cwd, timeout: 120_000 });
  } catch (error) {
    const { stdout, stderr } = error as { stdout?: string; stderr?: string };
    throw new Error(`${file} ${args.join(' ')} failed:\n${stdout ?? ''}${stderr ?? ''}`, { cause: error });
  }
}

/** The fenced blocks in `language` of the docs section that starts with `heading`, in order. */
export async function docsBlocks(heading: string, language: string): Promise<string[]> {
  const docs = await readFile(join(ROOT, 'docs/plugins.md'), 'utf8');
  const start = docs.indexOf(`\n${heading}\n`);
  if (start < 0) throw new Error(`docs/plugins.md has no section '${heading}'`);
  const next = docs.slice(start + heading.length + 2).search(/\n## /);
  const section = docs.slice(start, next < 0 ? undefined : start + heading.length + 2 + next);
  return [...section.matchAll(new RegExp('```' + language + '\\n([\\s\\S]*?)```', 'g'))].map((match) => match[1]!);
}

/** `npm pack` of plugins/sdk into `dir`: the tarball's path. prepack builds dist/, removed again so the app's own checks never see it. */
export async function packSdk(dir: string): Promise<string> {
  await step('npm', ['pack', '--silent', '--pack-destination', dir], SDK);
  await rm(join(SDK, 'dist'), { recursive: true, force: true });
  return join(dir, (await readdir(dir)).find((name) => name.endsWith('.tgz'))!);
}

/**
 * A plugin folder `name` under `dir` holding `files`, with the SDK installed from `tarball` (it depends on nothing,
 * so it installs without the network) and, for TypeScript, the tsconfig `tsc --init` writes.
 */
export async function pluginProject(dir: string, name: string, tarball: string, files: Record<string, string>, options: { typescript?: boolean } = {}) {
  const project = join(dir, name);
  await mkdir(project);
  if (!files['package.json']) files['package.json'] = JSON.stringify({ name: `tickscribe-${name}`, version: '1.0.0', type: 'module', main: 'index.js' });
  for (const [file, text] of Object.entries(files)) await writeFile(join(project, file), text);
  await step('npm', ['install', '--offline', '--no-audit', '--no-fund', tarball], project);
  if (options.typescript ?? true) await step(TSC, ['--init'], project);
  return project;
}
