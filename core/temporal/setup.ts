// `npm run setup:temporal`: puts the Temporal CLI (which runs the local dev server) into .tools/.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, symlinkSync, rmSync } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import { TEMPORAL_CLI_VERSION, TOOLS_DIR, findTemporalCli } from './cli-path.ts';

const target = join(TOOLS_DIR, 'temporal');
const force = process.argv.includes('--force');

function hasGo(): boolean {
  return spawnSync('go', ['version'], { stdio: 'ignore' }).status === 0;
}

async function viaGo(): Promise<boolean> {
  console.log(`Building the Temporal CLI ${TEMPORAL_CLI_VERSION} with go install (a few minutes the first time)...`);
  const result = spawnSync('go', ['install', `github.com/temporalio/cli/cmd/temporal@${TEMPORAL_CLI_VERSION}`], {
    stdio: 'inherit',
    env: { ...process.env, GOBIN: TOOLS_DIR, CGO_ENABLED: '0' },
  });
  return result.status === 0 && existsSync(target);
}

/** The SDK's test kit can download a CLI build; link the downloaded binary into .tools/. */
async function viaSdkDownload(): Promise<boolean> {
  console.log('Go is not installed; trying the Temporal SDK download of the CLI...');
  const downloadDir = join(TOOLS_DIR, 'download');
  try {
    const { TestWorkflowEnvironment } = await import('@temporalio/testing');
    const env = await TestWorkflowEnvironment.createLocal({
      server: { executable: { type: 'cached-download', downloadDir } },
    });
    await env.teardown();
  } catch (error) {
    console.error(`The download did not work: ${error instanceof Error ? error.message.split('\n')[0] : String(error)}`);
    return false;
  }
  const binary = readdirSync(downloadDir, { recursive: true, withFileTypes: true }).find(
    (entry) => entry.isFile() && /^temporal(-cli)?[^/]*$/.test(entry.name) && !entry.name.endsWith('.tar.gz'),
  );
  if (!binary) return false;
  rmSync(target, { force: true });
  symlinkSync(join(binary.parentPath, binary.name), target);
  return true;
}

const existing = findTemporalCli(process.env['TEMPORAL_CLI_PATH']);
if (existing && !force) {
  console.log(`The Temporal CLI is already available: ${existing} (pass --force to install into .tools/ anyway).`);
} else {
  await mkdir(TOOLS_DIR, { recursive: true });
  const installed = (hasGo() && (await viaGo())) || (await viaSdkDownload());
  if (installed) {
    console.log(`Installed the Temporal CLI at ${target}.`);
  } else {
    console.error(
      'Could not install the Temporal CLI. Install Go (https://go.dev/dl/) and run this again, or install the CLI ' +
        'yourself (https://docs.temporal.io/cli) and put it on PATH or in TEMPORAL_CLI_PATH; or set TEMPORAL_ADDRESS ' +
        'to a running Temporal server.',
    );
    process.exit(1);
  }
}
