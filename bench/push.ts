// Pushing 500 tickets through a real Tickscribe process (embedded PostgreSQL and Temporal) to the local GitHub
// stand-in: with the stand-in allowing 10 issue creates per second (fixed one-second windows, 429 with Retry-After
// beyond), and with every answer of the stand-in 200 ms late.
// Prints the achieved create rate against the allowed one, duplicates and missing items, and the wall time.
// Asserts nothing. Run: node bench/push.ts [tickets] [limit|slow]
import { startGitHubFake, type GitHubFake } from '../tests/trackers/github-fake.ts';
import { startBenchApp } from './support.ts';

const TICKETS = Number(process.argv[2] ?? 500);
const ONLY = process.argv[3];
const LIMIT_PER_SECOND = 10;
const CREATE_ISSUE = 'POST /repos/{owner}/{repo}/issues';
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

type Json = Record<string, unknown>;
interface Measures {
  accepted?: number[];
  refused?: () => number;
}

/** Issue creates beyond `limit` in a wall-clock second answer 429, Retry-After the next second's start (as an HTTP date). */
function rateLimit(github: GitHubFake, limit: number): Measures {
  const create = github.fake.routes[CREATE_ISSUE]!;
  const accepted: number[] = [];
  let refused = 0;
  let window = 0;
  let used = 0;
  github.fake.routes[CREATE_ISSUE] = (request) => {
    const now = Date.now();
    const second = Math.floor(now / 1000);
    if (second !== window) [window, used] = [second, 0];
    if (used >= limit) {
      refused += 1;
      return { status: 429, headers: { 'retry-after': new Date((second + 1) * 1000).toUTCString() }, body: { message: 'API rate limit exceeded', documentation_url: 'https://docs.github.com/rest' } };
    }
    used += 1;
    accepted.push(now);
    return create(request);
  };
  return { accepted, refused: () => refused };
}

/** Every operation of the stand-in answers `ms` late. */
function slow(github: GitHubFake, ms: number): Measures {
  for (const [operation, route] of Object.entries(github.fake.routes)) {
    github.fake.routes[operation] = async (request) => {
      await sleep(ms);
      return route(request);
    };
  }
  return {};
}

async function run(label: string, shape: (github: GitHubFake) => Measures, env: Record<string, string> = {}) {
  const github = await startGitHubFake();
  const { base, token, stop } = await startBenchApp('push', { OUTBOUND_ALLOWLIST: '127.0.0.1', ...env });
  const api = async (method: string, path: string, body?: unknown) => {
    const response = await fetch(`${base}${path}`, {
      method, headers: { authorization: `Bearer ${token}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    return { status: response.status, body: (await response.json()) as Json };
  };
  try {
    const saved = await api('POST', '/api/connections', {
      name: 'GitHub', project_identifier: 'acme/web', connection_type: 'github', credentials: { github: { token: github.settings.credentials.token } },
      settings: { baseUrl: github.fake.url, projectMappings: ['Bench'], userMappings: {} },
    });
    const connectionId = String((saved.body['connection'] as Json)['id']);
    const ids: string[] = [];
    for (let i = 0; i < TICKETS; i++) {
      // Chains of five: each ticket but the first of a chain depends on the one before.
      const created = await api('POST', '/api/tickets', {
        title: `Bench ticket ${i + 1}`, description: 'Pushed by the benchmark.', project: 'Bench', dependencies: i % 5 ? [ids[i - 1]] : [],
      });
      ids.push(String((created.body['ticket'] as Json)['id']));
    }
    const measures = shape(github);
    const started = performance.now();
    const first = await api('POST', `/api/connections/${connectionId}/bulk-push`, { ticketIds: ids, batchId: 'bench', waitSeconds: 0 });
    if (first.status !== 202 && first.status !== 200) throw new Error(`bulk-push answered ${first.status}: ${JSON.stringify(first.body)}`);
    let result: Json | undefined;
    while (!result) {
      await sleep(250);
      const status = await api('GET', `/api/connections/${connectionId}/pushes/bench`);
      if (status.body['status'] === 'failed') throw new Error(String(status.body['error']));
      if (status.body['status'] === 'completed') result = status.body['result'] as Json;
    }
    const wall = (performance.now() - started) / 1000;
    const markers = new Map<string, number>();
    for (const issue of github.state.issues) {
      const marker = /<!-- tickscribe-([0-9a-f-]{36}) -->/.exec(String(issue['body'] ?? ''))?.[1];
      if (marker) markers.set(marker, (markers.get(marker) ?? 0) + 1);
    }
    const lines = [
      `${label}: ${TICKETS} tickets, wall time ${wall.toFixed(1)} s (push start to result), ${String(result['successfulPushes'])} pushed, ${String(result['failedPushes'])} failed`,
      `  items ${github.state.issues.length}, duplicates ${[...markers.values()].filter((count) => count > 1).length}, missing ${ids.filter((id) => !markers.has(id)).length}, links ${[...github.state.blockedBy.values()].flat().length}`,
    ];
    const accepted = measures.accepted ?? [];
    if (accepted.length > 1) {
      const span = (accepted.at(-1)! - accepted[0]!) / 1000;
      const perWindow = [...Map.groupBy(accepted, (at) => Math.floor(at / 1000)).values()].map((list) => list.length);
      const full = perWindow.filter((count) => count === LIMIT_PER_SECOND).length;
      // Against every one-second window from the first create's to the last one's, each allowing the limit.
      const windows = Math.floor(accepted.at(-1)! / 1000) - Math.floor(accepted[0]! / 1000) + 1;
      const rate = accepted.length / windows;
      lines.push(
        `  creates: ${accepted.length} accepted over ${span.toFixed(1)} s, ${measures.refused?.() ?? 0} answered 429; ${full} of ${windows} one-second windows used to the limit`,
        `  achieved rate ${rate.toFixed(2)}/s against ${LIMIT_PER_SECOND}/s allowed: ratio ${(rate / LIMIT_PER_SECOND).toFixed(3)}`,
      );
    } else {
      lines.push(`  throughput ${(TICKETS / wall).toFixed(2)} tickets/s`);
    }
    console.log(lines.join('\n'));
    if (github.fake.violations.length) console.log(`  contract violations: ${github.fake.violations.slice(0, 3).join('; ')}`);
  } finally {
    await stop();
    await github.fake.close();
  }
}

const limited = `rate-limited tracker (${LIMIT_PER_SECOND} creates/s, 429 + Retry-After)`;
if (!ONLY || ONLY === 'limit') await run(limited, (github) => rateLimit(github, LIMIT_PER_SECOND));
if (!ONLY || ONLY === 'slow') await run('slow tracker (every answer after 200 ms)', (github) => slow(github, 200));
