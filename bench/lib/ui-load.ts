/**
 * Load for bench:ui: the server seeds the demo account with N monitored simulated tags (its own
 * simulator idles, because it submits a whole round as one batch and the API takes at most 5,000
 * reports per batch), and the simulator CLI walks those same tags through the HTTP ingest in
 * 5,000-report batches, with an ingest key made through the API.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';

const ROOT = path.resolve(import.meta.dirname, '../..');

/** Environment for a server whose demo account monitors `devices` tags and whose simulator idles. */
export const seededServerEnv = (devices: number): Record<string, string> => ({
  SIMULATOR_DEVICES: String(devices),
  SIMULATOR_RATE: '0.0001',
});

async function json<T>(res: Response): Promise<T> {
  if (!res.ok) throw new Error(`${res.url}: HTTP ${res.status} ${await res.text()}`);
  return (await res.json()) as T;
}

/**
 * Signs in, has every fix drawn (minimum confidence 0: the bench measures the console drawing N
 * tags, and tags the simulated gateways hear weakly would otherwise wait for a confident fix) and
 * creates an ingest key for the account.
 */
export async function prepareAccount(
  url: string,
  email: string,
  password: string,
): Promise<string> {
  const signIn = await json<{ data: { token: string } }>(
    await fetch(`${url}/api/user/signin`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email, password }),
    }),
  );
  await json(
    await fetch(`${url}/api/user-settings/triangulation`, {
      method: 'PATCH',
      headers: {
        'content-type': 'application/json',
        authorization: `Bearer ${signIn.data.token}`,
      },
      body: JSON.stringify({ triangulation: { minConfidence: 0 } }),
    }),
  );
  const created = await json<{ key: string }>(
    await fetch(`${url}/api/ingest-keys`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        authorization: `Bearer ${signIn.data.token}`,
      },
      body: JSON.stringify({ name: 'bench:ui' }),
    }),
  );
  return created.key;
}

export interface LoadProcess {
  child: ChildProcess;
  stop: () => Promise<void>;
}

/** Starts `npm run simulate`'s command against the server. */
export function startLoad(url: string, key: string, devices: number, rate: string): LoadProcess {
  const child = spawn(
    process.execPath,
    [
      '--import',
      'tsx',
      'apps/server/src/simulator/cli.ts',
      '--url',
      url,
      '--key',
      key,
      '--devices',
      String(devices),
      '--gateways',
      '8',
      '--rate',
      rate,
    ],
    { cwd: ROOT, stdio: ['ignore', 'ignore', 'ignore'] },
  );
  return {
    child,
    stop: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };
}
