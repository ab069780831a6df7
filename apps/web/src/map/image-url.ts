/** A map's background image path as the browser can load it. */
import type { TrackingMap } from '@rtls/contract';
import { getToken } from '../api/token.ts';

/** /images/ paths get the login token as a query; /uploads/ paths go without; anything else is a URL. */
export function resolveImageUrl(path: string | undefined, token = getToken()): string | null {
  if (!path) return null;
  if (path.startsWith('/images/'))
    return token
      ? `${path}${path.includes('?') ? '&' : '?'}token=${encodeURIComponent(token)}`
      : path;
  return path;
}

/** The plan image a map shows: its own, else `defaultImage` (the settings' default); null: none. */
export const planImageUrl = (map: TrackingMap, defaultImage: string): string | null =>
  resolveImageUrl(map.settings.backgroundImage) ?? (defaultImage || null);
