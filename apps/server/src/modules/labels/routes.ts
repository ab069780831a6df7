/** Text labels: the user's own, keyed by id. */
import { randomUUID } from 'node:crypto';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import {
  IdParams,
  LabelResponse,
  LabelsResponse,
  SuccessResponse,
  TextLabelBody,
} from '@rtls/contract';
import { answer } from '../../lib/answers.ts';
import { notFound } from '../../lib/errors.ts';
import type { Sql } from '../../lib/db.ts';

interface LabelRow {
  id: string;
  data: Record<string, unknown>;
  created_at: Date;
  updated_at: Date;
}

const present = (r: LabelRow) => ({
  ...r.data,
  id: r.id,
  _id: r.id,
  createdAt: new Date(r.created_at).toISOString(),
  updatedAt: new Date(r.updated_at).toISOString(),
});

const tags = ['labels'];

export const labelRoutes: FastifyPluginAsyncTypebox<{ sql: Sql }> = async (app, { sql }) => {
  app.get('/api/labels', { schema: { tags, response: { 200: LabelsResponse } } }, async (req) => {
    const rows = await sql.query<LabelRow>(
      'select * from labels where owner_id = $1 order by created_at',
      [req.user.id],
    );
    return answer('labels', rows.map(present));
  });

  app.post(
    '/api/labels',
    { schema: { tags, body: TextLabelBody, response: { 201: LabelResponse } } },
    async (req, reply) => {
      const rows = await sql.query<LabelRow>(
        'insert into labels (id, owner_id, data) values ($1, $2, $3::jsonb) returning *',
        [randomUUID(), req.user.id, JSON.stringify(req.body)],
      );
      return reply.code(201).send(answer('label', present(rows[0]!)));
    },
  );

  app.put(
    '/api/labels/:id',
    { schema: { tags, params: IdParams, body: TextLabelBody, response: { 200: LabelResponse } } },
    async (req) => {
      const rows = await sql.query<LabelRow>(
        `update labels set data = data || $3::jsonb, updated_at = now()
         where id = $1 and owner_id = $2 returning *`,
        [req.params.id, req.user.id, JSON.stringify(req.body)],
      );
      if (!rows[0]) throw notFound('Label');
      return answer('label', present(rows[0]));
    },
  );

  app.delete(
    '/api/labels/:id',
    { schema: { tags, params: IdParams, response: { 200: SuccessResponse } } },
    async (req) => {
      const rows = await sql.query(
        'delete from labels where id = $1 and owner_id = $2 returning id',
        [req.params.id, req.user.id],
      );
      if (!rows[0]) throw notFound('Label');
      return { success: true as const };
    },
  );
};
