import { accessSync, constants } from 'node:fs';
import { delimiter, join } from 'node:path';
import { fileURLToPath } from 'node:url';

/** The project-local tools folder that `npm run setup:temporal` installs into. */
export const TOOLS_DIR = fileURLToPath(new URL('../../.tools/', import.meta.url));
export const TEMPORAL_CLI_VERSION = 'v1.5.1';

function isExecutable(path: string): boolean {
  try {
    accessSync(path, constants.X_OK);
    return true;
  } catch {
    return false;
  }
}

/**
 * Where the Temporal CLI is: TEMPORAL_CLI_PATH, then `temporal` on PATH, then .tools/temporal.
 * Returns undefined when it is nowhere.
 */
export function findTemporalCli(configured?: string, path = process.env['PATH'] ?? ''): string | undefined {
  if (configured) return isExecutable(configured) ? configured : undefined;
  const candidates = [...path.split(delimiter).filter(Boolean).map((dir) => join(dir, 'temporal')), join(TOOLS_DIR, 'temporal')];
  return candidates.find(isExecutable);
}
