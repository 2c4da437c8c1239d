// The SDK as a stranger depends on it: `npm pack` of plugins/sdk, installed from the tarball into a plugin project of
// its own (its own package.json, the tsconfig `tsc --init` writes), with docs/plugins.md's TypeScript tracker as its
// code. The project type-checks against the packed declarations, its kit test runs under plain Node (no test runner,
// nothing of the app), and the compiled plugin loads into the app through PLUGINS and pushes to a Tasklist server.
import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pluginSpecs } from '../../core/config.ts';
import { fetchHttp, sampleTicket } from '../../core/plugins/testkit.ts';
import { loadPluginHost } from '../../server/plugins.ts';
import { startTasklist } from '../support/tasklist.ts';
import { docsBlocks, packSdk, pluginProject, ROOT, run, step, TSC } from './sdk-support.ts';

describe('the SDK package, as a third-party plugin depends on it', () => {
  let dir: string;
  let project: string;
  let tarball: string;
  let tasklist: Awaited<ReturnType<typeof startTasklist>>;

  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'sdk-package-'));
    tasklist = await startTasklist();
    tarball = await packSdk(dir);
    // The SDK section's first two blocks: the tracker, then its test, pointed at this run's Tasklist server.
    const [plugin, test] = await docsBlocks('## The SDK: `@tickscribe/plugin-sdk`', 'ts');
    project = await pluginProject(dir, 'tasklist-ts', tarball, {
      'index.ts': plugin!, 'test.ts': test!.replace("'http://127.0.0.1:8080'", `'${tasklist.url}'`),
    });
  }, 240_000);

  afterAll(async () => {
    tasklist?.close();
    await rm(dir, { recursive: true, force: true });
  });

  it('packs as @tickscribe/plugin-sdk 1.0.0: JavaScript and declarations, no TypeScript source, no dependencies', async () => {
    expect(tarball.endsWith('tickscribe-plugin-sdk-1.0.0.tgz')).toBe(true);
    const installed = join(project, 'node_modules/@tickscribe/plugin-sdk');
    const manifest = JSON.parse(await readFile(join(installed, 'package.json'), 'utf8')) as Record<string, unknown>;
    expect(manifest).toMatchObject({ name: '@tickscribe/plugin-sdk', version: '1.0.0', type: 'module' });
    expect(manifest['dependencies']).toBeUndefined();
    const files = await readdir(installed, { recursive: true });
    expect(files).toEqual(expect.arrayContaining(['dist/index.js', 'dist/index.d.ts', 'dist/testing/index.js', 'schemas/plugin.schema.json']));
    expect(files.filter((file) => file.endsWith('.ts') && !file.endsWith('.d.ts'))).toEqual([]);
    // Plain Node imports it: no type stripping in node_modules, and API_VERSION is the manifests' apiVersion.
    const { stdout } = await step(process.execPath, ['--input-type=module', '-e', "const sdk = await import('@tickscribe/plugin-sdk'); console.log(sdk.API_VERSION, typeof sdk.TrackerError, sdk.markerOf('x'))"], project);
    expect(stdout.trim()).toBe('1 function tickscribe-x');
  });

  it('type-checks the docs\' tracker with the default tsconfig, and a wrong settings read fails the build', async () => {
    await step(TSC, ['-p', project], ROOT);
    const broken = (await readFile(join(project, 'index.ts'), 'utf8')).replace('context.settings.credentials;', 'context.settings.credentials; void context.settings.config.board;');
    await writeFile(join(project, 'broken.ts'), broken);
    const failed = await run(TSC, ['-p', project, '--noEmit'], { cwd: ROOT }).then(() => '', (error: { stdout: string }) => error.stdout);
    await rm(join(project, 'broken.ts'));
    expect(failed).toMatch(/broken\.ts.*Property 'board' does not exist/);
  });

  it('runs the kit from @tickscribe/plugin-sdk/testing under plain Node, and the kit fails a tracker that breaks the contract', async () => {
    await step(process.execPath, ['test.ts'], project);
    expect(tasklist.tasks.length).toBeGreaterThan(1);
    // The same kit against a tracker whose findByMarker never finds anything: it must say so.
    await writeFile(join(project, 'blind.ts'), "import tasklist from './index.js';\nexport default { ...tasklist, findByMarker: async () => null };\n");
    await writeFile(join(project, 'blind-test.ts'), (await readFile(join(project, 'test.ts'), 'utf8')).replace("from './index.js'", "from './blind.ts'"));
    const failure = await run(process.execPath, ['blind-test.ts'], { cwd: project }).then(() => '', (error: { stderr: string }) => error.stderr);
    expect(failure).toContain('tasklist-ts breaks the tracker contract');
    expect(failure).toMatch(/findByMarker\(\) after create\(\) returned null; expected the created item \d+/);
  });

  it('loads into the app through PLUGINS beside the built-ins, and pushes a ticket', async () => {
    const host = await loadPluginHost({ specs: pluginSpecs({ PLUGINS: project }) });
    expect(host.refused).toEqual([]);
    expect(host.list().find((plugin) => plugin.manifest.id === 'tasklist-ts')?.origin).toBe(project);
    const settings = { config: { projectIdentifier: 'inbox' }, credentials: { url: tasklist.url, token: 'secret' } };
    const tracker = host.tracker('tasklist-ts', settings, fetchHttp)!;
    expect(await tracker.verify()).toEqual({ account: 'ada', target: 'list Inbox' });
    const ticket = sampleTicket({ assignee: await tracker.resolveUser('ada') });
    const item = await tracker.create(ticket);
    expect(await tracker.findByMarker(ticket.id)).toEqual(item);
    expect(tasklist.tasks.at(-1)).toMatchObject({ title: ticket.title, assignee: 'ada', marker: `tickscribe-${ticket.id}` });
    await expect(host.tracker('tasklist-ts', { ...settings, credentials: { ...settings.credentials, token: 'wrong' } }, fetchHttp)!.verify())
      .rejects.toMatchObject({ kind: 'auth', message: 'Unknown token.' });
  });
});
