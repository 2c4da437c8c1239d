/**
 * Puts the Temporal CLI (which runs the local dev server) into .tools/ when it is nowhere else: the first start
 * and the first test run do it themselves, so `npm install && npm start` is all a new machine needs. The Temporal
 * SDK's download of a CLI build comes first (seconds); where it cannot reach temporal.download, Go builds the pinned
 * version (a few minutes, once).
 */
import { spawn } from 'node:child_process';
import { existsSync, readdirSync, rmSync, symlinkSync } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import { StartupError } from '../errors.ts';
import { TEMPORAL_CLI_VERSION, TOOLS_DIR, findTemporalCli } from './cli-path.ts';
import { makeTemporalTemplate } from './template.ts';

export type Say = (line: string) => void;

const TARGET = join(TOOLS_DIR, 'temporal');

export const TEMPORAL_CLI_UNAVAILABLE =
  'The Temporal CLI (the local workflow server) could not be installed: its download did not work and Go is not ' +
  'installed to build it. Install Go (https://go.dev/dl/) and start again, or install the CLI yourself ' +
  '(https://docs.temporal.io/cli) and put it on PATH or in TEMPORAL_CLI_PATH; or set TEMPORAL_ADDRESS to a running ' +
  'Temporal server.';

const firstLine = (error: unknown) => (error instanceof Error ? error.message : String(error)).split('\n')[0];

/** The SDK's test kit downloads a CLI build; the binary is linked into .tools/. */
async function viaDownload(say: Say): Promise<boolean> {
  const downloadDir = join(TOOLS_DIR, 'download');
  try {
    const { TestWorkflowEnvironment } = await import('@temporalio/testing');
    const env = await TestWorkflowEnvironment.createLocal({ server: { executable: { type: 'cached-download', downloadDir } } });
    await env.teardown();
  } catch (error) {
    say(`The download did not work (${firstLine(error)}).`);
    return false;
  }
  const binary = readdirSync(downloadDir, { recursive: true, withFileTypes: true }).find(
    (entry) => entry.isFile() && /^temporal(-cli)?[^/]*$/.test(entry.name) && !entry.name.endsWith('.tar.gz'),
  );
  if (!binary) return false;
  rmSync(TARGET, { force: true });
  symlinkSync(join(binary.parentPath, binary.name), TARGET);
  return true;
}

function run(command: string, args: string[], env: NodeJS.ProcessEnv = process.env): Promise<{ status: number | null; output: string }> {
  return new Promise((resolve) => {
    let output = '';
    const child = spawn(command, args, { env, stdio: ['ignore', 'pipe', 'pipe'] });
    child.stdout.on('data', (chunk: Buffer) => void (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => void (output += chunk.toString()));
    child.on('error', (error) => resolve({ status: null, output: error.message }));
    child.on('close', (status) => resolve({ status, output }));
  });
}

async function viaGo(say: Say): Promise<boolean> {
  if ((await run('go', ['version'])).status !== 0) return false;
  say(`Building the Temporal CLI ${TEMPORAL_CLI_VERSION} with Go instead (3 to 4 minutes, once)...`);
  const built = await run('go', ['install', `github.com/temporalio/cli/cmd/temporal@${TEMPORAL_CLI_VERSION}`], {
    ...process.env, GOBIN: TOOLS_DIR, CGO_ENABLED: '0',
  });
  if (built.status !== 0) say(`Go could not build it: ${built.output.trim().split('\n').slice(-3).join(' ')}`);
  return built.status === 0 && existsSync(TARGET);
}

/** Installs the CLI into .tools/ (a download, else a Go build) and answers its path, or undefined when neither worked. */
export async function installTemporalCli(say: Say): Promise<string | undefined> {
  await mkdir(TOOLS_DIR, { recursive: true });
  const started = Date.now();
  say('Installing the Temporal CLI (the local workflow server) into .tools/, once: downloading it...');
  if ((await viaDownload(say)) || (await viaGo(say))) {
    say(`Installed the Temporal CLI at ${TARGET} in ${Math.round((Date.now() - started) / 1000)} s.`);
    return TARGET;
  }
  return undefined;
}

/**
 * The Temporal CLI to run: TEMPORAL_CLI_PATH when set (never replaced by an install), else one on PATH or in
 * .tools/, else one installed now. A StartupError in words when there is none and none can be installed.
 */
export async function ensureTemporalCli(configured: string | undefined, say: Say): Promise<string> {
  if (configured) {
    if (findTemporalCli(configured)) return configured;
    throw new StartupError(`TEMPORAL_CLI_PATH (${configured}) is not an executable file.`);
  }
  const present = findTemporalCli();
  if (present) return present;
  const installed = await installTemporalCli(say);
  if (!installed) throw new StartupError(TEMPORAL_CLI_UNAVAILABLE);
  // Once, beside the install (npm install makes it when the CLI is already there): a second to save one per fresh DATA_DIR.
  await makeTemporalTemplate(installed).catch((error: unknown) => say(`The ready-made Temporal database was not made (${firstLine(error)}).`));
  return installed;
}
