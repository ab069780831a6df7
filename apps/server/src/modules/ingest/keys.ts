/** Ingest keys: created and revoked by an account owner, shown once, stored as hashes. */
import { randomUUID } from 'node:crypto';
import type { Sql } from '../../plugins/db.ts';
import { newToken, tokenHash } from '../../lib/secrets.ts';

export const INGEST_KEY_PREFIX = 'ik_';

export interface IngestKeyInfo {
  id: string;
  name: string;
  createdAt: string;
  revokedAt: string | null;
}

const present = (r: {
  id: string;
  name: string;
  created_at: Date;
  revoked_at: Date | null;
}): IngestKeyInfo => ({
  id: r.id,
  name: r.name,
  createdAt: new Date(r.created_at).toISOString(),
  revokedAt: r.revoked_at ? new Date(r.revoked_at).toISOString() : null,
});

export function ingestKeys(sql: Sql) {
  return {
    /** Create a key; the clear key is returned only here. */
    async create(ownerId: string, name: string): Promise<IngestKeyInfo & { key: string }> {
      const key = newToken(INGEST_KEY_PREFIX);
      const id = randomUUID();
      const rows = await sql.query<{
        id: string;
        name: string;
        created_at: Date;
        revoked_at: Date | null;
      }>(
        `insert into ingest_keys (id, owner_id, name, key_hash) values ($1, $2, $3, $4)
         returning id, name, created_at, revoked_at`,
        [id, ownerId, name, tokenHash(key)],
      );
      return { ...present(rows[0]!), key };
    },
    async list(ownerId: string): Promise<IngestKeyInfo[]> {
      const rows = await sql.query<{
        id: string;
        name: string;
        created_at: Date;
        revoked_at: Date | null;
      }>(
        'select id, name, created_at, revoked_at from ingest_keys where owner_id = $1 order by created_at',
        [ownerId],
      );
      return rows.map(present);
    },
    /** Revoke one of the owner's keys; false when there is no such key. */
    async revoke(ownerId: string, id: string): Promise<boolean> {
      const rows = await sql.query(
        'update ingest_keys set revoked_at = coalesce(revoked_at, now()) where id = $1 and owner_id = $2 returning id',
        [id, ownerId],
      );
      return rows.length > 0;
    },
    /** The owner of an active key, or null. */
    async ownerOf(key: string): Promise<string | null> {
      if (!key.startsWith(INGEST_KEY_PREFIX) || key.length > 200) return null;
      const rows = await sql.query<{ owner_id: string }>(
        'select owner_id from ingest_keys where key_hash = $1 and revoked_at is null',
        [tokenHash(key)],
      );
      return rows[0]?.owner_id ?? null;
    },
  };
}
export type IngestKeys = ReturnType<typeof ingestKeys>;
