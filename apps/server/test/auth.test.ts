/** Sign-in, current user, sign-out and token revocation over HTTP, with their error texts. */
import { INVALID_CREDENTIALS } from '@rtls/contract';
import { describe, expect, it } from 'vitest';
import {
  TEST_PASSWORD,
  bearer,
  createSignedInUser,
  createUser,
  describeEachDb,
  signIn,
  uniqueEmail,
} from './helpers.ts';

const INVALID = { success: false, status: 'error', message: INVALID_CREDENTIALS };

describeEachDb('auth', (t) => {
  describe('sign-in and sessions', () => {
    /** Each sign-in test uses its own client address so the per-address limit stays out of the way. */
    let ipSeq = 0;
    const nextIp = () => `10.0.${Math.floor(++ipSeq / 250)}.${ipSeq % 250}`;
    const postSignIn = (payload: unknown, ip = nextIp(), headers: Record<string, string> = {}) =>
      t.app.inject({
        method: 'POST',
        url: '/api/user/signin',
        remoteAddress: ip,
        headers,
        payload: payload as string,
      });

    it("signs in with the contract's response shape", async () => {
      const email = uniqueEmail('anna');
      await createUser(t.built, { email, firstName: 'Anna', lastName: 'Levi' });
      const res = await postSignIn({ email: email.toUpperCase(), password: TEST_PASSWORD });
      expect(res.statusCode).toBe(200);
      const body = res.json();
      expect(body).toEqual({
        status: 'success',
        data: { token: expect.any(String), email, first_name: 'Anna', last_name: 'Levi' },
      });
      expect(body.data.token.length).toBeGreaterThanOrEqual(32);
    });

    it('answers a wrong password and an unknown e-mail with the same 401 body', async () => {
      const email = uniqueEmail();
      await createUser(t.built, { email });
      const wrong = await postSignIn({ email, password: 'not the password' });
      const unknown = await postSignIn({ email: uniqueEmail('nobody'), password: TEST_PASSWORD });
      expect(wrong.statusCode).toBe(401);
      expect(unknown.statusCode).toBe(401);
      expect(wrong.json()).toEqual(INVALID);
      expect(unknown.body).toBe(wrong.body);
    });

    it('locks an account after 10 failures, even against the right password', async () => {
      const email = uniqueEmail('locked');
      await createUser(t.built, { email });
      // Failures from many addresses: the limit is per account, not only per address.
      for (let i = 0; i < 10; i++) {
        const res = await postSignIn({ email, password: `wrong-${i}` });
        expect(res.statusCode).toBe(401);
      }
      const blocked = await postSignIn({ email, password: 'wrong-again' });
      expect(blocked.statusCode).toBe(429);
      expect(blocked.json()).toMatchObject({ success: false, status: 'error' });
      expect(blocked.headers['retry-after']).toBeDefined();
      const right = await postSignIn({ email, password: TEST_PASSWORD });
      expect(right.statusCode).toBe(429);
      // Other accounts are not affected.
      const other = await createSignedInUser(t.built);
      expect(other.token).toBeTruthy();
    });

    it('does not lock an account on fewer than 10 failures, and success resets the count', async () => {
      const email = uniqueEmail('almost');
      await createUser(t.built, { email });
      for (let i = 0; i < 9; i++) await postSignIn({ email, password: 'wrong' });
      expect((await postSignIn({ email, password: TEST_PASSWORD })).statusCode).toBe(200);
      // 11 failures in all: without the reset the account would now be locked.
      for (let i = 0; i < 2; i++) await postSignIn({ email, password: 'wrong' });
      expect((await postSignIn({ email, password: TEST_PASSWORD })).statusCode).toBe(200);
    });

    it.each([
      ['not JSON', '{"email": "a@b.c", "password":', /JSON/i],
      ['an empty body', '', /body/i],
      ['no password', JSON.stringify({ email: 'a@example.com' }), /password/],
      ['no e-mail', JSON.stringify({ password: 'x' }), /email/],
      ['an object as e-mail', JSON.stringify({ email: { a: 1 }, password: 'x' }), /email/],
      ['null password', JSON.stringify({ email: 'a@example.com', password: null }), /password/],
      ['an array body', JSON.stringify([1, 2]), /body/],
      ['a string body', JSON.stringify('hello'), /body/],
    ])('rejects %s with 400 and a clear message', async (_label, raw, pattern) => {
      const res = await postSignIn(raw, nextIp(), { 'content-type': 'application/json' });
      expect(res.statusCode).toBe(400);
      const body = res.json();
      expect(body).toMatchObject({ success: false, status: 'error' });
      expect(body.message).toMatch(pattern);
      expect(body.message).not.toMatch(/at .*\.ts|stack/i);
    });

    it('returns the current user with slug', async () => {
      const u = await createSignedInUser(t.built, 'slugged');
      const res = await t.app.inject({ method: 'GET', url: '/api/user', headers: bearer(u.token) });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({
        status: 'success',
        data: {
          email: u.email,
          first_name: 'Test',
          last_name: 'User',
          slug: u.email.split('@')[0],
        },
      });
    });

    it('signs out: the token stops working, other sessions keep working', async () => {
      const u = await createSignedInUser(t.built);
      const second = await signIn(t.app, u.email, u.password);
      const out = await t.app.inject({
        method: 'POST',
        url: '/api/user/signout',
        headers: bearer(u.token),
      });
      expect(out.statusCode).toBe(200);
      expect(out.json()).toEqual({ success: true });
      const after = await t.app.inject({
        method: 'GET',
        url: '/api/user',
        headers: bearer(u.token),
      });
      expect(after.statusCode).toBe(401);
      expect(after.json()).toMatchObject({ success: false, status: 'error' });
      const other = await t.app.inject({
        method: 'GET',
        url: '/api/user',
        headers: bearer(second),
      });
      expect(other.statusCode).toBe(200);
    });

    it('setPassword revokes existing tokens; the new password signs in, the old does not', async () => {
      const u = await createSignedInUser(t.built);
      await t.built.auth.setPassword(u.email, 'a brand new password');
      const res = await t.app.inject({ method: 'GET', url: '/api/user', headers: bearer(u.token) });
      expect(res.statusCode).toBe(401);
      expect((await postSignIn({ email: u.email, password: u.password })).statusCode).toBe(401);
      const ok = await postSignIn({ email: u.email, password: 'a brand new password' });
      expect(ok.statusCode).toBe(200);
    });

    it('refuses a disabled account with the same 401 and revokes its tokens', async () => {
      const u = await createSignedInUser(t.built);
      await t.built.auth.setDisabled(u.email, true);
      const res = await postSignIn({ email: u.email, password: u.password });
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual(INVALID);
      const me = await t.app.inject({ method: 'GET', url: '/api/user', headers: bearer(u.token) });
      expect(me.statusCode).toBe(401);
      await t.built.auth.setDisabled(u.email, false);
      expect((await postSignIn({ email: u.email, password: u.password })).statusCode).toBe(200);
    });
  });

  describe('bearer token on /api routes', () => {
    const PUBLIC = new Set(['POST /api/user/signin', 'POST /api/ingest']);

    /** Every documented /api route, with path parameters filled in. */
    function apiRoutes(): { method: string; url: string; key: string }[] {
      const doc = t.app.swagger() as { paths?: Record<string, Record<string, unknown>> };
      const out: { method: string; url: string; key: string }[] = [];
      for (const [path, ops] of Object.entries(doc.paths ?? {})) {
        if (!path.startsWith('/api/')) continue;
        for (const method of Object.keys(ops)) {
          const upper = method.toUpperCase();
          out.push({
            method: upper,
            url: path.replace(/\{[^}]+\}/g, 'x1'),
            key: `${upper} ${path}`,
          });
        }
      }
      return out;
    }

    it('lists the routes it checks (so the checks below cannot pass on an empty list)', () => {
      const keys = apiRoutes().map((r) => r.key);
      expect(keys).toEqual(
        expect.arrayContaining([
          'POST /api/user/signin',
          'GET /api/user',
          'POST /api/user/signout',
          'GET /api/maps',
          'GET /api/maps/public',
          'GET /api/maps/{id}',
          'PATCH /api/maps/{id}/preset',
          'GET /api/gateways/map/{mapId}',
          'GET /api/gateways/monitored',
          'GET /api/devices/monitored',
          'POST /api/ingest',
          'GET /api/ingest-keys',
        ]),
      );
    });

    it('answers 401 without a token and with a garbage token on every non-public route', async () => {
      const u = await createSignedInUser(t.built);
      const routes = apiRoutes().filter((r) => !PUBLIC.has(r.key));
      expect(routes.length).toBeGreaterThan(8);
      for (const r of routes) {
        const method = r.method as 'GET';
        const none = await t.app.inject({ method, url: r.url, payload: {} });
        expect(none.statusCode, `${r.key} without token`).toBe(401);
        expect(none.json()).toMatchObject({ success: false, status: 'error' });
        for (const header of [
          'Bearer not-a-real-token',
          `Bearer ${u.token}x`,
          'Bearer ',
          u.token,
          `Basic ${Buffer.from('a:b').toString('base64')}`,
        ]) {
          const bad = await t.app.inject({
            method,
            url: r.url,
            headers: { authorization: header },
            payload: {},
          });
          expect(bad.statusCode, `${r.key} with "${header.slice(0, 12)}"`).toBe(401);
        }
      }
    });

    it('answers 401 on an unknown /api path without a token, not 404', async () => {
      const res = await t.app.inject({ method: 'GET', url: '/api/no-such-thing' });
      expect(res.statusCode).toBe(401);
    });

    it('lets a valid token through', async () => {
      const u = await createSignedInUser(t.built);
      const res = await t.app.inject({ method: 'GET', url: '/api/maps', headers: bearer(u.token) });
      expect(res.statusCode).toBe(200);
    });
  });
});
