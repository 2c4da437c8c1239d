import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { ParseFailure } from '../../core/plugins/errors.ts';
import { PluginHost } from '../../core/plugins/host.ts';
import { checkParserContract } from '../../core/plugins/testkit.ts';
import type { ParserPlugin } from '../../plugins/sdk/index.ts';
import { BUILTIN_PLUGINS, loadPluginHost } from '../../server/plugins.ts';
import { ROOT } from '../support/process.ts';

const MINUTES = './tests/fixtures/plugins/minutes-parser';
const BROKEN = './tests/fixtures/plugins/broken-plugins.js';
const weeklySync = readFileSync(`${ROOT}/tests/fixtures/plugins/weekly-sync.txt`);

/** A tiny parser for host tests: scores `score`, and answers with `transcript` or throws `error`. */
function testParser(id: string, options: { score?: number; extensions?: string[]; transcript?: unknown; error?: string }): ParserPlugin {
  return {
    manifest: { apiVersion: 1, id, kind: 'parser', name: id, version: '1.0.0', extensions: options.extensions ?? ['.txt'], mediaTypes: ['text/plain'] },
    detect: () => options.score ?? 0.5,
    parse: () => {
      if (options.error) throw new Error(options.error);
      return { transcript: options.transcript } as ReturnType<ParserPlugin['parse']>;
    },
  };
}

const oneMessage = {
  participants: [{ id: 'a', name: 'Ada' }],
  messages: [{ id: 'm1', content: 'Hello', timestamp: 0, speaker: { id: 'a' } }],
};
const bytes = (text: string) => new TextEncoder().encode(text);

describe('the built-in plugins', () => {
  // A start does not check them again (loadPluginHost's builtinsChecked): this is where they are checked.
  it('pass every check an installed plugin must: a valid manifest, settings schemas that are JSON Schema and compile', async () => {
    const checked = await PluginHost.load({ builtins: BUILTIN_PLUGINS });
    expect(checked.refused).toEqual([]);
    expect(checked.list()).toHaveLength(BUILTIN_PLUGINS.length);
    expect((await loadPluginHost()).list()).toEqual(checked.list());
  });

  it('are refused like any other when the checks are on and one is broken', async () => {
    const first = BUILTIN_PLUGINS[0]!;
    const broken = { ...first, manifest: { ...first.manifest, configSchema: { type: 'object', properties: { x: { type: 'nonsense' } } } } };
    const host = await PluginHost.load({ builtins: [broken] });
    expect(host.refused.map((r) => r.problem)).toEqual([expect.stringMatching(/not valid JSON Schema/)]);
  });
});

describe('loading plugins', () => {
  it('loads a third-party package named in PLUGINS next to the built-ins', async () => {
    const host = await loadPluginHost({ specs: [MINUTES], cwd: ROOT });
    expect(host.refused).toEqual([]);
    expect(host.list().map((p) => p.manifest.id)).toContain('minutes');
    expect(host.list().find((p) => p.manifest.id === 'minutes')?.origin).toBe(MINUTES);
    const result = host.parse({ bytes: weeklySync, fileName: 'weekly-sync.txt' });
    expect(result).toMatchObject({ format: 'minutes', confidence: 0.95, warnings: [] });
    expect(result.transcript).toMatchObject({ title: 'Weekly sync', date: '2026-03-02', source: 'minutes', participants: [{ id: 'p1', name: 'Ada' }, { id: 'p2', name: 'Grace' }] });
    expect(result.transcript.messages[0]).toEqual({ id: 'm1', content: 'We ship on Friday: the release branch is cut.', timestamp: 1, speaker: { id: 'p1' } });
  });

  it('refuses bad plugins with a message naming each, and keeps the rest', async () => {
    const host = await loadPluginHost({ specs: [BROKEN, './tests/fixtures/plugins/does-not-exist.js'], cwd: ROOT });
    const origin = BROKEN;
    expect(host.refused).toEqual([
      { plugin: 'Bad Id', origin, problem: 'has an invalid manifest: manifest.id "Bad Id" is not in the expected form (Unique, lower-case, stable: used in data and on the command line)' },
      { plugin: 'no-parse', origin, problem: 'does not export parse(): a parser plugin has the functions detect, parse' },
      {
        plugin: 'future-api', origin,
        problem: 'has an invalid manifest: apiVersion is 2, but this Tickscribe runs plugins written for plugin API version 1: set apiVersion to 1 and build the plugin against that version of the plugin SDK',
      },
      { plugin: 'a-tracker', origin, problem: expect.stringMatching(/^does not export verify\(\), create\(\), findByMarker\(\), link\(\), resolveUser\(\): a tracker plugin/) },
      { plugin: 'zoom', origin, problem: "uses the id 'zoom', which another plugin already has" },
      { plugin: './tests/fixtures/plugins/does-not-exist.js', origin: './tests/fixtures/plugins/does-not-exist.js', problem: expect.stringMatching(/^could not be imported: /) },
    ]);
    expect(host.list().map((p) => p.manifest.id)).toContain('well-behaved');
    expect(host.list().filter((p) => p.manifest.id === 'zoom')).toHaveLength(1);
  });
});

