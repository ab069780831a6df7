/**
 * Every answer carries the security headers: the console page, its files, API answers and errors.
 * The policy lets only the console's own script files run.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, expect, it } from 'vitest';
import { contentSecurityPolicy } from '../src/plugins/security-headers.ts';
import { describeEachDb } from './helpers.ts';

const web = fs.mkdtempSync(path.join(os.tmpdir(), 'rtls-web-'));
fs.writeFileSync(
  path.join(web, 'index.html'),
  '<!doctype html><html><head><script type="module" src="/assets/app.js"></script></head></html>',
);
fs.mkdirSync(path.join(web, 'assets'));
fs.writeFileSync(path.join(web, 'assets', 'app.js'), 'console.log(1);');
afterAll(() => fs.rmSync(web, { recursive: true, force: true }));

/** The policy's directives by name. */
function directives(policy: string): Map<string, string[]> {
  return new Map(
    policy.split(';').map((d) => {
      const [name = '', ...values] = d.trim().split(/\s+/);
      return [name, values] as const;
    }),
  );
}

describeEachDb(
  'security headers',
  (t) => {
    const get = (url: string, headers: Record<string, string> = {}) =>
      t.app.inject({ method: 'GET', url, headers: { host: 'rtls.example.org:8080', ...headers } });

    it('serves the console with a policy that runs only its own script files', async () => {
      const res = await get('/maps/some-page');
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toMatch(/^text\/html/);
      const csp = directives(String(res.headers['content-security-policy']));
      expect(csp.get('script-src')).toEqual(["'self'"]);
      expect(csp.get('default-src')).toEqual(["'self'"]);
      expect(csp.get('object-src')).toEqual(["'none'"]);
      expect(csp.get('base-uri')).toEqual(["'self'"]);
      expect(csp.get('frame-ancestors')).toEqual(["'none'"]);
      expect(csp.get('img-src')).toEqual(["'self'", 'data:', 'blob:']);
      expect(csp.get('connect-src')).toEqual([
        "'self'",
        'ws://rtls.example.org:8080',
        'wss://rtls.example.org:8080',
      ]);
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.headers['referrer-policy']).toBe('same-origin');
      expect(res.headers['x-frame-options']).toBe('DENY');
    });

    it.each([
      ['a script file', '/assets/app.js', 200],
      ['an API answer', '/healthz', 200],
      ['an API refusal', '/api/maps', 401],
      ['an unknown API path', '/api/no-such-thing', 401],
    ])('puts them on %s too', async (_label, url, status) => {
      const res = await get(url);
      expect(res.statusCode).toBe(status);
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.headers['content-security-policy']).toContain("script-src 'self';");
    });

    it('puts them on a refused body', async () => {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/user/signin',
        headers: { 'content-type': 'application/json' },
        payload: '{"email":',
      });
      expect(res.statusCode).toBe(400);
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.headers['content-security-policy']).toContain("object-src 'none'");
    });

    it('names no websocket host from a Host header that is not a plain host', async () => {
      const res = await get('/', { host: "evil.example; script-src 'unsafe-inline'" });
      const csp = directives(String(res.headers['content-security-policy']));
      expect(csp.get('connect-src')).toEqual(["'self'"]);
      expect(csp.get('script-src')).toEqual(["'self'"]);
    });
  },
  { config: { webDist: web } },
);

it("has no inline script in the console's page, which the policy would block", () => {
  const here = path.dirname(fileURLToPath(import.meta.url));
  const html = fs.readFileSync(path.join(here, '../../web/index.html'), 'utf8');
  const scripts = [...html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)];
  expect(scripts.length).toBeGreaterThan(0);
  for (const [, attrs = '', body = ''] of scripts) {
    expect(attrs).toMatch(/\bsrc=/);
    expect(body.trim()).toBe('');
  }
  expect(html).not.toMatch(/\son[a-z]+=/i);
});

it('adds the image origins a deployment names (CSP_IMG_SRC) to img-src only', () => {
  const csp = directives(contentSecurityPolicy('console.example.org', ['https://cdn.example.com']));
  expect(csp.get('img-src')).toEqual(["'self'", 'data:', 'blob:', 'https://cdn.example.com']);
  expect(csp.get('script-src')).toEqual(["'self'"]);
  expect(csp.get('connect-src')).toEqual([
    "'self'",
    'ws://console.example.org',
    'wss://console.example.org',
  ]);
});
