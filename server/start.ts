// `npm start`: builds the web app when it is missing or stale, then runs everything in this one process, so a
// signal to `npm start` (Ctrl-C, or SIGTERM from a supervisor) reaches Tickscribe itself.
import { buildIfNeeded } from './build-if-needed.ts';
import { main } from './main.ts';

buildIfNeeded();
await main();
