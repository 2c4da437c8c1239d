// `npm run setup:temporal`: puts the Temporal CLI (which runs the local dev server) into .tools/ ahead of the first
// start, which would otherwise do it itself (install.ts).
import { findTemporalCli } from './cli-path.ts';
import { installTemporalCli, TEMPORAL_CLI_UNAVAILABLE } from './install.ts';

const existing = findTemporalCli(process.env['TEMPORAL_CLI_PATH']);
if (existing && !process.argv.includes('--force')) {
  console.log(`The Temporal CLI is already available: ${existing} (pass --force to install into .tools/ anyway).`);
} else if (!(await installTemporalCli((line) => console.log(line)))) {
  console.error(TEMPORAL_CLI_UNAVAILABLE);
  process.exit(1);
}
