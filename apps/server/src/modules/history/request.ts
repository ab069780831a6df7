/**
 * The rules a history request must meet, each refused with the reason: a time is ISO 8601 or epoch
 * milliseconds, a range is neither empty nor inverted nor older than what the account keeps, a
 * device or zone is one of the map's, a cursor is one this server gave.
 */
import { HISTORY_MAX_FILTER } from '@rtls/contract';
import { badRequest } from '../../lib/errors.ts';
import { pathKey } from '../devices/service.ts';
import type { Keyset } from './repository.ts';

const DAY_MS = 86_400_000;

/** An instant of a query: ISO 8601 text or epoch milliseconds. */
export function parseInstant(text: string, name: string): number {
  const ms = /^\d{1,15}$/.test(text) ? Number(text) : Date.parse(text);
  if (!Number.isFinite(ms)) throw badRequest(`${name} is not a time: use ISO 8601 or epoch ms`);
  return ms;
}

/** The range [from, to) of a query, checked against what the account keeps (days). */
export function parseRange(
  q: { from: string; to: string },
  keptDays: number,
  what: string,
  now: number,
): { from: number; to: number } {
  const from = parseInstant(q.from, 'from');
  const to = parseInstant(q.to, 'to');
  if (to <= from) throw badRequest('The range is empty or inverted: to must be after from');
  const horizon = now - keptDays * DAY_MS;
  if (to <= horizon)
    throw badRequest(
      `The range is beyond retention: ${what} are kept ${keptDays} days (since ${new Date(horizon).toISOString()})`,
    );
  // A range reaching back past the horizon reads what is still kept.
  return { from: Math.max(from, horizon), to };
}

/** A comma-separated list of ids, each at most once, within HISTORY_MAX_FILTER. */
export function parseList(text: string | undefined, name: string): string[] | null {
  if (text === undefined) return null;
  const items = [...new Set(text.split(',').map((s) => s.trim()))];
  if (items.some((s) => s.length === 0 || s.length > 64))
    throw badRequest(`${name} must be comma-separated ids of 1 to 64 characters`);
  if (items.length > HISTORY_MAX_FILTER)
    throw badRequest(`${name} names more than ${HISTORY_MAX_FILTER}`);
  return items;
}

/** Device keys of a `devices` list, as devices are stored. */
export const deviceKeys = (text: string | undefined) =>
  parseList(text, 'devices')?.map(pathKey) ?? null;

export function encodeCursor(k: Keyset): string {
  return Buffer.from(`${k.series}:${k.at}`).toString('base64url');
}

export function decodeCursor(text: string | undefined): Keyset | null {
  if (text === undefined) return null;
  const m = /^(\d{1,10}):(\d{1,15})$/.exec(Buffer.from(text, 'base64url').toString());
  if (!m) throw badRequest('cursor is not one this server gave: use the next of the last page');
  return { series: Number(m[1]), at: Number(m[2]) };
}
