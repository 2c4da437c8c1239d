import { spawnSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { loadPluginHost } from '../../server/plugins.ts';
import { ROOT } from '../support/process.ts';

const FIXTURES = './tests/fixtures/plugins/load-errors';
const MINUTES = './tests/fixtures/plugins/minutes-parser';

const cli = (args: string[], env: Record<string, string> = {}) =>
  spawnSync(process.execPath, ['server/cli.ts', ...args], { cwd: ROOT, encoding: 'utf8', env: { PATH: process.env['PATH'] ?? '', ...env } });

describe('a refused plugin is named, with the place and the fix', () => {
  it('reports every problem of a manifest, and which plugin API version this host runs', async () => {
    const host = await loadPluginHost({ specs: [`${FIXTURES}/manifest-problems.js`], cwd: ROOT });
    const origin = `${FIXTURES}/manifest-problems.js`;
    expect(host.refused).toEqual([
      {
        plugin: 'Many Problems', origin,
        problem: 'has an invalid manifest: manifest.name is missing (Display name); '
          + 'apiVersion is 2, but this Tickscribe runs plugins written for plugin API version 1: set apiVersion to 1 and build the plugin against that version of the plugin SDK; '
          + 'manifest.id "Many Problems" is not in the expected form (Unique, lower-case, stable: used in data and on the command line); '
          + 'manifest.version "one" is not in the expected form (The plugin\'s own semantic version)',
      },
      {
        plugin: 'half-tracker', origin,
        problem: 'does not export findByMarker(), link(), resolveUser(): a tracker plugin has the functions verify, create, findByMarker, link, resolveUser',
      },
    ]);
  });

  // Through the command line: a plain Node process imports the plugin as the server does (the test runner's own
  // module loader words these errors differently).
  const refusedBy = (plugins: string) => {
    const result = cli(['plugins', '--json'], { PLUGINS: plugins });
    return (JSON.parse(result.stdout) as { refused: { plugin: string; origin: string; problem: string }[] }).refused;
  };

  it('names the file and the line of a syntax error, even in a module the plugin imports', () => {
    expect(refusedBy(`${FIXTURES}/syntax-error`)).toEqual([{
      plugin: `${FIXTURES}/syntax-error`, origin: `${FIXTURES}/syntax-error`,
      problem: "could not be imported: a syntax error in tests/fixtures/plugins/load-errors/syntax-error/lib/read.js line 5: Unexpected identifier 'messages'",
    }]);
  });

  it('says a default export is missing, and what the module exports instead', async () => {
    const host = await loadPluginHost({ specs: [`${FIXTURES}/no-default`], cwd: ROOT });
    expect(host.refused).toEqual([{
      plugin: `${FIXTURES}/no-default`, origin: `${FIXTURES}/no-default`,
      problem: "has no default export: export the plugin (or an array of plugins) as the module's default, as in 'export default myPlugin' (it exports only notesParser)",
    }]);
  });

  it('places an error thrown while the module runs, and names a missing path in full', () => {
    expect(refusedBy(`${FIXTURES}/throws-on-load.js,./tests/fixtures/plugins/nowhere.js`).map((refused) => refused.problem)).toEqual([
      'could not be imported: configure is not defined (at tests/fixtures/plugins/load-errors/throws-on-load.js line 3)',
      expect.stringMatching(/^could not be imported: Cannot find module '.*\/tests\/fixtures\/plugins\/nowhere\.js' .*\(check the PLUGINS entry and that the package is installed\)$/),
    ]);
  });

  it('`tickscribe plugins` names each refused plugin by id and origin, and exits 1', () => {
    const result = cli(['plugins'], { PLUGINS: `${MINUTES},${FIXTURES}/manifest-problems.js` });
    expect(result.status).toBe(1);
    expect(result.stdout).toMatch(/^minutes\s+parser\s+Markdown minutes/m);
    expect(result.stderr.split('\n')).toEqual([
      expect.stringMatching(/^Plugin Many Problems \(from \.\/tests\/fixtures\/plugins\/load-errors\/manifest-problems\.js\) was not loaded: it has an invalid manifest: manifest\.name is missing/),
      'Plugin half-tracker (from ./tests/fixtures/plugins/load-errors/manifest-problems.js) was not loaded: it does not export findByMarker(), link(), resolveUser(): a tracker plugin has the functions verify, create, findByMarker, link, resolveUser.',
      '',
    ]);
    const json = cli(['plugins', '--json'], { PLUGINS: `${FIXTURES}/no-default` });
    expect(json.status).toBe(1);
    expect((JSON.parse(json.stdout) as { refused: unknown[] }).refused).toHaveLength(1);
    expect(cli(['plugins'], { PLUGINS: MINUTES }).status).toBe(0);
  });
});
