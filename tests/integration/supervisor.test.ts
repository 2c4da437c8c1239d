// The supervisor of the processes a multi-process start runs: a process that keeps stopping is started again after
// pauses that double up to a ceiling, its stop said in words (out of memory included), the count starting afresh
// once it stayed up; it never gives up, and a stop ends it, pending starts included. Real child processes (a
// stand-in script that stops as its plan says), on short pauses.
import { existsSync, mkdtempSync, readFileSync, rmSync, unlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { pino } from 'pino';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { Backoff, cpuMicros, startSupervisor, type ChildGroup, type DemandPolicy, type RestartPolicy, type Supervisor } from '../../server/processes.ts';

const SCRIPT = fileURLToPath(new URL('../support/supervised-process.ts', import.meta.url));
const dir = mkdtempSync(join(tmpdir(), 'tickscribe-supervisor-'));
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
let supervisor: Supervisor | undefined;
afterEach(async () => {
  await supervisor?.stop();
  supervisor = undefined;
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** A supervisor of one worker stand-in following `plan`, logging into `messages`. */
async function supervise(plan: string[], policy: RestartPolicy, nodeArgs: string[] = []) {
  const planFile = join(dir, `plan-${Math.random()}`);
  writeFileSync(planFile, plan.join(','));
  const messages: string[] = [];
  const logger = pino({ level: 'info' }, { write: (line: string) => void messages.push((JSON.parse(line) as { msg: string }).msg) });
  supervisor = await startSupervisor({
    script: SCRIPT, groups: [{ kind: 'worker', count: 1, first: 1, nodeArgs }],
    env: { PATH: process.env['PATH'] ?? '', PLAN_FILE: planFile }, logger, pidDir: dir, policy,
  });
  return { messages, planLeft: () => readFileSync(planFile, 'utf8') };
}

async function until(condition: () => boolean, what: string, ms = 20_000): Promise<void> {
  for (let waited = 0; !condition(); waited += 50) {
    if (waited > ms) throw new Error(`waited ${ms} ms for ${what}`);
    await sleep(50);
  }
}

const stops = (messages: string[]) => messages.filter((message) => message.includes(' stopped ('));
const pauses = (messages: string[]) => stops(messages).map((message) => /again in (.+)\.$/.exec(message)?.[1]);

describe('the supervisor', () => {
  it('says a process ran out of memory and starts it again after pauses doubling up to the longest', async () => {
    const { messages } = await supervise(['oom', 'oom', 'oom', 'oom', 'oom'], { firstDelayMs: 200, maxDelayMs: 800, stableAfterMs: 60_000 }, ['--max-old-space-size=16']);
    await until(() => stops(messages).length === 5, 'five stops');
    expect(stops(messages)[0]).toMatch(/^The worker process 1 stopped \(out of memory, signal SIG[A-Z]+\); starting it again in 0\.2 s\.$/);
    expect(pauses(messages)).toEqual(['0.2 s', '0.4 s', '0.8 s', '0.8 s', '0.8 s']);
    // Down until its next start: reported so, with the words of its stop.
    const down = supervisor!.report().workers!;
    expect(down.count).toBe(1);
    expect(down.down).toEqual([expect.objectContaining({ number: 1, stopped: expect.stringMatching(/^out of memory, signal /) })]);
    // The plan is spent: the sixth start stays up, and the report says so.
    await until(() => messages.includes('The worker process 1 is running again.') && messages.length === 10, 'the sixth start');
    expect(supervisor!.report().workers).toEqual({ count: 1, down: [] });
  });

  it('starts the count afresh once a process stayed up, and retries a start that fails', async () => {
    const { messages, planLeft } = await supervise(['100', '100', '1500', 'fail', 'fail', '100', 'stay'], { firstDelayMs: 200, maxDelayMs: 5_000, stableAfterMs: 1_000 });
    await until(() => planLeft() === '' && messages.at(-1) === 'The worker process 1 is running again.', 'the plan to be spent');
    expect(stops(messages).map((message) => /\((.+)\)/.exec(message)?.[1])).toEqual([
      'exit code 3', 'exit code 3', 'exit code 3',
      'it could not start: the plan says so.', 'it could not start: the plan says so.', 'exit code 3',
    ]);
    // 100 ms, 100 ms, then 1.5 s up (longer than the 1 s that counts as stable): afresh.
    expect(pauses(messages)).toEqual(['0.2 s', '0.4 s', '0.2 s', '0.4 s', '0.8 s', '1.6 s']);
  });

  it('fails its own start with the words of a process that cannot start', async () => {
    const planFile = join(dir, 'plan-fail');
    writeFileSync(planFile, 'fail');
    await expect(startSupervisor({
      script: SCRIPT, groups: [{ kind: 'api', count: 1, first: 2, nodeArgs: [] }],
      env: { PATH: process.env['PATH'] ?? '', PLAN_FILE: planFile }, logger: pino({ level: 'silent' }), pidDir: dir,
    })).rejects.toThrow(/^Tickscribe could not start: the plan says so\.$/);
    expect(existsSync(join(dir, 'api-2.pid'))).toBe(false);
  });

  it('starts nothing more once stopped, not even a start that was waiting', async () => {
    const { messages } = await supervise(['100', 'stay'], { firstDelayMs: 1_000, maxDelayMs: 1_000, stableAfterMs: 60_000 });
    await until(() => stops(messages).length === 1, 'the first stop');
    expect(existsSync(join(dir, 'worker-1.pid'))).toBe(false);
    await supervisor!.stop();
    await sleep(1_500);
    expect(messages.filter((message) => message.includes('running again'))).toEqual([]);
    expect(existsSync(join(dir, 'worker-1.pid'))).toBe(false);
  });
});

describe('processes on demand', () => {
  // Shares low enough that a spinning stand-in reaches them on a machine busy with other work, and an idle one stays
  // under them.
  const demand: DemandPolicy = { sampleMs: 200, busyShare: 0.1, busySamples: 2, quietShare: 0.05, quietForMs: 1_500 };
  const restarts: RestartPolicy = { firstDelayMs: 200, maxDelayMs: 200, stableAfterMs: 60_000 };
  const logged = () => {
    const messages: string[] = [];
    return { messages, logger: pino({ level: 'info' }, { write: (line: string) => void messages.push((JSON.parse(line) as { msg: string }).msg) }) };
  };
  const planned = (plan: string[]) => {
    const planFile = join(dir, `plan-${Math.random()}`);
    writeFileSync(planFile, plan.join(','));
    return planFile;
  };
  const pidOf = (name: string) => Number(readFileSync(join(dir, name), 'utf8'));

  it('starts one more while the running ones are busy and stops it once they have been quiet', async () => {
    const busyFile = join(dir, `busy-${Math.random()}`);
    const { messages, logger } = logged();
    const group: ChildGroup = { kind: 'worker', count: 2, first: 1, nodeArgs: [], always: 1 };
    supervisor = await startSupervisor({
      script: SCRIPT, groups: [group], env: { PATH: process.env['PATH'] ?? '', PLAN_FILE: planned(['spin', 'stay']), BUSY_FILE: busyFile },
      logger, pidDir: dir, policy: restarts, demand,
    });
    // Idle: the one that runs always, alone.
    await sleep(1_000);
    expect(supervisor.report().workers).toEqual({ count: 1, down: [], most: 2 });
    expect(existsSync(join(dir, 'worker-2.pid'))).toBe(false);

    writeFileSync(busyFile, '');
    await until(() => supervisor!.report().workers?.count === 2 && existsSync(join(dir, 'worker-2.pid')), 'the second to start');
    expect(messages).toContain('The workers are busy: starting the worker process 2.');
    const second = pidOf('worker-2.pid');

    unlinkSync(busyFile);
    await until(() => messages.includes('The workers are quiet: stopping the worker process 2 until it is busy again.'), 'the second to stop', 10_000);
    await until(() => cpuMicros(second) === undefined, 'its process to end');
    // Not a stop to start again from: it was asked to, and the first runs on.
    await sleep(600);
    expect(messages.filter((message) => message.includes('stopped ('))).toEqual([]);
    expect(supervisor.report().workers).toEqual({ count: 1, down: [], most: 2 });
    expect(cpuMicros(pidOf('worker-1.pid'))).toBeDefined();
  });

  it("counts the first process in the API's load: its work alone starts an API process", async () => {
    let firstCpu = 0;
    let firstBusy = true;
    const ticker = setInterval(() => (firstCpu += firstBusy ? 100_000 : 0), 100);
    try {
      const { messages, logger } = logged();
      supervisor = await startSupervisor({
        script: SCRIPT, groups: [{ kind: 'api', count: 1, first: 2, nodeArgs: [], always: 0, alsoServedBy: () => firstCpu }],
        env: { PATH: process.env['PATH'] ?? '', PLAN_FILE: planned(['stay']) }, logger, pidDir: dir, policy: restarts, demand,
      });
      expect(existsSync(join(dir, 'api-2.pid'))).toBe(false);
      await until(() => messages.includes('The API is busy: starting the API process 2.') && existsSync(join(dir, 'api-2.pid')), 'API process 2');
      firstBusy = false;
      await until(() => messages.includes('The API is quiet: stopping the API process 2 until it is busy again.'), 'API process 2 to stop', 10_000);
      expect(supervisor.report().api).toEqual({ count: 0, down: [], most: 1 });
    } finally {
      clearInterval(ticker);
    }
  });

  it('starts again one on demand that dies while it is wanted', async () => {
    const busyFile = join(dir, `busy-${Math.random()}`);
    writeFileSync(busyFile, '');
    const { messages, logger } = logged();
    supervisor = await startSupervisor({
      script: SCRIPT, groups: [{ kind: 'worker', count: 2, first: 1, nodeArgs: [], always: 1 }],
      env: { PATH: process.env['PATH'] ?? '', PLAN_FILE: planned(['spin', '300', 'stay']), BUSY_FILE: busyFile },
      logger, pidDir: dir, policy: restarts, demand,
    });
    await until(() => messages.includes('The worker process 2 is running again.'), 'the second to be started again');
    expect(messages).toContain('The worker process 2 stopped (exit code 3); starting it again in 0.2 s.');
    unlinkSync(busyFile);
  });
});

describe('Backoff', () => {
  it('doubles from the first pause to the longest and starts afresh after a stable run', async () => {
    const backoff = new Backoff({ firstDelayMs: 1_000, maxDelayMs: 60_000, stableAfterMs: 50 });
    backoff.running();
    expect([1, 2, 3, 4, 5, 6, 7, 8].map(() => backoff.stopped())).toEqual([1_000, 2_000, 4_000, 8_000, 16_000, 32_000, 60_000, 60_000]);
    backoff.running();
    expect(backoff.stopped()).toBe(60_000);
    backoff.running();
    await sleep(60);
    expect(backoff.stopped()).toBe(1_000);
  });
});
