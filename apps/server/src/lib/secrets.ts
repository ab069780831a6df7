/** Password hashing (scrypt) and opaque tokens stored only as hashes. */
import { createHash, randomBytes, scrypt, timingSafeEqual, type ScryptOptions } from 'node:crypto';

const SCRYPT = { r: 8, p: 1, keyLen: 32 } as const;
/**
 * scrypt's cost for new hashes, as log2 N: 14 (N = 16,384, about 50–100 ms a hash) is the usual
 * figure for interactive sign-in. A check reads N from the stored hash, so a change of cost keeps
 * every stored password valid.
 */
export const PASSWORD_HASH_COST = 14;
/** The costs a deployment may choose (PASSWORD_HASH_COST); below 10 a hash is too cheap to guess against. */
export const PASSWORD_HASH_COST_BOUNDS = { min: 10, max: 20 } as const;

/**
 * scrypt with room for its cost: it needs 128·N·r bytes, and Node's default ceiling (32 MB) stops
 * at cost 14.
 */
function scryptAsync(
  password: string,
  salt: Buffer,
  keyLen: number,
  opts: Required<Pick<ScryptOptions, 'N' | 'r' | 'p'>>,
): Promise<Buffer> {
  const withRoom = { ...opts, maxmem: 256 * opts.N * opts.r };
  return new Promise((resolve, reject) =>
    scrypt(password, salt, keyLen, withRoom, (err, key) => (err ? reject(err) : resolve(key))),
  );
}

/** Hash a password as `scrypt$N$r$p$salt$hash` (base64url parts), N = 2^cost. */
export async function hashPassword(
  password: string,
  cost: number = PASSWORD_HASH_COST,
): Promise<string> {
  const salt = randomBytes(16);
  const N = 2 ** cost;
  const key = await scryptAsync(password, salt, SCRYPT.keyLen, { N, r: SCRYPT.r, p: SCRYPT.p });
  return [
    'scrypt',
    N,
    SCRYPT.r,
    SCRYPT.p,
    salt.toString('base64url'),
    key.toString('base64url'),
  ].join('$');
}

/** Constant-time check of a password against a stored hash. */
export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const [scheme, n, r, p, salt, hash] = stored.split('$');
  if (scheme !== 'scrypt' || !salt || !hash) return false;
  const expected = Buffer.from(hash, 'base64url');
  const key = await scryptAsync(password, Buffer.from(salt, 'base64url'), expected.length, {
    N: Number(n),
    r: Number(r),
    p: Number(p),
  });
  return timingSafeEqual(key, expected);
}

/** A hash that stands in for a missing account, so unknown e-mails cost the same time. */
export const dummyPasswordHash = (cost: number = PASSWORD_HASH_COST) =>
  hashPassword(randomBytes(12).toString('hex'), cost);

/** A new random token for sessions or ingest keys. */
export function newToken(prefix = ''): string {
  return prefix + randomBytes(32).toString('base64url');
}

/** Tokens are stored and looked up by their SHA-256, never in clear. */
export function tokenHash(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}