describe('detection', () => {
  it('ranks by content score; the extension breaks ties only', async () => {
    const host = await PluginHost.load({
      builtins: [
        testParser('vtt-ish', { score: 0.6, extensions: ['.vtt'], transcript: oneMessage }),
        testParser('txt-ish', { score: 0.6, extensions: ['.txt'], transcript: oneMessage }),
        testParser('strong', { score: 0.9, extensions: ['.srt'], transcript: oneMessage }),
      ],
    });
    const input = { text: 'x', fileName: 'a.txt', extension: '.txt' };
    expect(host.detect(input).map((c) => [c.format, c.confidence, c.extensionMatch])).toEqual([
      ['strong', 0.9, false], ['txt-ish', 0.6, true], ['vtt-ish', 0.6, false],
    ]);
    expect(host.detect({ ...input, fileName: 'a.vtt', extension: '.vtt' })[1]!.format).toBe('vtt-ish');
  });

  it('surfaces a low-confidence guess as a warning', async () => {
    const host = await PluginHost.load({ builtins: [testParser('unsure', { score: 0.3, transcript: oneMessage })] });
    const result = host.parse({ bytes: bytes('Ada: Hello'), fileName: 'a.txt' });
    expect(result.confidence).toBe(0.3);
    expect(result.warnings).toEqual(['Low confidence (0.3) that this is a unsure file: check the result.']);
  });

  it('treats a detector that throws or returns nonsense as a zero score', async () => {
    const throwing = { ...testParser('throws', { transcript: oneMessage }), detect: () => { throw new Error('boom'); } };
    const nonsense = { ...testParser('nan', { transcript: oneMessage }), detect: () => Number.NaN };
    const host = await PluginHost.load({ builtins: [throwing, nonsense] });
    expect(host.detect({ text: 'x', extension: '.txt' }).map((c) => c.confidence)).toEqual([0, 0]);
    expect(() => host.parse({ bytes: bytes('x'), fileName: 'a.txt' })).toThrow(/does not look like any transcript format/);
  });
});

