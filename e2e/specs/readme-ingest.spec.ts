/**
 * README.md's "Sending gateway reports" examples, pasted as a reader pastes them: the commands of
 * each ```sh block run verbatim in bash with the real curl, node and mosquitto_pub against a fresh
 * server, with only its address and MQTT port put in for localhost:8080 and 1883. The key comes
 * from the README's own commands (sign in as the demo account, create a key). Every report an
 * example sends must be stored: the answer says `accepted` ≥ 1 and nothing rejected, and the
 * server's counters agree (MQTT has no answer body: its counters alone).
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { readmeCommands } from '../support/readme-shell.ts';
import { freePort, freshDataDir, startTestServer, type TestServer } from '../support/server.ts';

const SECTION = '## Sending gateway reports';
const [keyBlock, ingestBlock, ...rest] = readmeCommands(
  SECTION,
  '### Over HTTP, as the gateways send it',
);
const [gatewayFormats] = readmeCommands('### Over HTTP, as the gateways send it', '### Over MQTT');
const [mqttBlock] = readmeCommands('### Over MQTT', '### Moving from ESPresense');
const hasMosquittoPub = spawnSync('sh', ['-c', 'command -v mosquitto_pub']).status === 0;
if (!hasMosquittoPub)
  console.log('readme-ingest: mosquitto_pub is not installed, MQTT examples skipped');

let server: TestServer;
let mqttPort: number;

beforeAll(async () => {
  mqttPort = await freePort();
  // No simulated tags: the counters move only with the examples' reports.
  server = await startTestServer({
    env: { SIMULATOR_DEVICES: '0', MQTT_PORT: String(mqttPort) },
    dataDir: freshDataDir(inject('dataTemplate')),
    bundle: inject('serverBundle'),
  });
  // Ready: the database and the embedded broker are up.
  for (;;) {
    const ready = await fetch(`${server.url}/readyz`);
    if (ready.ok) break;
    await new Promise((r) => setTimeout(r, 200));
  }
});

afterAll(async () => {
  await server?.stop();
  if (server) fs.rmSync(server.dataDir, { recursive: true, force: true });
});

interface Counters {
  accepted: number;
  rejected: number;
}

interface Ran {
  command: string;
  rc: number;
  out: string;
  err: string;
  before: Counters;
  after: Counters;
}

function counters(text: string): Counters {
  const sum = (name: string) =>
    text
      .split('\n')
      .filter((l) => l.startsWith(name))
      .reduce((n, l) => n + Number(l.slice(l.lastIndexOf(' ') + 1)), 0);
  return {
    accepted: sum('rtls_ingest_reports_accepted_total'),
    rejected: sum('rtls_ingest_reports_rejected_total'),
  };
}

/**
 * Runs the commands one after the other in one bash (so TOKEN, KEY and NOW carry over), each as
 * written but for the server's address and MQTT port; between two commands the server's ingest
 * counters are read.
 */
