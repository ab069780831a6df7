/** Accounts, sign-in with rate limiting, and revocable session tokens. */
import { randomUUID } from 'node:crypto';
import { EventEmitter } from 'node:events';
import { INVALID_CREDENTIALS } from '@rtls/contract';
import { HttpError, badRequest, conflict, notFound } from '../../lib/errors.ts';
import {
  dummyPasswordHash,
  hashPassword,
  newToken,
  tokenHash,
  verifyPassword,
} from '../../lib/secrets.ts';
import { DEVICE_TOKENS_PER_COOKIE } from './device-cookie.ts';
import type { AuthRepository, UserRow } from './repository.ts';
import { createSessionCache } from './session-cache.ts';
import type { SignInAttempt, SignInThrottle } from './sign-in-throttle.ts';

export interface AuthUser {
  id: string;
  email: string;
  firstName: string;
  lastName: string;
  slug: string;
}

export const MIN_PASSWORD_LENGTH = 8;
const EMAIL_RE = /^[^\s@]+@[^\s@]+$/;

const toAuthUser = (u: UserRow): AuthUser => ({
  id: u.id,
  email: u.email,
  firstName: u.first_name,
  lastName: u.last_name,
  slug: u.slug,
});

export interface AuthServiceDeps {
  repo: AuthRepository;
  throttle: SignInThrottle;
  tokenTtlHours: number;
  /** scrypt's cost for new password hashes (log2 N); PASSWORD_HASH_COST when absent. */
  passwordHashCost?: number;
}

/** Who is signing in: the client's address and the known-device tokens its browser sent. */
export interface SignInClient {
  ip: string;
  deviceTokens?: readonly string[];
}

export function authService({ repo, throttle, tokenTtlHours, passwordHashCost }: AuthServiceDeps) {
  let dummyHash: Promise<string> | null = null;
  /** Emits 'revoked' with the token hashes that stopped being valid (sockets and the cache listen). */
  const events = new EventEmitter();
  const sessions = createSessionCache<AuthUser>();
  events.on('revoked', (hashes: string[]) => sessions.forget(hashes));

  async function uniqueSlug(email: string): Promise<string> {
    const base =
      email
        .split('@')[0]!
        .toLowerCase()
        .replace(/[^a-z0-9]+/g, '-')
        .replace(/^-|-$/g, '') || 'user';
    for (let i = 0; ; i++) {
      const slug = i === 0 ? base : `${base}-${i + 1}`;
      if (!(await repo.slugExists(slug))) return slug;
    }
  }

  return {
    events,

    async createUser(input: {
      email: string;
      password: string;
      firstName?: string;
      lastName?: string;
    }) {
      const email = input.email.trim().toLowerCase();
      if (!EMAIL_RE.test(email)) throw badRequest('A valid e-mail address is required');
      if (input.password.length < MIN_PASSWORD_LENGTH)
        throw badRequest(`The password must have at least ${MIN_PASSWORD_LENGTH} characters`);
      if (await repo.findUserByEmail(email))
        throw conflict('An account with this e-mail already exists');
      const user = {
        id: randomUUID(),
        email,
        first_name: input.firstName?.trim() ?? '',
        last_name: input.lastName?.trim() ?? '',
        slug: await uniqueSlug(email),
        password_hash: await hashPassword(input.password, passwordHashCost),
      };
      await repo.insertUser(user);
      return toAuthUser({ ...user, disabled: false, created_at: new Date() });
    },

    /**
     * Check credentials and open a session. Unknown e-mail and wrong password answer alike; a
     * throttled attempt answers 429 with the seconds until an attempt can succeed, before the
     * password is looked at. `deviceTokens` is what the known-device cookie should hold next.
     */
    async signIn(emailRaw: string, password: string, client: SignInClient) {
      const email = emailRaw.trim().toLowerCase();
      const user = await repo.findUserByEmail(email);
      const presented = new Map((client.deviceTokens ?? []).map((t) => [tokenHash(t), t]));
      const known = await repo.knownDevices([...presented.keys()]);
      const mine = user ? known.find((k) => k.user_id === user.id) : undefined;
      const attempt: SignInAttempt = {
        ip: client.ip,
        email,
        knownDevice: mine?.device_hash ?? null,
      };
      const waitMs = await throttle.waitMs(attempt);
      if (waitMs > 0) {
        const seconds = Math.ceil(waitMs / 1000);
        throw new HttpError(
          429,
          `Too many sign-in attempts. Try again in ${seconds} second${seconds === 1 ? '' : 's'}.`,
          { 'retry-after': String(seconds) },
        );
      }
      const ok = await verifyPassword(
        password,
        user?.password_hash ?? (await (dummyHash ??= dummyPasswordHash(passwordHashCost))),
      );
      if (!user || !ok || user.disabled) {
        await throttle.failed(attempt);
        throw new HttpError(401, INVALID_CREDENTIALS);
      }
      await throttle.succeeded(attempt);
      const token = newToken();
      await repo.insertSession(
        tokenHash(token),
        user.id,
        new Date(Date.now() + tokenTtlHours * 3600_000),
      );
      // A fresh device token for this account; the browser's tokens for other accounts are kept.
      const deviceToken = newToken();
      await repo.rememberDevice(user.id, tokenHash(deviceToken), attempt.knownDevice);
      const others = known
        .filter((k) => k !== mine)
        .flatMap((k) => presented.get(k.device_hash) ?? []);
      const deviceTokens = [deviceToken, ...others].slice(0, DEVICE_TOKENS_PER_COOKIE);
      return { token, user: toAuthUser(user), deviceTokens };
    },

    /** The user a bearer token belongs to, or null. */
    async authenticate(token: string): Promise<AuthUser | null> {
      if (!token || token.length > 200) return null;
      const hash = tokenHash(token);
      return sessions.get(hash, async () => {
        const user = await repo.findSessionUser(hash);
        return user ? toAuthUser(user) : null;
      });
    },

    /** Token hashes among these that still open a session (sockets re-check theirs periodically). */
    activeSessions: (tokenHashes: string[]) => repo.activeSessions(tokenHashes),

    async signOut(token: string) {
      const hash = tokenHash(token);
      await repo.revokeSession(hash);
      events.emit('revoked', [hash]);
    },

    async setPassword(email: string, password: string) {
      if (password.length < MIN_PASSWORD_LENGTH)
        throw badRequest(`The password must have at least ${MIN_PASSWORD_LENGTH} characters`);
      const user = await repo.findUserByEmail(email);
      if (!user) throw notFound('Account');
      await repo.setPassword(user.id, await hashPassword(password, passwordHashCost));
      // A new password is often set after a break-in: no browser keeps its exemption from limits.
      await repo.forgetDevices(user.id);
      events.emit('revoked', await repo.revokeAllSessions(user.id));
    },

    async setDisabled(email: string, disabled: boolean) {
      const user = await repo.findUserByEmail(email);
      if (!user) throw notFound('Account');
      await repo.setDisabled(user.id, disabled);
      if (disabled) events.emit('revoked', await repo.revokeAllSessions(user.id));
    },

    async findByEmail(email: string) {
      const u = await repo.findUserByEmail(email);
      return u ? toAuthUser(u) : null;
    },

    async listUsers() {
      return (await repo.listUsers()).map((u) => ({
        ...toAuthUser(u),
        disabled: u.disabled,
        createdAt: u.created_at,
      }));
    },
  };
}
export type AuthService = ReturnType<typeof authService>;
