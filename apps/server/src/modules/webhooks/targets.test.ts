import type dns from 'node:dns';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { describe, expect, it } from 'vitest';
import {
  CLOUD_METADATA,
  addressRefusal,
  guardedLookup,
  literalHostRefused,
  postToTarget,
  targetAllowed,
  urlRefusal,
  type ResolveAll,
} from './targets.ts';

/** URLs that reach a cloud metadata service, in the spellings an attacker would try. */
const METADATA_URLS = [
  'http://169.254.169.254/latest/meta-data/',
  'http://[fd00:ec2::254]/latest/meta-data/',
  'http://[FD00:0EC2:0000:0000:0000:0000:0000:0254]/',
  'http://[fd20:ce::254]/computeMetadata/v1/',
  'http://100.100.100.200/latest/meta-data/',
  'http://169.254.170.2/v2/credentials',
  'http://168.63.129.16/machine?comp=goalstate',
  'http://192.0.0.192/',
  'http://metadata.google.internal/computeMetadata/v1/',
  'http://METADATA.GOOGLE.INTERNAL./',
  'http://metadata/',
  'http://metadata.goog/',
  'http://instance-data/latest/',
  // IPv4 written in hex, decimal, octal and short forms
  'http://0xa9fea9fe/',
  'http://2852039166/',
  'http://0251.0376.0251.0376/',
  'http://0xa9.0xfe.0xa9.0xfe/',
  'http://169.254.43518/',
  'http://1684301000/',
  'http://0x64.0x64.0x64.0xc8/',
  // IPv4 inside IPv6
  'http://[::ffff:169.254.169.254]/',
  'http://[::ffff:a9fe:a9fe]/',
  'http://[::ffff:100.100.100.200]/',
  'http://[::ffff:0:100.100.100.200]/',
  'http://[::100.100.100.200]/',
  'http://[64:ff9b::100.100.100.200]/',
  'http://[2002:6464:64c8::1]/',
  'https://[::ffff:168.63.129.16]:443/',
];

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

  it('refuses every known cloud metadata address, whatever private networks may do', () => {
    expect(CLOUD_METADATA.addresses.length).toBeGreaterThanOrEqual(10);
    for (const a of CLOUD_METADATA.addresses)
      for (const allowPrivate of [true, false])
        expect(addressRefusal(a, allowPrivate), `${a} ${allowPrivate}`).toBe('metadata');
  });

  it.each(METADATA_URLS)('refuses %s as a cloud metadata service', (url) => {
    for (const allowPrivate of [true, false])
      expect(urlRefusal(new URL(url), allowPrivate)).toBe('metadata');
  });

  it('still allows the neighbours of metadata addresses where private networks are allowed', () => {
    for (const url of [
      'http://100.100.100.201/',
      'http://[fd00:ec2::253]/',
      'http://[fd00::5]/',
      'http://metadata.example.com/',
      'http://192.0.0.193/',
    ])
      expect(urlRefusal(new URL(url), true), url).toBeNull();
    expect(urlRefusal(new URL('http://169.254.1.1/'), true)).toBe('address');
  });

  it('refuses, on connect, a name that resolves to a metadata service', async () => {
    const resolver =
      (addresses: dns.LookupAddress[]): ResolveAll =>
      (_host, _options, callback) =>
        callback(null, addresses);
    const lookup = (addresses: dns.LookupAddress[], host = 'hook.example.com') =>
      new Promise<string>((resolve, reject) =>
        guardedLookup(true, resolver(addresses))(host, {}, (err, address) =>
          err ? reject(err) : resolve(String(address)),
        ),
      );
    for (const address of ['169.254.169.254', '100.100.100.200', '::ffff:a9fe:a9fe']) {
      await expect(
        lookup([{ address, family: address.includes(':') ? 6 : 4 }]),
      ).rejects.toMatchObject({
        code: 'EADDRNOTALLOWED',
        message: 'hook.example.com resolves to a cloud metadata service',
      });
    }
    await expect(
      lookup([
        { address: '93.184.216.34', family: 4 },
        { address: 'fd00:ec2::254', family: 6 },
      ]),
    ).rejects.toMatchObject({ code: 'EADDRNOTALLOWED' });
    await expect(lookup([{ address: '93.184.216.34', family: 4 }])).resolves.toBe('93.184.216.34');
    await expect(
      lookup([{ address: '93.184.216.34', family: 4 }], 'metadata.google.internal'),
    ).rejects.toMatchObject({ code: 'EADDRNOTALLOWED' });
  });

  it('refuses to deliver to a metadata address saved before it was refused', async () => {
    for (const url of ['http://[fd00:ec2::254]/', 'http://100.100.100.200/', 'http://metadata/'])
      await expect(
        postToTarget(url, {}, '{}', { timeoutMs: 2000, allowPrivate: true }),
      ).rejects.toMatchObject({ code: 'EADDRNOTALLOWED' });
  });
});
