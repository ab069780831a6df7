/** A migrated PGlite database holding one account, for suites that drive modules without the app. */
import { afterAll, beforeAll } from 'vitest';
import type { Sql } from '../src/lib/db.ts';
import { openTestDatabase, type TestDatabase } from './helpers.ts';

/**
 * Opened before the suite with the account `u1` (`<slug>@example.com`, user name `slug`) and
 * closed after it. Its `sql` may be read only inside tests and hooks.
 */
export function useAccountDatabase(slug: string): { readonly sql: Sql } {
  let db: TestDatabase | undefined;
  beforeAll(async () => {
    db = await openTestDatabase('pglite');
    await db.sql.query(
      `insert into users (id, email, slug, password_hash) values ('u1', $1, $2, 'x')`,
      [`${slug}@example.com`, slug],
    );
  });
  afterAll(() => db?.close());
  return {
    get sql() {
      if (!db) throw new Error('The database is used before beforeAll has opened it');
      return db.sql;
    },
  };
}
