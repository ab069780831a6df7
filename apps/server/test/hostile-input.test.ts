/**
 * Every registered route, walked with hostile input (see route-walker.ts), signed in as an account
 * that owns real maps, gateways, devices, labels, keys and a collaborator, so the probes reach the
 * database: none may answer 500, and a JSON content type with no body is no body.
 */
import { expect, it } from 'vitest';
import { bearer, caller, describeEachDb, seedAccount } from './helpers.ts';
import { describeProbes, realParamsOf, walkRoutes } from './route-walker.ts';

describeEachDb('hostile input on every route', (t) => {
  it('answers no probe with a 500, signed in or not', async () => {
    const owner = await seedAccount(t.built, { devices: 2, gateways: 3 });
    const real = await realParamsOf(t.built, t.sql, owner);
    const signedIn = await walkRoutes(t.built, { headers: bearer(owner.token), real });
    const anonymous = await walkRoutes(t.built, { headers: {}, real });
    const probes = [...signedIn, ...anonymous];
    expect(probes.length).toBeGreaterThan(3000);
    expect(t.built.routes.length).toBeGreaterThan(50);
    expect(describeProbes(probes.filter((p) => p.status >= 500))).toBe('');
    // The probes reached handlers: most of the signed-in ones were refused as bad input.
    expect(signedIn.filter((p) => p.status === 400).length).toBeGreaterThan(signedIn.length / 3);
    // Thousands of requests: well over the default time on a busy machine.
  }, 180_000);

  it('takes a JSON content type with no body on DELETE and GET as no body', async () => {
    const owner = await seedAccount(t.built, { devices: 1, gateways: 1 });
    const headers = { ...bearer(owner.token), 'content-type': 'application/json' };
    const label = await caller(t.app, owner.token)('POST', '/api/labels', {
      name: 'Door',
      x: 1,
      y: 1,
    });
    expect(label.statusCode).toBe(201);
    const id = JSON.stringify(label.json()).match(/"id":"([^"]+)"/)![1]!;
    const get = await t.app.inject({ method: 'GET', url: '/api/labels', headers });
    expect(get.statusCode).toBe(200);
    const del = await t.app.inject({ method: 'DELETE', url: `/api/labels/${id}`, headers });
    expect(del.statusCode).toBe(200);
  });

  it('refuses NUL characters with a 400 that names where they are', async () => {
    const owner = await seedAccount(t.built, { devices: 1, gateways: 1 });
    const call = caller(t.app, owner.token);
    const res = await call('POST', '/api/maps', { name: 'a\u0000b' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      message: 'Invalid request: body.name contains a NUL character',
    });
    const path = await call('GET', '/api/maps/%00');
    expect(path.statusCode).toBe(400);
  });

  it('refuses out-of-range numbers in a query with a 400', async () => {
    const owner = await seedAccount(t.built, { devices: 1, gateways: 1 });
    const call = caller(t.app, owner.token);
    for (const q of ['skip=99999999999999999999', 'skip=Infinity', 'limit=1e309', 'skip=1e309']) {
      const res = await call('GET', `/api/maps/public?${q}`);
      expect(res.statusCode, q).toBe(400);
    }
  });
});
