// `npm test`: the typecheck, the lint and the console's build side by side, then, if they passed,
// the unit and integration tests side by side with the end-to-end tests on that build. Each step's
// lines are prefixed with its name; the end says how long each took. Side by side because each
// check keeps about one core busy, and the end-to-end tests (one spec file at a time, waiting on a
// browser and a simulated building) leave much of a core idle, which the unit tests fill. The unit
// tests run at a lower CPU priority (nice 10): they only take what the end-to-end tests leave, so
// a browser, a server and their simulated building run about as they would alone. Tried and
// longer on two cores: two end-to-end files at once (836 s against 766 s for this order in the
// same hour), and everything beside the end-to-end tests from the start (807 s): the CPU is the
// limit, not waiting.
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
