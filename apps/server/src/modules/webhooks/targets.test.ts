import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { describe, expect, it } from 'vitest';
import { literalHostRefused, postToTarget, targetAllowed } from './targets.ts';

describe('webhook targets', () => {
  it('never allows link-local (cloud metadata), unspecified or multicast addresses', () => {
    for (const a of [
      '169.254.169.254',
      '0.0.0.0',
      '224.0.0.1',
      'fe80::1',
      '::',
      '::ffff:169.254.169.254',
    ])
      expect(targetAllowed(a, true), a).toBe(false);
  });

  it('allows loopback and private networks unless told not to; public addresses always', () => {
    for (const a of [
      '127.0.0.1',
      '10.1.2.3',
      '172.20.0.5',
      '192.168.1.10',
      '::1',
      'fd00::5',
      '::ffff:10.0.0.1',
    ]) {
      expect(targetAllowed(a, true), a).toBe(true);
      expect(targetAllowed(a, false), a).toBe(false);
    }
    for (const a of ['93.184.216.34', '2606:4700::1111'])
      expect(targetAllowed(a, false), a).toBe(true);
  });

  it('judges address literals in URLs, leaving names to the connection', () => {
    expect(literalHostRefused(new URL('http://169.254.169.254/latest'), true)).toBe(true);
    expect(literalHostRefused(new URL('http://[::1]:8080/x'), false)).toBe(true);
    expect(literalHostRefused(new URL('http://localhost:8080/x'), false)).toBe(false);
  });

  it('refuses a name that resolves to a private address when private targets are not allowed', async () => {
    const server = http.createServer((_req, res) => res.writeHead(204).end());
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    const { port } = server.address() as AddressInfo;
    try {
      const url = `http://localhost:${port}/hook`;
      await expect(
        postToTarget(url, {}, '{}', { timeoutMs: 2000, allowPrivate: true }),
      ).resolves.toBe(204);
      await expect(
        postToTarget(url, {}, '{}', { timeoutMs: 2000, allowPrivate: false }),
      ).rejects.toMatchObject({ code: 'EADDRNOTALLOWED' });
      await expect(
        postToTarget(`http://127.0.0.1:${port}/`, {}, '{}', {
          timeoutMs: 2000,
          allowPrivate: false,
        }),
      ).rejects.toMatchObject({ code: 'EADDRNOTALLOWED' });
    } finally {
      await new Promise((r) => server.close(r));
    }
  });
});