describe('parsing through the host', () => {
  it('fills in the title from the file name and the source from the parser id', async () => {
    const host = await PluginHost.load({ builtins: [testParser('plain', { score: 0.8, transcript: oneMessage })] });
    const { transcript } = host.parse({ bytes: bytes('Ada: Hello'), fileName: 'Sprint review.txt' });
    expect(transcript.title).toBe('Sprint review');
    expect(transcript.source).toBe('plain');
  });

  it('falls back to the next candidate when the best one cannot read the file', async () => {
    const host = await PluginHost.load({
      builtins: [testParser('picky', { score: 0.9, error: 'not my dialect' }), testParser('lenient', { score: 0.4, transcript: oneMessage })],
    });
    expect(host.parse({ bytes: bytes('x'), fileName: 'a.txt' }).format).toBe('lenient');
  });

  it('does not trust plugin output: schema breaks and unknown speakers are refused', async () => {
    const badTimestamp = { ...oneMessage, messages: [{ ...oneMessage.messages[0], timestamp: -3 }] };
    const orphan = { ...oneMessage, messages: [{ ...oneMessage.messages[0], speaker: { id: 'ghost' } }] };
    const extra = { ...oneMessage, secret: 'x' };
    for (const [transcript, message] of [
      [badTimestamp, 'The bad parser returned an invalid transcript: transcript.messages[0].timestamp must be >= 0, not -3.'],
      [orphan, 'The bad parser returned message m1 from an unknown speaker.'],
      [extra, "The bad parser returned an invalid transcript: transcript has a property 'secret' the contract does not define (it allows title, date, source, duration, participants, messages)."],
      [undefined, "The bad parser's parse() returned nothing (undefined) as its transcript: it must return { transcript: { participants, messages } } (a ParserOutput of the plugin SDK)."],
    ] as const) {
      const host = await PluginHost.load({ builtins: [testParser('bad', { score: 0.9, transcript })] });
      expect(() => host.parse({ bytes: bytes('x'), fileName: 'a.txt' })).toThrow(message);
    }
  });

  it('reports a file without messages', async () => {
    const host = await PluginHost.load({ builtins: [testParser('empty', { score: 0.9, transcript: { participants: [], messages: [] } })] });
    expect(() => host.parse({ bytes: bytes('x'), fileName: 'a.txt' })).toThrow(new ParseFailure('no-messages', 'empty: the file holds no messages.'));
  });

  it.each([
    ['too-large', new Uint8Array(1_048_577).fill(0x61), 'a.txt', 'File size exceeds the maximum limit of 1MB. Selected file is 1.00MB.'],
    ['unsupported', bytes('Ada: hi'), 'notes.docx', 'Files ending in .docx are not supported. Upload one of .txt .json .vtt .srt .csv .tsv .tab.'],
    ['unsupported', bytes('Ada: hi'), 'README', 'Files without an extension are not supported. Upload one of .txt .json .vtt .srt .csv .tsv .tab.'],
    ['empty', bytes(''), 'a.txt', 'The file is empty.'],
    ['empty', bytes(' \r\n\t '), 'a.vtt', 'The file is empty: it holds only blank space.'],
    ['binary', new Uint8Array([0x50, 0x4b, 3, 4, 0, 0, 8, 0]), 'a.txt', expect.stringMatching(/^The file is not text/)],
  ])('refuses %s input before any parser sees it', async (code, input, fileName, message) => {
    const host = await PluginHost.load({ builtins: [testParser('any', { score: 1, transcript: oneMessage })] });
    let failure: unknown;
    try {
      host.parse({ bytes: input, fileName });
    } catch (error) {
      failure = error;
    }
    expect(failure).toBeInstanceOf(ParseFailure);
    expect({ code: (failure as ParseFailure).code, message: (failure as ParseFailure).message }).toEqual({ code, message });
  });

  it('decodes UTF-8 with a byte order mark, UTF-16 and Windows-1252 text', async () => {
    const echo: ParserPlugin = {
      ...testParser('echo', { score: 1 }),
      parse: ({ text }) => ({ transcript: { participants: [{ id: 'a', name: 'A' }], messages: [{ id: 'm', content: text, timestamp: null, speaker: { id: 'a' } }] } }),
    };
    const host = await PluginHost.load({ builtins: [echo] });
    const read = (data: Uint8Array) => host.parse({ bytes: data, fileName: 'a.txt' }).transcript.messages[0]!.content;
    expect(read(new Uint8Array([0xef, 0xbb, 0xbf, ...bytes('Zoë: café')]))).toBe('Zoë: café');
    const utf16 = Buffer.from('\ufeffZoë: café', 'utf16le');
    expect(read(new Uint8Array(utf16))).toBe('Zoë: café');
    expect(read(new Uint8Array([0x5a, 0x6f, 0xeb, 0x3a, 0x20, 0x93, 0x68, 0x69, 0x94]))).toBe('Zoë: “hi”');
  });
});

describe('contract test kit', () => {
  it('passes a parser that keeps the contract', async () => {
    const minutesUrl = new URL('../fixtures/plugins/minutes-parser/index.js', import.meta.url).href;
    const { default: minutes } = (await import(minutesUrl)) as { default: ParserPlugin };
    expect(await checkParserContract(minutes, [
      { fileName: 'sync.txt', content: weeklySync },
      { fileName: 'other.txt', content: 'Ada: hello', readable: false },
    ])).toEqual([]);
  });

  it('names what a parser breaks', async () => {
    const sloppy: ParserPlugin = {
      ...testParser('sloppy', { transcript: oneMessage }),
      detect: ({ text }) => (text.startsWith('A') ? 2 : 0.5),
    };
    const problems = await checkParserContract(sloppy, [{ fileName: 'a.txt', content: 'Ada: hi' }]);
    expect(problems).toEqual(['a.txt: detect() returned 2; it must be a number from 0 to 1']);
  });
});

