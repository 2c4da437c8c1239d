// `npm run setup:stripe-mock`: puts stripe-mock (Stripe's mock API server, used by the billing tests and for
// local development with STRIPE_API_BASE) into .tools/, built with `go install`.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import { TOOLS_DIR } from '../temporal/cli-path.ts';
import { findStripeMock, STRIPE_MOCK_MODULE } from './stripe-mock.ts';

const target = join(TOOLS_DIR, 'stripe-mock');
const existing = findStripeMock();
if (existing && !process.argv.includes('--force')) {
  console.log(`stripe-mock is already available: ${existing} (pass --force to install into .tools/ anyway).`);
} else if (spawnSync('go', ['version'], { stdio: 'ignore' }).status !== 0) {
  console.error('Could not install stripe-mock: it is built with Go. Install Go (https://go.dev/dl/) and run this again.');
  process.exit(1);
} else {
  await mkdir(TOOLS_DIR, { recursive: true });
  console.log(`Building stripe-mock (${STRIPE_MOCK_MODULE}) with go install...`);
  const result = spawnSync('go', ['install', STRIPE_MOCK_MODULE], { stdio: 'inherit', env: { ...process.env, GOBIN: TOOLS_DIR, CGO_ENABLED: '0' } });
  if (result.status !== 0 || !existsSync(target)) {
    console.error('Could not install stripe-mock: `go install` failed (see above).');
    process.exit(1);
  }
  console.log(`Installed stripe-mock at ${target}.`);
}
