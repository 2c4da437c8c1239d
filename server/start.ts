// `npm start` and `npm run start:api`: builds the web app and the workflow bundle when they are missing or stale,
// then runs Tickscribe in this one process, so a signal to npm (Ctrl-C, or SIGTERM from a supervisor) reaches it.
import { StartupError } from '../core/errors.ts';
import { buildIfNeeded } from './build-if-needed.ts';
import { main } from './main.ts';

try {
  buildIfNeeded();
} catch (error) {
  if (!(error instanceof StartupError)) throw error;
  process.stderr.write(`Tickscribe could not start: ${error.message}\n`);
  process.exit(1);
}
await main();
