// Prints one plain 'N passed, N failed' line per Vitest JSON report written by `npm test`.
import fs from 'node:fs';

const reports = [
  ['unit', 'test-results/unit.json'],
  ['e2e', 'test-results/e2e.json'],
];
let passed = 0;
let failed = 0;
for (const [name, file] of reports) {
  if (!fs.existsSync(file)) {
    console.log(`${name}: no report (the run stopped before it)`);
    continue;
  }
  const r = JSON.parse(fs.readFileSync(file, 'utf8'));
  const browser =
    name === 'e2e' && fs.existsSync('test-results/browser.txt')
      ? ` in ${fs.readFileSync('test-results/browser.txt', 'utf8').trim()}`
      : '';
  console.log(`${name} tests${browser}: ${r.numPassedTests} passed, ${r.numFailedTests} failed`);
  for (const file of r.testResults ?? []) {
    for (const t of file.assertionResults ?? []) {
      if (t.status !== 'failed') continue;
      console.log(`  FAILED ${file.name.replace(process.cwd() + '/', '')} > ${t.fullName}`);
      const why = (t.failureMessages ?? [])[0];
      if (why) console.log(`    ${why.split('\n').slice(0, 3).join('\n    ')}`);
    }
  }
  passed += r.numPassedTests;
  failed += r.numFailedTests;
}
console.log(`total: ${passed} passed, ${failed} failed`);
