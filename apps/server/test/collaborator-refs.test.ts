/** A collaborator is named the same way on every call: user id, e-mail or user name (slug). */
import { expect, it } from 'vitest';
import { bearer, createSignedInUser, describeEachDb, type SignedIn } from './helpers.ts';
import { createMapOf } from './maps-api.ts';

describeEachDb('collaborators by id, e-mail or user name', (t) => {
  let owner: SignedIn;
  let mapId: string;
  t.setup(async () => {
    owner = await createSignedInUser(t.built, 'share-owner');
    mapId = await createMapOf(t.app, owner.token, { name: 'Shared floor' });
  });

  const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', ref: string, role?: string) =>
    t.app.inject({
      method,
      url: `/api/maps/${mapId}/collaborators${method === 'POST' ? '' : `/${encodeURIComponent(ref)}`}`,
      // Some clients send a JSON content type on every call, bodies or not.
      headers: { ...bearer(owner.token), 'content-type': 'application/json' },
      payload: method === 'POST' ? { userId: ref, role } : role ? { role } : undefined,
    });

  for (const by of ['id', 'email', 'slug'] as const) {
    it(`adds, reads, changes and removes a collaborator by ${by}`, async () => {
      const friend = await createSignedInUser(t.built, `by-${by}`);
      const slug = (
        await t.sql.query<{ slug: string }>('select slug from users where id = $1', [friend.id])
      )[0]!.slug;
      const ref = by === 'id' ? friend.id : by === 'email' ? friend.email.toUpperCase() : slug;
      const added = await call('POST', ref, 'viewer');
      expect(added.statusCode, added.body).toBe(201);
      const got = await call('GET', ref);
      expect(got.statusCode).toBe(200);
      expect(got.json()).toMatchObject({ collaborator: { userId: friend.id, role: 'viewer' } });
      const changed = await call('PUT', ref, 'editor');
      expect(changed.statusCode).toBe(200);
      expect(changed.json()).toMatchObject({ collaborator: { userId: friend.id, role: 'editor' } });
      expect((await call('DELETE', ref)).statusCode).toBe(200);
      expect((await call('GET', ref)).statusCode).toBe(404);
      expect((await call('DELETE', ref)).statusCode).toBe(404);
    });
  }

  it('lets a collaborator leave by naming themselves by e-mail', async () => {
    const friend = await createSignedInUser(t.built, 'leaver');
    expect((await call('POST', friend.email, 'viewer')).statusCode).toBe(201);
    const left = await t.app.inject({
      method: 'DELETE',
      url: `/api/maps/${mapId}/collaborators/${encodeURIComponent(friend.email)}`,
      headers: bearer(friend.token),
    });
    expect(left.statusCode).toBe(200);
  });
});
