/**
 * Ingest keys: created and revoked by an account owner, shown once, stored as hashes. A revocation
 * is announced (events 'revoked' with the key id) on this instance and, through Redis, on every
 * other one, so open MQTT sessions of that key end at once wherever they are.
 */
import { EventEmitter } from 'node:events';
import { randomUUID } from 'node:crypto';
import type { Sql } from '../../lib/db.ts';
import { redisChannel, type RedisLink } from '../../lib/redis.ts';
import type { IngestKeyInfo } from '@rtls/contract';
import { newToken, tokenHash } from '../../lib/secrets.ts';

export const INGEST_KEY_PREFIX = 'ik_';

interface KeyRow {
  id: string;
  name: string;
  created_at: Date;
  revoked_at: Date | null;
  last_used_at: Date | null;
}
const COLUMNS = 'id, name, created_at, revoked_at, last_used_at';

const isoOrNull = (d: Date | null) => (d ? new Date(d).toISOString() : null);
const present = (r: KeyRow): IngestKeyInfo => ({
  id: r.id,
  name: r.name,
  createdAt: new Date(r.created_at).toISOString(),
  revokedAt: isoOrNull(r.revoked_at),
  lastUsedAt: isoOrNull(r.last_used_at),
});

/** A key's last use is written at most this often (gateways post several times a second). */
const LAST_USE_RESOLUTION_MS = 60_000;
/**
 * How long a found key is trusted without asking the database again. A revocation made on this
 * instance, or announced through Redis, drops it at once; without Redis another instance's
 * revocation takes effect here within this time.
 */
export const KEY_CACHE_MS = 10_000;
/** Most keys held in the cache (a gateway fleet uses a handful; the cache starts over past it). */
const KEY_CACHE_MAX = 10_000;

/** Who a key belongs to: the key's id (for revocation) and its account. */
export interface KeyIdentity {
  keyId: string;
  ownerId: string;
}

interface RevokedMessage {
  keyId: string;
  from: string;
}

export function ingestKeys(sql: Sql, redis: RedisLink | null = null) {
  const events = new EventEmitter<{ revoked: [keyId: string] }>();
  const instance = randomUUID();
  const channel = redis ? redisChannel<RevokedMessage>(redis, 'ingest-key-revoked') : null;
  channel
    ?.subscribe((m) => {
      if (m.from !== instance && typeof m.keyId === 'string') events.emit('revoked', m.keyId);
    })
    .catch(() => undefined); // without the channel, open sessions still end at their next re-check

  /** Found keys by hash: each HTTP batch of a gateway would otherwise cost a database round trip. */
  const found = new Map<string, { identity: KeyIdentity; at: number }>();
  /** Bumped by every revocation. */
  let generation = 0;
  events.on('revoked', (keyId) => {
    generation++;
    for (const [hash, e] of found) if (e.identity.keyId === keyId) found.delete(hash);
  });

  const lastWritten = new Map<string, number>();
  /** Record a use in the background: failing to record it must not refuse the gateway. */
  function noteUse(id: string) {
    const now = Date.now();
    if (now - (lastWritten.get(id) ?? 0) < LAST_USE_RESOLUTION_MS) return;
    lastWritten.set(id, now);
    sql
      .query('update ingest_keys set last_used_at = now() where id = $1', [id])
      .catch(() => lastWritten.delete(id));
  }

  /** The active key's identity, or null; a found key's use is recorded. */
  async function identify(key: string): Promise<KeyIdentity | null> {
    if (!key.startsWith(INGEST_KEY_PREFIX) || key.length > 200) return null;
    const hash = tokenHash(key);
    const now = Date.now();
    const cached = found.get(hash);
    if (cached && now - cached.at < KEY_CACHE_MS) {
      noteUse(cached.identity.keyId);
      return cached.identity;
    }
    const asked = generation;
    const rows = await sql.query<{ id: string; owner_id: string }>(
      'select id, owner_id from ingest_keys where key_hash = $1 and revoked_at is null',
      [hash],
    );
    if (!rows[0]) return null;
    const identity = { keyId: rows[0].id, ownerId: rows[0].owner_id };
    noteUse(identity.keyId);
    // A revocation heard while the database was asked may not be in the answer: not cached then.
    if (asked === generation) {
      if (found.size >= KEY_CACHE_MAX) found.clear();
      found.set(hash, { identity, at: now });
    }
    return identity;
  }

  return {
    events,
    identify,
    /** Create a key; the clear key is returned only here. */
    async create(ownerId: string, name: string): Promise<IngestKeyInfo & { key: string }> {
      const key = newToken(INGEST_KEY_PREFIX);
      const id = randomUUID();
      const rows = await sql.query<KeyRow>(
        `insert into ingest_keys (id, owner_id, name, key_hash) values ($1, $2, $3, $4)
         returning ${COLUMNS}`,
        [id, ownerId, name, tokenHash(key)],
      );
      return { ...present(rows[0]!), key };
    },
    async list(ownerId: string): Promise<IngestKeyInfo[]> {
      const rows = await sql.query<KeyRow>(
        `select ${COLUMNS} from ingest_keys where owner_id = $1 order by created_at`,
        [ownerId],
      );
      return rows.map(present);
    },
    /** Revoke one of the owner's keys and announce it; false when there is no such key. */
    async revoke(ownerId: string, id: string): Promise<boolean> {
      const rows = await sql.query(
        'update ingest_keys set revoked_at = coalesce(revoked_at, now()) where id = $1 and owner_id = $2 returning id',
        [id, ownerId],
      );
      if (rows.length === 0) return false;
      events.emit('revoked', id);
      await channel?.publish({ keyId: id, from: instance }).catch(() => undefined);
      return true;
    },
    /** The owner of an active key, or null. */
    async ownerOf(key: string): Promise<string | null> {
      return (await identify(key))?.ownerId ?? null;
    },
    /** Of these key ids, the ones still active (open sessions re-check their keys with it). */
    async active(keyIds: string[]): Promise<Set<string>> {
      const rows = await sql.query<{ id: string }>(
        'select id from ingest_keys where id = any($1::text[]) and revoked_at is null',
        [keyIds],
      );
      return new Set(rows.map((r) => r.id));
    },
  };
}
export type IngestKeys = ReturnType<typeof ingestKeys>;
