/** A session ended by another process (the account CLI, another instance) closes open sockets too. */
import { SOCKET_PROTOCOL_VERSION } from '@rtls/contract';
import { io, type Socket } from 'socket.io-client';
import { afterEach, expect, it } from 'vitest';
import { tokenHash } from '../src/lib/secrets.ts';
import { createSignedInUser, describeEachDb } from './helpers.ts';

describeEachDb(
  'socket session re-check',
  (t) => {
    const sockets: Socket[] = [];
    afterEach(() => {
      for (const s of sockets.splice(0)) s.disconnect();
    });

    const connect = (token: string) =>
      new Promise<Socket>((resolve, reject) => {
        const s = io(t.baseUrl, {
          path: '/sqws',
          transports: ['websocket'],
          auth: { token, protocol: SOCKET_PROTOCOL_VERSION },
          reconnection: false,
        });
        sockets.push(s);
        s.once('connect', () => resolve(s));
        s.once('connect_error', reject);
      });

    it('disconnects a socket whose session was revoked directly in the database', async () => {
      const revoked = await createSignedInUser(t.built, 'recheck');
      const kept = await createSignedInUser(t.built, 'kept');
      const a = await connect(revoked.token);
      const b = await connect(kept.token);
      const closed = new Promise<string>((resolve) => a.once('disconnect', resolve));
      // What `npm run user -- set-password` does from its own process: no event reaches this one.
      await t.sql.query('update sessions set revoked_at = now() where token_hash = $1', [
        tokenHash(revoked.token),
      ]);
      expect(await closed).toBe('io server disconnect');
      await new Promise((r) => setTimeout(r, 300));
      expect(b.connected).toBe(true);
    });
  },
  { listen: true, config: { socketSessionRecheckMs: 100 } },
);
