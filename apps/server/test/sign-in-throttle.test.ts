/**
 * Sign-in limits over HTTP: guesses cannot lock the owner out of a browser they signed in on, and
 * a refusal's Retry-After is the real wait. The limits run on a clock the tests move.
 */
import { INVALID_CREDENTIALS } from '@rtls/contract';
import { expect, it } from 'vitest';
import { TEST_PASSWORD, createUser, describeEachDb, uniqueEmail } from './helpers.ts';

const clock = { t: Date.UTC(2026, 0, 1) };

let ipSeq = 0;
/** Every attempt from its own address unless a test says otherwise, as a botnet would send them. */
const nextIp = () => `10.77.${Math.floor(++ipSeq / 250)}.${ipSeq % 250}`;

describeEachDb(
  'sign-in limits',
  (t) => {
    const signIn = (email: string, password: string, o: { ip?: string; cookie?: string } = {}) =>
      t.app.inject({
        method: 'POST',
        url: '/api/user/signin',
        remoteAddress: o.ip ?? nextIp(),
        headers: o.cookie ? { cookie: o.cookie } : {},
        payload: { email, password },
      });
    /** The `name=value` of the known-device cookie a sign-in set. */
    const deviceCookieOf = (res: { headers: Record<string, unknown> }) => {
      const header = String(res.headers['set-cookie'] ?? '');
      expect(header).toMatch(
        /^rtls_device=[\w.-]+; Path=\/api\/user\/signin; Max-Age=\d+; HttpOnly; SameSite=Strict/,
      );
      return header.split(';')[0]!;
    };
    /** A new account's e-mail (its password is TEST_PASSWORD). */
    const account = async (prefix: string) => {
      const email = uniqueEmail(prefix);
      await createUser(t.built, { email });
      return email;
    };
    /** The device cookie of a browser that signed in to the account with its password. */
    const knownBrowser = async (email: string) =>
      deviceCookieOf(await signIn(email, TEST_PASSWORD));
    /** Ten wrong passwords, each from another address. */
    const lockOut = async (email: string) => {
      for (let i = 0; i < 10; i++) expect((await signIn(email, `guess-${i}`)).statusCode).toBe(401);
    };

    it("lets the owner's browser in while guesses from elsewhere have locked the account", async () => {
      const email = await account('owner');
      const first = await signIn(email, TEST_PASSWORD);
      expect(first.statusCode).toBe(200);
      const cookie = deviceCookieOf(first);

      await lockOut(email);
      const elsewhere = await signIn(email, TEST_PASSWORD);
      expect(elsewhere.statusCode).toBe(429);
      expect(elsewhere.headers['retry-after']).toBe('900');
      expect(elsewhere.json()).toEqual({
        success: false,
        status: 'error',
        message: 'Too many sign-in attempts. Try again in 900 seconds.',
      });

      const owner = await signIn(email, TEST_PASSWORD, { cookie });
      expect(owner.statusCode).toBe(200);
      // The browser gets a new token for the account; the one it used is no longer known.
      const next = deviceCookieOf(owner);
      expect(next).not.toBe(cookie);
      await lockOut(email);
      expect((await signIn(email, TEST_PASSWORD, { cookie })).statusCode).toBe(429);
      expect((await signIn(email, TEST_PASSWORD, { cookie: next })).statusCode).toBe(200);
    });

    it('answers with the real wait, after which the right password gets in from anywhere', async () => {
      const email = await account('waits');
      await lockOut(email);
      clock.t += 100_000;
      const refused = await signIn(email, TEST_PASSWORD);
      expect(refused.statusCode).toBe(429);
      expect(refused.headers['retry-after']).toBe('800');
      clock.t += 799_000;
      const almost = await signIn(email, TEST_PASSWORD);
      expect(almost.statusCode).toBe(429);
      expect(almost.headers['retry-after']).toBe('1');
      clock.t += 1_000;
      expect((await signIn(email, TEST_PASSWORD)).statusCode).toBe(200);
    });

    it('counts wrong passwords from a known browser against that browser only', async () => {
      const email = await account('typo');
      const cookie = await knownBrowser(email);
      const ip = nextIp();
      for (let i = 0; i < 10; i++)
        expect((await signIn(email, `typo-${i}`, { ip, cookie })).statusCode).toBe(401);
      const refused = await signIn(email, TEST_PASSWORD, { ip, cookie });
      expect(refused.statusCode).toBe(429);
      expect(refused.headers['retry-after']).toBe('900');
      // Neither the account nor the address is locked for everyone else.
      expect((await signIn(email, TEST_PASSWORD, { ip })).statusCode).toBe(200);
    });

    it("does not let one account's browser token through another account's lock", async () => {
      const mine = await account('mine');
      const theirs = await account('theirs');
      const cookie = await knownBrowser(mine);
      await lockOut(theirs);
      expect((await signIn(theirs, TEST_PASSWORD, { cookie })).statusCode).toBe(429);
    });

    it('keeps a browser known for each account it signs in to', async () => {
      const a = await account('shared-a');
      const b = await account('shared-b');
      const afterA = await knownBrowser(a);
      const afterB = deviceCookieOf(await signIn(b, TEST_PASSWORD, { cookie: afterA }));
      expect(afterB.split('=')[1]!.split('.')).toHaveLength(2);
      await lockOut(a);
      await lockOut(b);
      expect((await signIn(a, TEST_PASSWORD, { cookie: afterB })).statusCode).toBe(200);
      expect((await signIn(b, TEST_PASSWORD, { cookie: afterB })).statusCode).toBe(200);
    });

    it('forgets the known browsers of an account whose password is set anew', async () => {
      const email = await account('reset');
      const cookie = await knownBrowser(email);
      await t.built.auth.setPassword(email, 'a brand new password');
      await lockOut(email);
      expect((await signIn(email, 'a brand new password', { cookie })).statusCode).toBe(429);
    });

    it('slows a client that guesses at many accounts, with its real wait', async () => {
      const ip = nextIp();
      for (let i = 0; i < 30; i++)
        expect((await signIn(uniqueEmail('spray'), 'guess', { ip })).statusCode).toBe(401);
      clock.t += 60_000;
      const refused = await signIn(uniqueEmail('spray'), 'guess', { ip });
      expect(refused.statusCode).toBe(429);
      expect(refused.headers['retry-after']).toBe('840');
      const other = await signIn(uniqueEmail('spray'), 'guess');
      expect(other.statusCode).toBe(401);
      expect(other.json()).toMatchObject({ message: INVALID_CREDENTIALS });
    });

    it('ignores a malformed device cookie', async () => {
      const email = await account('crumbs');
      const res = await signIn(email, TEST_PASSWORD, { cookie: 'rtls_device=%00;;=;x' });
      expect(res.statusCode).toBe(200);
      expect(deviceCookieOf(res).split('=')[1]!.split('.')).toHaveLength(1);
    });
  },
  { now: () => clock.t },
);
