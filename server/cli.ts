#!/usr/bin/env node
// The `tickscribe` command line: parse, detect and list plugins. Input it cannot use gets one line on stderr and
// exit code 2; it never prints a stack trace.
import { readFile } from 'node:fs/promises';
import { basename } from 'node:path';
import { parseArgs } from 'node:util';
import type { ExtractedTicket, ExtractionUsage } from '../plugins/sdk/index.ts';
import { ConfigError, loadConfig, pluginSpecs } from '../core/config.ts';
import { DomainError, StartupError } from '../core/errors.ts';
import { extractionRequests } from '../core/transcripts/chunks.ts';
import { ParseFailure } from '../core/plugins/errors.ts';
import { mergeExtractedTickets } from '../core/tickets/merge.ts';
import { chosenExtractor, loadPluginHost } from './plugins.ts';
import { setTierCommand } from './set-tier.ts';

const USAGE = `Usage: tickscribe <command> [options]

Commands:
  parse FILE [--format ID]   print the transcript read from FILE as JSON
  extract FILE [--format ID] parse FILE and print the tickets the configured extractor finds (no database)
  detect FILE [--json]       rank the parsers by how well they recognise FILE
  plugins [--json]           list the loaded plugins (and any that were refused: then exit code 1)
  set-tier WHO TIER          set a workspace's plan (free, pro or enterprise) by hand, for installations without Stripe:
                             WHO is a workspace's id, or a user's e-mail (their personal workspace)

Third-party plugins are loaded from PLUGINS (comma-separated package names or paths).`;

class UsageError extends Error {}

function fail(message: string): never {
  process.stderr.write(`${message.replace(/\s*\n\s*/g, ' ')}\n`);
  process.exit(2);
}

/** The command's options and its file, read with util.parseArgs; an unknown option or a missing value is a usage error. */
function parseOptions(args: string[]): { file: string | undefined; format: string | undefined; json: boolean } {
  try {
    const { values, positionals } = parseArgs({
      args,
      allowPositionals: true,
      options: { format: { type: 'string' }, json: { type: 'boolean', default: false } },
    });
    return { file: positionals[0], format: values.format, json: values.json };
  } catch (error) {
    const { code, message } = error as NodeJS.ErrnoException;
    const option = /'(--?[\w-]+)/.exec(message)?.[1] ?? 'An option';
    if (code === 'ERR_PARSE_ARGS_INVALID_OPTION_VALUE') throw new UsageError(`${option} needs a value.`);
    throw new UsageError(`Unknown option '${option}'. Run 'tickscribe help' for the options.`);
  }
}

async function readInput(path: string | undefined): Promise<{ bytes: Uint8Array; fileName: string }> {
  if (!path) throw new UsageError('Name the transcript file.');
  try {
    return { bytes: await readFile(path), fileName: basename(path) };
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    const reason = code === 'ENOENT' ? 'no such file' : code === 'EISDIR' ? 'it is a folder' : code === 'EACCES' ? 'permission denied' : (error as Error).message;
    throw new ParseFailure('unsupported', `Cannot read ${path}: ${reason}.`);
  }
}

function table(rows: string[][]): string {
  const widths = rows[0]!.map((_, column) => Math.max(...rows.map((row) => row[column]!.length)));
  return rows.map((row) => row.map((cell, column) => cell.padEnd(widths[column]!)).join('  ').trimEnd()).join('\n');
}

async function run(args: string[]): Promise<void> {
  const command = args.shift();
  if (!command || command === 'help' || command === '--help' || command === '-h') {
    process.stdout.write(`${USAGE}\n`);
    if (!command) process.exit(2);
    return;
  }
  const config = loadConfig();
  const host = await loadPluginHost({ specs: pluginSpecs(config) });
  for (const { plugin, origin, problem } of host.refused) {
    process.stderr.write(`Plugin ${plugin}${origin === plugin ? '' : ` (from ${origin})`} was not loaded: it ${problem}.\n`);
  }

  const { file, format, json } = parseOptions(args);
  switch (command) {
    case 'parse': {
      const result = host.parse(await readInput(file), format ? { format } : {});
      const { warnings, ...output } = result;
      process.stdout.write(`${JSON.stringify(warnings.length ? { ...output, warnings } : output, null, 2)}\n`);
      return;
    }
    case 'extract': {
      const parsed = host.parse(await readInput(file), format ? { format } : {});
      const extractor = chosenExtractor(host, config);
      const extractorId = extractor.manifest.id;
      const tickets: ExtractedTicket[] = [];
      const usage: ExtractionUsage = { provider: extractorId, model: '', inputTokens: 0, outputTokens: 0, calls: 0 };
      const results = await Promise.all(extractionRequests(parsed.transcript).map((request) => extractor.extract(request)));
      for (const result of results) {
        tickets.push(...result.tickets);
        Object.assign(usage, { provider: result.usage.provider, model: result.usage.model });
        usage.inputTokens += result.usage.inputTokens;
        usage.outputTokens += result.usage.outputTokens;
        usage.calls += result.usage.calls;
      }
      process.stdout.write(`${JSON.stringify({ format: parsed.format, tickets: mergeExtractedTickets(tickets), usage }, null, 2)}\n`);
      return;
    }
    case 'detect': {
      const candidates = host.detect(host.prepare(await readInput(file)));
      if (json) {
        process.stdout.write(`${JSON.stringify(candidates, null, 2)}\n`);
        return;
      }
      const rows = candidates.map((c) => [c.format, c.name, c.confidence.toFixed(3), c.extensionMatch ? 'yes' : '']);
      process.stdout.write(`${table([['format', 'name', 'confidence', 'extension'], ...rows])}\n`);
      return;
    }
    case 'plugins': {
      const loaded = host.list().map(({ manifest, origin }) => ({ ...manifest, origin }));
      if (json) process.stdout.write(`${JSON.stringify({ loaded, refused: host.refused }, null, 2)}\n`);
      else {
        const rows = loaded.map((p) => [p.id, p.kind, p.name, p.version, (p.extensions ?? []).join(' '), p.origin]);
        process.stdout.write(`${table([['id', 'kind', 'name', 'version', 'extensions', 'origin'], ...rows])}\n`);
      }
      // A refused plugin is a broken set-up: scripts and CI checking the plugins see it in the exit code.
      if (host.refused.length) process.exitCode = 1;
      return;
    }
    case 'set-tier': {
      const [email, tier] = args;
      if (!email || !tier || args.length > 2) throw new UsageError('Usage: tickscribe set-tier EMAIL|WORKSPACE-ID TIER (TIER: free, pro or enterprise).');
      try {
        process.stdout.write(`${await setTierCommand(config, email, tier)}\n`);
      } catch (error) {
        if (error instanceof DomainError) throw new UsageError(error.message);
        throw error;
      }
      return;
    }
    default:
      throw new UsageError(`Unknown command '${command}'. Run 'tickscribe help' for the commands.`);
  }
}

try {
  await run(process.argv.slice(2));
} catch (error) {
  if (error instanceof ParseFailure || error instanceof ConfigError || error instanceof StartupError || error instanceof UsageError) fail(error.message);
  if (error instanceof Error && 'retryable' in error) fail(error.message);
  fail(`Unexpected error: ${(error instanceof Error ? error.message : String(error)).split('\n')[0]}`);
}
