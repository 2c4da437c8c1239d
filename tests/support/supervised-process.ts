// A stand-in for an API or worker process, for the supervisor's tests: says it is ready as main.ts does, then
// follows the next step of the plan in PLAN_FILE (one step per start, shared by every start of it):
// a number of milliseconds to stay up before exiting with code 3, 'oom' to run out of memory, 'fail' to fail its
// start as main.ts does, 'spin' to use all the CPU it gets while the file BUSY_FILE exists and then idle, or 'stay'
// (or nothing left) to run until stopped.
import { existsSync } from 'node:fs';
import { readFileSync, writeFileSync } from 'node:fs';
import { INSTANCE_READY } from '../../server/processes.ts';

const planFile = process.env['PLAN_FILE']!;
const [step = 'stay', ...rest] = readFileSync(planFile, 'utf8').split(',').filter(Boolean);
writeFileSync(planFile, rest.join(','));

if (step === 'fail') {
  process.stderr.write('Tickscribe could not start: the plan says so.\n');
  process.exit(1);
}
process.on('SIGTERM', () => process.exit(0));
process.stdout.write(`${INSTANCE_READY}\n`);
if (step === 'oom') {
  const kept: number[][] = [];
  setInterval(() => {
    for (let i = 0; i < 100; i++) kept.push(Array.from({ length: 10_000 }, (_, index) => index * 1.5));
  }, 1);
} else if (step === 'spin') {
  const spin = () => {
    if (!existsSync(process.env['BUSY_FILE']!)) return;
    for (const until = Date.now() + 40; Date.now() < until;) Math.sqrt(Math.random());
    setImmediate(spin);
  };
  setInterval(spin, 50);
} else if (step === 'stay') {
  setInterval(() => {}, 60_000);
} else {
  setTimeout(() => process.exit(3), Number(step));
}
