// `npm run dev`: the backend (embedded services, API, worker) plus the Vite dev server with hot reload,
// which proxies /api and /auth to the backend.
import { fileURLToPath } from 'node:url';
import { createServer } from 'vite';
import { ConfigError } from '../core/config.ts';
import { StartupError } from '../core/errors.ts';
import { start } from './main.ts';

const VITE_PORT = Number(process.env['VITE_PORT'] ?? 5173);
process.env['APP_URL'] ??= `http://localhost:${VITE_PORT}`;

try {
  const backend = await start({ webDir: null });
  process.env['TICKSCRIBE_API_PROXY'] = `http://127.0.0.1:${backend.config.PORT}`;
  const vite = await createServer({
    configFile: fileURLToPath(new URL('../web/vite.config.ts', import.meta.url)),
    server: { port: VITE_PORT, strictPort: true },
  });
  await vite.listen();
  console.log(`Tickscribe (development) is ready.\n  Web app:      http://localhost:${VITE_PORT}\n  API:          http://localhost:${backend.config.PORT}/api/docs`);
  if (backend.temporalUiUrl) console.log(`  Temporal UI:  ${backend.temporalUiUrl}`);
  const stop = async () => {
    await vite.close();
    await backend.stop();
    process.exit(0);
  };
  process.once('SIGINT', () => void stop());
  process.once('SIGTERM', () => void stop());
} catch (error) {
  const known = error instanceof ConfigError || error instanceof StartupError;
  console.error(`Tickscribe could not start: ${known ? error.message : String(error)}`);
  process.exit(1);
}
