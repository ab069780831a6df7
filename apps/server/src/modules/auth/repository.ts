/** SQL for users and sessions. */
import type { Sql } from '../../lib/db.ts';

export interface UserRow {
  id: string;
  email: string;
  first_name: string;
  last_name: string;
  slug: string;
  password_hash: string;
  disabled: boolean;
  created_at: Date;
}

/** A known device stays known this long after it last signed in. */
export const KNOWN_DEVICE_DAYS = 180;
/** The most known devices one account keeps (the most recently used). */
const KNOWN_DEVICES_PER_USER = 50;

export function authRepository(sql: Sql) {
  return {
    async findUserByEmail(email: string): Promise<UserRow | null> {
      const rows = await sql.query<UserRow>('select * from users where email = $1', [
        email.trim().toLowerCase(),
      ]);
      return rows[0] ?? null;
    },
    async findUserById(id: string): Promise<UserRow | null> {
      const rows = await sql.query<UserRow>('select * from users where id = $1', [id]);
      return rows[0] ?? null;
    },
    async listUsers(): Promise<UserRow[]> {
      return sql.query<UserRow>('select * from users order by created_at');
    },
    async insertUser(u: Omit<UserRow, 'created_at' | 'disabled'>): Promise<void> {
      await sql.query(
        `insert into users (id, email, first_name, last_name, slug, password_hash)
         values ($1, $2, $3, $4, $5, $6)`,
        [u.id, u.email, u.first_name, u.last_name, u.slug, u.password_hash],
      );
    },
    async setPassword(userId: string, hash: string): Promise<void> {
      await sql.query('update users set password_hash = $2, updated_at = now() where id = $1', [
        userId,
        hash,
      ]);
    },
    async setDisabled(userId: string, disabled: boolean): Promise<void> {
      await sql.query('update users set disabled = $2, updated_at = now() where id = $1', [
        userId,
        disabled,
      ]);
    },
    async slugExists(slug: string): Promise<boolean> {
      return (await sql.query('select 1 from users where slug = $1', [slug])).length > 0;
    },
    async insertSession(tokenHash: string, userId: string, expiresAt: Date): Promise<void> {
      await sql.query(
        'insert into sessions (token_hash, user_id, expires_at) values ($1, $2, $3)',
        [tokenHash, userId, expiresAt],
      );
    },
    /** The active user behind a session token hash, or null when unknown, expired, revoked or disabled. */
    async findSessionUser(tokenHash: string): Promise<UserRow | null> {
      const rows = await sql.query<UserRow>(
        `select u.* from sessions s join users u on u.id = s.user_id
         where s.token_hash = $1 and s.revoked_at is null and s.expires_at > now() and not u.disabled`,
        [tokenHash],
      );
      return rows[0] ?? null;
    },
    /** Which of these token hashes still belong to an active session. */
    async activeSessions(tokenHashes: string[]): Promise<Set<string>> {
      if (tokenHashes.length === 0) return new Set();
      const rows = await sql.query<{ token_hash: string }>(
        `select s.token_hash from sessions s join users u on u.id = s.user_id
         where s.token_hash = any($1::text[]) and s.revoked_at is null and s.expires_at > now() and not u.disabled`,
        [tokenHashes],
      );
      return new Set(rows.map((r) => r.token_hash));
    },
    async revokeSession(tokenHash: string): Promise<void> {
      await sql.query(
        'update sessions set revoked_at = now() where token_hash = $1 and revoked_at is null',
        [tokenHash],
      );
    },
    /** Which of these device token hashes are known devices, and of which account. */
    async knownDevices(
      deviceHashes: string[],
    ): Promise<{ device_hash: string; user_id: string }[]> {
      if (deviceHashes.length === 0) return [];
      return sql.query<{ device_hash: string; user_id: string }>(
        `select device_hash, user_id from known_devices
         where device_hash = any($1::text[]) and last_used_at > now() - make_interval(days => $2)`,
        [deviceHashes, KNOWN_DEVICE_DAYS],
      );
    },
    /**
     * Make a device token known for a user, replacing the one it was presented with (if any) and
     * keeping the user's most recently used devices only.
     */
    async rememberDevice(
      userId: string,
      deviceHash: string,
      replaces: string | null,
    ): Promise<void> {
      await sql.transaction(async (tx) => {
        if (replaces)
          await tx.query('delete from known_devices where device_hash = $1 and user_id = $2', [
            replaces,
            userId,
          ]);
        await tx.query('insert into known_devices (device_hash, user_id) values ($1, $2)', [
          deviceHash,
          userId,
        ]);
        await tx.query(
          `delete from known_devices where user_id = $1 and device_hash not in (
             select device_hash from known_devices where user_id = $1
             order by last_used_at desc limit $2)`,
          [userId, KNOWN_DEVICES_PER_USER],
        );
      });
    },
    /** Forget every known device of a user. */
    async forgetDevices(userId: string): Promise<void> {
      await sql.query('delete from known_devices where user_id = $1', [userId]);
    },
    /** Revoke every session of a user; returns the revoked token hashes. */
    async revokeAllSessions(userId: string): Promise<string[]> {
      const rows = await sql.query<{ token_hash: string }>(
        'update sessions set revoked_at = now() where user_id = $1 and revoked_at is null returning token_hash',
        [userId],
      );
      return rows.map((r) => r.token_hash);
    },
  };
}
export type AuthRepository = ReturnType<typeof authRepository>;