function runInBash(
  commands: string[],
  target: { url: string; mqttPort?: number } = { url: server.url, mqttPort },
  vars: string[] = ['KEY'],
): { ran: Ran[]; vars: Record<string, string> } {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'rtls-readme-'));
  try {
    const local = (c: string) =>
      c
        .replaceAll('http://localhost:8080', target.url)
        .replaceAll('-p 1883 ', `-p ${target.mqttPort ?? 1883} `);
    const script = [
      'set -o pipefail',
      `__mark() { command curl -s ${target.url}/metrics > "${dir}/metrics.$1"; }`,
      '__mark 0',
      ...commands.map(
        (c, i) =>
          `{ ${local(c)}\n} > "${dir}/out.${i + 1}" 2> "${dir}/err.${i + 1}"; echo $? > "${dir}/rc.${i + 1}"; __mark ${i + 1}`,
      ),
      ...vars.map((v) => `printf '%s' "$${v}" > "${dir}/var.${v}"`),
    ].join('\n');
    const bash = spawnSync('bash', ['-c', script], {
      env: { ...process.env, PATH: `${path.dirname(process.execPath)}:${process.env.PATH ?? ''}` },
      encoding: 'utf8',
      timeout: 120_000,
    });
    if (bash.status !== 0) throw new Error(`bash failed (${bash.status}): ${bash.stderr}`);
    const read = (name: string) => fs.readFileSync(path.join(dir, name), 'utf8');
    const ran = commands.map((command, i) => ({
      command,
      rc: Number(read(`rc.${i + 1}`).trim()),
      out: read(`out.${i + 1}`),
      err: read(`err.${i + 1}`),
      before: counters(read(`metrics.${i}`)),
      after: counters(read(`metrics.${i + 1}`)),
    }));
    return { ran, vars: Object.fromEntries(vars.map((v) => [v, read(`var.${v}`)])) };
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

/** What a reader sees of one command: it ran, and the reports it sent were all stored. */
function stored(r: Ran) {
  return {
    command: r.command,
    rc: r.rc,
    accepted: r.after.accepted - r.before.accepted >= 1,
    rejected: r.after.rejected - r.before.rejected,
  };
}
const storedOk = (r: Ran) => ({ command: r.command, rc: 0, accepted: true, rejected: 0 });

describe("README's gateway report examples", () => {
  it('has the blocks this test runs', () => {
    expect(keyBlock?.length).toBe(2);
    expect(ingestBlock?.length).toBeGreaterThanOrEqual(1);
    expect(rest).toEqual([]);
    expect(gatewayFormats?.length).toBeGreaterThanOrEqual(4);
    expect(mqttBlock?.length).toBeGreaterThanOrEqual(5);
  });

  it('the key and HTTP examples: a key for the demo account, and every report stored', () => {
    const { ran, vars } = runInBash([...keyBlock!, ...ingestBlock!, ...gatewayFormats!]);
    expect(vars.KEY).toMatch(/^ik_/);
    for (const r of ran.slice(0, keyBlock!.length))
      expect({ command: r.command, rc: r.rc }).toEqual({ command: r.command, rc: 0 });
    const sends = ran.filter((r) => r.command.includes('/api/ingest '));
    expect(sends.length).toBe(ingestBlock!.length + gatewayFormats!.length - 1);
    for (const r of sends) {
      expect(stored(r), r.err).toEqual(storedOk(r));
      const answer = JSON.parse(r.out) as { accepted: number; rejected: number };
      expect({
        command: r.command,
        accepted: answer.accepted >= 1,
        rejected: answer.rejected,
      }).toEqual({ command: r.command, accepted: true, rejected: 0 });
    }
  });

  it.skipIf(!hasMosquittoPub)('the MQTT examples: every report stored', () => {
    const { ran } = runInBash([...keyBlock!, ...mqttBlock!]);
    const sends = ran.filter((r) => r.command.startsWith('mosquitto_pub'));
    expect(sends.length).toBe(mqttBlock!.length);
    for (const r of sends) expect(stored(r), r.err).toEqual(storedOk(r));
  });
});

describe("README's map examples: trails, zones and rules", () => {
  const [trailBlock, ...otherPositionBlocks] = readmeCommands(
    '### Positions: the server is the one authority',
    '### Zones, presence, rules and alerts',
  );
  const [zoneBlock, rulesBlock] = readmeCommands(
    '### Zones, presence, rules and alerts',
    "### Walls and doors: a map's floor model",
  );
  /** The demo account with its simulated tags (the trail example names the first). */
  let demo: TestServer;
  beforeAll(async () => {
    demo = await startTestServer({
      env: { SIMULATOR_DEVICES: '2' },
      dataDir: freshDataDir(inject('dataTemplate')),
      bundle: inject('serverBundle'),
    });
  });
  afterAll(async () => {
    await demo?.stop();
    if (demo) fs.rmSync(demo.dataDir, { recursive: true, force: true });
  });

  it('with TOKEN from the sign-in above: the trail, a zone, a rule and the open alerts', () => {
    expect(otherPositionBlocks).toEqual([]);
    // Acknowledging and resolving need an alert that has opened: not run here.
    const needsAlert = (c: string) => c.includes('$ALERT');
    const commands = [...trailBlock!, ...zoneBlock!, ...rulesBlock!.filter((c) => !needsAlert(c))];
    const { ran, vars } = runInBash([keyBlock![0]!, ...commands], { url: demo.url }, [
      'MAP',
      'ZONE',
    ]);
    expect(vars.MAP).not.toBe('');
    expect(vars.ZONE).not.toBe('');
    for (const r of ran) {
      const answer = r.out === '' ? null : (JSON.parse(r.out) as { success?: boolean });
      expect(
        { command: r.command, rc: r.rc, success: answer === null ? true : answer.success },
        r.err,
      ).toEqual({
        command: r.command,
        rc: 0,
        success: true,
      });
    }
  });
});
