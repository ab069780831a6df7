/** Uploaded images, stored in the database and served by id. */
import { randomUUID } from 'node:crypto';
import type { CheckedImage } from '../../lib/images.ts';
import type { Sql } from '../../lib/db.ts';

/** Public path of an uploaded image: unguessable id plus the extension of its real type. */
export const uploadPath = (id: string, extension: string) => `/uploads/${id}.${extension}`;
export const UPLOAD_PATH_RE = /^\/uploads\/([0-9a-f-]{36})\.(png|jpg|gif|webp|svg)$/;

export function imagesRepository(sql: Sql) {
  return {
    async insert(ownerId: string, img: CheckedImage): Promise<string> {
      const id = randomUUID();
      await sql.query(
        `insert into images (id, owner_id, mime, extension, width, height, data)
         values ($1, $2, $3, $4, $5, $6, $7)`,
        [id, ownerId, img.mime, img.extension, img.width, img.height, img.data],
      );
      return uploadPath(id, img.extension);
    },
    async get(id: string): Promise<{ mime: string; data: Buffer } | null> {
      const rows = await sql.query<{ mime: string; data: Uint8Array }>(
        'select mime, data from images where id = $1',
        [id],
      );
      const row = rows[0];
      return row ? { mime: row.mime, data: Buffer.from(row.data) } : null;
    },
    /** Copy an uploaded image for another owner (map duplication); null when the path is not ours. */
    async copy(path: string | undefined, ownerId: string): Promise<string | null> {
      const m = path ? UPLOAD_PATH_RE.exec(path) : null;
      if (!m) return null;
      const id = randomUUID();
      const rows = await sql.query<{ extension: string }>(
        `insert into images (id, owner_id, mime, extension, width, height, data)
         select $2, $3, mime, extension, width, height, data from images where id = $1 returning extension`,
        [m[1], id, ownerId],
      );
      return rows[0] ? uploadPath(id, rows[0].extension) : null;
    },
    /** Delete an uploaded image when no map refers to it any more. */
    async releaseIfUnused(path: string | undefined): Promise<void> {
      const m = path ? UPLOAD_PATH_RE.exec(path) : null;
      if (!m) return;
      await sql.query(
        `delete from images where id = $1
         and not exists (select 1 from maps where settings->>'backgroundImage' = $2)`,
        [m[1], path],
      );
    },
  };
}
export type ImagesRepository = ReturnType<typeof imagesRepository>;
