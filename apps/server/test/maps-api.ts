/** Maps created over the API, as the console creates them. */
import type { BuiltApp } from '../src/app.ts';
import { bearer } from './helpers.ts';

/** POST /api/maps as the user; the new map's id (throws with the response unless 201). */
export async function createMapOf(
  app: BuiltApp['app'],
  token: string,
  payload: { name: string; settings?: object },
): Promise<string> {
  const res = await app.inject({
    method: 'POST',
    url: '/api/maps',
    headers: bearer(token),
    payload,
  });
  if (res.statusCode !== 201) throw new Error(`map not created: ${res.statusCode} ${res.body}`);
  return (res.json() as { map: { _id: string } }).map._id;
}