describe('tickscribe command line', () => {
  const cli = (args: string[], env: Record<string, string> = {}) =>
    spawnSync(process.execPath, ['server/cli.ts', ...args], { cwd: ROOT, encoding: 'utf8', env: { PATH: process.env['PATH'] ?? '', ...env } });

  it('parses a file with a plugin loaded through PLUGINS and prints one JSON object', () => {
    const result = cli(['parse', 'tests/fixtures/plugins/weekly-sync.txt'], { PLUGINS: MINUTES });
    expect(result.stderr).toBe('');
    expect(result.status).toBe(0);
    const output = JSON.parse(result.stdout) as Record<string, unknown>;
    expect(Object.keys(output)).toEqual(['format', 'confidence', 'transcript']);
    expect(output).toMatchObject({ format: 'minutes', confidence: 0.95, transcript: { title: 'Weekly sync', date: '2026-03-02' } });
  });

  it('lists the plugins, and ranks candidates', () => {
    const plugins = cli(['plugins', '--json'], { PLUGINS: MINUTES });
    const listed = JSON.parse(plugins.stdout) as { loaded: { id: string; origin: string }[]; refused: unknown[] };
    expect(listed.loaded.map((p) => p.id)).toEqual(['google-meet', 'zoom', 'teams', 'slack', 'webvtt', 'srt', 'csv', 'tsv', 'json', 'text', 'minutes', 'openai', 'heuristic', 'github', 'jira', 'azure', 'miro', 'webhook', 'recall', 'attendee']);
    expect(listed.refused).toEqual([]);
    const detect = cli(['detect', 'tests/fixtures/plugins/weekly-sync.txt'], { PLUGINS: MINUTES });
    expect(detect.status).toBe(0);
    expect(detect.stdout.split('\n')[0]).toMatch(/^format\s+name\s+confidence\s+extension$/);
    expect(detect.stdout.split('\n')[1]).toMatch(/^minutes\s+Markdown minutes\s+0\.950\s+yes$/);
  });

  it.each([
    [['parse', 'tests/fixtures/nope.vtt'], 'Cannot read tests/fixtures/nope.vtt: no such file.'],
    [['parse', 'tests/fixtures/plugins/symbols.txt'], 'The file does not look like any transcript format Tickscribe reads (see the supported formats in Help).'],
    [['parse', 'package.json'], expect.stringMatching(/^JSON: This JSON is not a transcript Tickscribe knows: expected an AssemblyAI, .*found an object with the keys name, version/)],
    [['parse', 'README.md'], 'Files ending in .md are not supported. Upload one of .txt .json .vtt .srt .csv .tsv .tab.'],
    [['parse'], 'Name the transcript file.'],
    [['parse', '--bogus', 'x.vtt'], "Unknown option '--bogus'. Run 'tickscribe help' for the options."],
    [['parse', 'x.vtt', '--format'], '--format needs a value.'],
    [['frobnicate'], "Unknown command 'frobnicate'. Run 'tickscribe help' for the commands."],
  ])('%j: one line on stderr, nothing on stdout, exit 2', (args, message) => {
    const result = cli(args);
    expect(result.status).toBe(2);
    expect(result.stdout).toBe('');
    expect(result.stderr.endsWith('\n') && result.stderr.split('\n').length === 2).toBe(true);
    expect(result.stderr.trimEnd()).toEqual(message);
  });

  it('warns about a refused plugin on stderr and still works', () => {
    const result = cli(['parse', 'tests/fixtures/plugins/weekly-sync.txt'], { PLUGINS: `${MINUTES},./nowhere.js` });
    expect(result.status).toBe(0);
    expect(result.stderr).toMatch(/^Plugin \.\/nowhere\.js was not loaded: it could not be imported: .*\n$/);
  });
});

describe('tickscribe extract', () => {
  const cli = (args: string[], env: Record<string, string> = {}) =>
    spawnSync(process.execPath, ['server/cli.ts', ...args], { cwd: ROOT, encoding: 'utf8', env: { PATH: process.env['PATH'] ?? '', ...env } });

  it('parses and extracts with the offline extractor, without a database', () => {
    const result = cli(['extract', 'tests/fixtures/plugins/weekly-sync.txt'], { PLUGINS: MINUTES, EXTRACTOR: 'heuristic' });
    expect(result.stderr).toBe('');
    expect(result.status).toBe(0);
    const output = JSON.parse(result.stdout) as { format: string; tickets: { title: string; assignee: string | null; notes: string }[]; usage: object };
    expect(Object.keys(output)).toEqual(['format', 'tickets', 'usage']);
    expect(output.format).toBe('minutes');
    expect(output.usage).toEqual({ provider: 'heuristic', model: 'heuristic-v1', inputTokens: 0, outputTokens: 0, calls: 0 });
    expect(output.tickets.map((t) => [t.title, t.assignee])).toEqual([['Write the release notes', 'Grace']]);
    expect(output.tickets[0]!.notes).toMatch(/offline extractor/);
  });

  it('gives one line and exit 2 for unusable input or an unknown extractor', () => {
    const empty = cli(['extract', 'tests/fixtures/plugins/symbols.txt'], { EXTRACTOR: 'heuristic' });
    expect(empty.status).toBe(2);
    expect(empty.stdout).toBe('');
    expect(empty.stderr).toBe('The file does not look like any transcript format Tickscribe reads (see the supported formats in Help).\n');
    const unknown = cli(['extract', 'tests/fixtures/plugins/weekly-sync.txt'], { PLUGINS: MINUTES, EXTRACTOR: 'nope' });
    expect(unknown.status).toBe(2);
    expect(unknown.stderr).toBe("EXTRACTOR is 'nope', which is not a loaded extractor plugin.\n");
  });
});
