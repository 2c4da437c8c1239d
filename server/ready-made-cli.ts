// `npm install`'s postinstall: makes the ready-made databases a first start on a fresh DATA_DIR copies instead of
// making its own: the PostgreSQL cluster, migrated (core/db/postgres-template.ts), and the Temporal dev server's
// database when the Temporal CLI is already installed (core/temporal/template.ts; otherwise the first start makes
// it, right after it installs the CLI). It never fails an install: without them a first start makes its own, as
// before, a second or two longer. The postinstall skips it where the sources are not there yet (an image build
// installs before it copies them).
import { pathToFileURL } from 'node:url';
import { makeTemplate } from '../core/db/make-postgres-template.ts';
import { createLogger } from '../core/logger.ts';
import { findTemporalCli } from '../core/temporal/cli-path.ts';
import { makeTemporalTemplate } from '../core/temporal/template.ts';

/** Makes both, saying what it made in one line each; never throws. */
export async function run(): Promise<void> {
  const made = async (what: string, make: () => Promise<'made' | 'current'>) => {
    const started = performance.now();
    try {
      if ((await make()) === 'made') console.log(`Tickscribe: made the ready-made ${what} a first start copies (${((performance.now() - started) / 1000).toFixed(1)} s).`);
    } catch (error) {
      console.log(`Tickscribe: no ready-made ${what} (${(error as Error).message.split('\n')[0]}); a first start makes its own, a second or two longer.`);
    }
  };
  await made('database', () => makeTemplate(createLogger({ LOG_LEVEL: 'warn', NODE_ENV: 'production' })));
  const cli = findTemporalCli();
  if (cli) await made('Temporal database', () => makeTemporalTemplate(cli));
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) await run();
