/**
 * `npm run fake-trackers [-- --port <base>]`: local stand-ins of the five trackers Tickscribe pushes to, so every
 * kind of connection can be tried without an account anywhere. GitHub, Jira, Azure DevOps, Miro and a webhook
 * receiver answer on 127.0.0.1 at the base port (4010) and the four after it, each holding what it is sent in
 * memory and refusing every credential but the one printed, and an unknown repository, project or board. For each,
 * the command prints what to type into the Connections form. GET /_created on a stand-in's port lists what it holds
 * (a browser opening an item's link lands there too). Each call is checked against the vendor's contract as in the
 * tests, but a violation is printed instead of failing. Ctrl-C stops them; nothing is kept.
 */
import { createServer, request, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { parseArgs } from 'node:util';
import { startAzureStandIn } from '../trackers/azure-fake.ts';
import { startGitHubStandIn } from '../trackers/github-fake.ts';
import { startJiraStandIn } from '../trackers/jira-fake.ts';
import { startMiroStandIn } from '../trackers/miro-fake.ts';
import type { StandIn } from '../trackers/stand-in.ts';
import { startWebhookStandIn } from '../trackers/webhook-receiver.ts';

const STARTERS = [startGitHubStandIn, startJiraStandIn, startAzureStandIn, startMiroStandIn, startWebhookStandIn];
const HOST = '127.0.0.1';
const DEFAULT_PORT = 4010;
/** Headers that belong to one connection, not to the answer forwarded. */
const HOP_BY_HOP = new Set(['connection', 'keep-alive', 'transfer-encoding']);

const print = (text = '') => void process.stdout.write(`${text}\n`);

function basePort(): number {
  let port = DEFAULT_PORT;
  try {
    const { values } = parseArgs({ options: { port: { type: 'string' } } });
    if (values.port !== undefined) port = Number(values.port);
  } catch (error) {
    port = Number.NaN;
    console.error((error as Error).message);
  }
  if (!Number.isInteger(port) || port < 1 || port + STARTERS.length - 1 > 65_535) {
    console.error(`Usage: npm run fake-trackers [-- --port <base>]: the stand-ins take the base port (default ${DEFAULT_PORT}) and the ${STARTERS.length - 1} after it.`);
    process.exit(2);
  }
  return port;
}

/** Prints the violations a stand-in found since the last call. */
function violationReporter(standIn: StandIn): () => void {
  let printed = 0;
  return () => {
    const found = standIn.violations();
    for (const violation of found.slice(printed)) console.warn(`[${standIn.type}] contract violation: ${violation}`);
    printed = found.length;
  };
}

const listing = (standIn: StandIn, outgoing: ServerResponse) =>
  outgoing.writeHead(200, { 'content-type': 'application/json; charset=utf-8' }).end(`${JSON.stringify({ tracker: standIn.type, created: standIn.created() }, null, 2)}\n`);

/** The stand-in's public side: its listing, and every other call forwarded to its fake, logged a line each. */
function frontOf(standIn: StandIn): (incoming: IncomingMessage, outgoing: ServerResponse) => void {
  const report = violationReporter(standIn);
  return (incoming, outgoing) => {
    const { pathname } = new URL(incoming.url ?? '/', 'http://stand-in');
    if (incoming.method === 'GET' && pathname === '/_created') return listing(standIn, outgoing);
    // A person opening an item's link (a page, not an API call) is shown what arrived.
    if (incoming.method === 'GET' && /text\/html/.test(incoming.headers.accept ?? '')) return void outgoing.writeHead(303, { location: '/_created' }).end();
    const upstream = request(`${standIn.target}${incoming.url ?? '/'}`, { method: incoming.method, headers: incoming.headers }, (answer) => {
      print(`[${standIn.type}] ${incoming.method} ${pathname} → ${answer.statusCode}`);
      const headers = Object.fromEntries(Object.entries(answer.headers).filter(([name]) => !HOP_BY_HOP.has(name)));
      outgoing.writeHead(answer.statusCode ?? 502, headers);
      answer.pipe(outgoing);
      answer.on('end', report);
    });
    upstream.on('error', (error) => {
      if (!outgoing.headersSent) outgoing.writeHead(502, { 'content-type': 'text/plain' });
      outgoing.end(`The ${standIn.type} stand-in did not answer: ${error.message}`);
    });
    incoming.pipe(upstream);
  };
}

function listen(server: Server, port: number): Promise<void> {
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, HOST, () => {
      server.off('error', reject);
      resolve();
    });
  });
}

function instructions(running: { standIn: StandIn; url: string }[]): void {
  print('Tracker stand-ins are running. Start Tickscribe so that it may reach them on loopback:');
  print();
  print('  OUTBOUND_ALLOWLIST=127.0.0.1 npm start');
  print();
  print('Then add a connection of each type on /connections with these values:');
  for (const { standIn, url } of running) {
    print();
    print(`${standIn.type} (${url})`);
    const fields: [string, string][] = [['Connection Type', standIn.type], ...standIn.form];
    const width = Math.max(...fields.map(([field]) => field.length));
    for (const [field, value] of fields) print(`  ${field.padEnd(width)}  ${value}`);
    for (const note of standIn.notes) print(`  Note: ${note}`);
    print(`  What arrived: ${url}/_created`);
  }
  print();
  print('Verify refuses any other token, secret or e-mail, and finds no other repository, project or board.');
  print('Each call is logged below; Ctrl-C stops the stand-ins (they keep nothing).');
  print();
}

async function main(): Promise<void> {
  const base = basePort();
  const running: { standIn: StandIn; url: string; server: Server }[] = [];
  let stopping = false;
  const stop = async (code: number) => {
    if (stopping) return;
    stopping = true;
    for (const { server } of running) {
      server.close();
      server.closeAllConnections();
    }
    await Promise.all(running.map(({ standIn }) => standIn.close()));
    process.exitCode = code;
  };
  for (const [index, start] of STARTERS.entries()) {
    const port = base + index;
    const url = `http://${HOST}:${port}`;
    const standIn = await start({ url });
    const server = createServer(frontOf(standIn));
    running.push({ standIn, url, server });
    try {
      await listen(server, port);
    } catch (error) {
      const taken = (error as NodeJS.ErrnoException).code === 'EADDRINUSE';
      console.error(taken ? `Port ${port} is taken: choose another base port with --port.` : `Could not listen on ${url}: ${(error as Error).message}`);
      return stop(1);
    }
  }
  instructions(running);
  const stopOnSignal = () => {
    print('Stopping the stand-ins.');
    void stop(0);
  };
  process.once('SIGINT', stopOnSignal);
  process.once('SIGTERM', stopOnSignal);
  process.once('SIGHUP', stopOnSignal);
  // Started by npm (or a shell) that is then killed outright: the stand-ins stop too instead of holding the ports.
  const launcher = process.ppid;
  setInterval(() => {
    if (process.ppid !== launcher) stopOnSignal();
  }, 1_000).unref();
}

await main();
