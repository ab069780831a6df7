// `npm test`: the typecheck, the lint and the console's build side by side, then, if they passed,
// the unit and integration tests side by side with the end-to-end tests on that build. Each step's
// lines are prefixed with its name; the end says how long each took. Side by side because each
// check keeps about one core busy, and the end-to-end tests (two spec files at a time, mostly
// waiting on a browser and a simulated building's clock) leave much of a core idle, which the unit
// tests fill. The unit tests run at a somewhat lower CPU priority (nice 5): the end-to-end tests
// come first when both want a core, yet the unit tests are not starved. On a 2-core machine, the
// same code: nice 10 kept the unit tests running 615 s beside 522 s of end-to-end tests (693 s in
// all), nice 5 took 479 s beside 436 s (543 s in all). Tried and longer on two cores: everything
// beside the end-to-end tests from the start (807 s against 766 s for this order): the checks then
// took the end-to-end tests' CPU.
import { spawn } from 'node:child_process';
import readline from 'node:readline';

const STEPS = [
  ['typecheck', 'lint', 'build'],
  ['test:unit', 'test:e2e:run'],
];
/** Steps that yield the CPU to the others of their stage. */
const NICE = new Set(['test:unit']);

/** Run `npm run <script>`, its lines prefixed; resolves with its exit code and time (s). */
function run(script) {
  const started = Date.now();
  const npm = ['npm', 'run', '--silent', script];
  const [cmd, ...args] =
    NICE.has(script) && process.platform !== 'win32' ? ['nice', '-n', '5', ...npm] : npm;
  const child = spawn(cmd, args, { stdio: ['ignore', 'pipe', 'pipe'] });
  for (const stream of [child.stdout, child.stderr])
    readline
      .createInterface({ input: stream, crlfDelay: Infinity })
      .on('line', (line) => process.stdout.write(`[${script}] ${line}\n`));
  return new Promise((resolve) =>
    child.on('close', (code) => resolve({ script, code, s: (Date.now() - started) / 1000 })),
  );
}

const started = Date.now();
const done = [];
let failed = false;
for (const stage of STEPS) {
  if (failed) break;
  for (const r of await Promise.all(stage.map(run))) {
    done.push(`${r.script} ${r.s.toFixed(0)} s${r.code === 0 ? '' : ' (FAILED)'}`);
    if (r.code !== 0) failed = true;
  }
}
const total = ((Date.now() - started) / 1000).toFixed(0);
console.log(`\nnpm test: ${done.join(', ')}; ${total} s in all${failed ? ', FAILED' : ''}`);
process.exit(failed ? 1 : 0);
