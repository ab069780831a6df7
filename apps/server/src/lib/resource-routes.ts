/**
 * Calls that several resources answer alike, registered from one place: an account's lists, one
 * item's create / change / delete, monitoring on and off, and the items a map holds (zones,
 * rules). Each answers `{ success: true, <key>: value }`, a delete `{ success: true }`.
 */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyRequest } from 'fastify';
import { ErrorBody, IdParams, SuccessResponse } from '@rtls/contract';
import type { Static, TObject, TSchema } from '@sinclair/typebox';
import { answer, done } from './answers.ts';

/** The app as a route plugin sees it. */
export type RouteApp = Parameters<FastifyPluginAsyncTypebox>[0];

/** A route plugin given the one service its calls use. */
export type ServiceRoutes<S> = FastifyPluginAsyncTypebox<{ service: S }>;

/** `{ <status>: ErrorBody }` for each status: the error answers a call documents. */
export const errorAnswers = (...statuses: number[]): Record<number, typeof ErrorBody> =>
  Object.fromEntries(statuses.map((status) => [status, ErrorBody]));

/** One call: its schema (validation and OpenAPI) and `run`, which answers it from the request. */
interface Call {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  url: string;
  tags: string[];
  summary?: string;
  params?: TSchema;
  body?: TSchema;
  response: Record<number, TSchema>;
  /** The success status when it is not 200 (201 for a create). */
  status?: number;
  run: (req: FastifyRequest) => Promise<unknown>;
}

function call(app: RouteApp, { method, url, status, run, ...schema }: Call): void {
  app.route({
    method,
    url,
    // Only the parts the call has: OpenAPI shows no empty summary or parameters.
    schema: Object.fromEntries(Object.entries(schema).filter(([, part]) => part !== undefined)),
    handler: async (req, reply) => {
      if (status !== undefined) reply.code(status);
      return run(req);
    },
  });
}

type Edit = 'create' | 'update' | 'remove';
/** The name of the field an answer schema carries its value in (`device` of a device's answer). */
type KeyOf<R extends TObject> = keyof Static<R> & string;

/** Where and how an item is created, changed and deleted. */
export interface EditCalls<
  CP extends TObject,
  IP extends TObject,
  C extends TSchema,
  U extends TSchema,
  R extends TObject,
> {
  tags: string[];
  /** POST here creates one (201), when there is a `createBody`. */
  url: string;
  /** PUT here changes one, DELETE deletes it. */
  itemUrl: string;
  /** The path parameters of `url`, where it has any. */
  params?: CP;
  itemParams: IP;
  /** Left out where a create answers more than the item (and is registered on its own). */
  createBody?: C;
  updateBody: U;
  /** The answer with one item. */
  one: R;
  summaries?: Partial<Record<Edit, string>>;
  /** The error answers each call documents. */
  errors?: Partial<Record<Edit, Record<number, TSchema>>>;
}

/** What the edit calls do, given the caller, the path parameters and the checked body. */
export interface EditHandlers<CP, IP, C, U, V> {
  create?(userId: string, params: CP, body: C): Promise<V>;
  update(userId: string, params: IP, body: U): Promise<V>;
  remove(userId: string, params: IP): Promise<unknown>;
}

/** POST creates (201 with the item), PUT changes (200 with it), DELETE deletes. */
export function editRoutes<
  K extends KeyOf<R>,
  R extends TObject,
  C extends TSchema,
  U extends TSchema,
  IP extends TObject,
  CP extends TObject = TObject,
>(
  app: RouteApp,
  key: K,
  calls: EditCalls<CP, IP, C, U, R>,
  handlers: EditHandlers<Static<CP>, Static<IP>, Static<C>, Static<U>, Static<R>[K]>,
): void {
  const { tags, url, itemUrl, itemParams, one, summaries = {}, errors = {} } = calls;
  const edit = (which: Edit, route: Omit<Call, 'tags' | 'summary'>) =>
    call(app, {
      ...route,
      tags,
      summary: summaries[which],
      response: { ...route.response, ...errors[which] },
    });
  const input = <P, B>(req: FastifyRequest) =>
    [req.user.id, req.params as P, req.body as B] as const;
  const { create } = handlers;
  if (calls.createBody && create)
    edit('create', {
      method: 'POST',
      url,
      params: calls.params,
      body: calls.createBody,
      response: { 201: one },
      status: 201,
      run: async (req) => answer(key, await create(...input<Static<CP>, Static<C>>(req))),
    });
  edit('update', {
    method: 'PUT',
    url: itemUrl,
    params: itemParams,
    body: calls.updateBody,
    response: { 200: one },
    run: async (req) => answer(key, await handlers.update(...input<Static<IP>, Static<U>>(req))),
  });
  edit('remove', {
    method: 'DELETE',
    url: itemUrl,
    params: itemParams,
    response: { 200: SuccessResponse },
    run: (req) => done(handlers.remove(req.user.id, req.params as Static<IP>)),
  });
}

/** A resource of an account's own, keyed by the id in its path (a device, gateway, map). */
export interface OwnedService<C, U, V> {
  create(userId: string, body: C): Promise<V>;
  update(userId: string, id: string, body: U): Promise<V>;
  remove(userId: string, id: string): Promise<unknown>;
}

/** The edit calls of a resource whose item path has only its `:id`. */
export const byId = <C, U, V>(
  service: OwnedService<C, U, V>,
): EditHandlers<unknown, { id: string }, C, U, V> => ({
  create: (userId, _params, body) => service.create(userId, body),
  update: (userId, params, body) => service.update(userId, params.id, body),
  remove: (userId, params) => service.remove(userId, params.id),
});

/** GET of each url: `{ success: true, <key>: <what its list gives for the caller> }`. */
export function listRoutes<K extends KeyOf<R>, R extends TObject>(
  app: RouteApp,
  key: K,
  schema: { tags: string[]; response: R },
  lists: Record<string, (userId: string) => Promise<Static<R>[K]>>,
): void {
  for (const [url, list] of Object.entries(lists))
    call(app, {
      method: 'GET',
      url,
      tags: schema.tags,
      response: { 200: schema.response },
      run: async (req) => answer(key, await list(req.user.id)),
    });
}

/** A resource the account chooses to monitor (a device, a gateway), keyed by its MAC. */
export interface MonitoredService<B, V> {
  monitor(userId: string, key: string, body: B): Promise<V>;
  unmonitor(userId: string, key: string): Promise<V>;
}

/** POST `url/monitor/:id` monitors one (with its settings), DELETE stops; both answer it. */
export function monitorRoutes<K extends KeyOf<R>, R extends TObject, B extends TSchema>(
  app: RouteApp,
  key: K,
  calls: { tags: string[]; url: string; params: TObject; body: B; one: R },
  service: MonitoredService<Static<B>, Static<R>[K]>,
): void {
  const { tags, params, one } = calls;
  const url = `${calls.url}/monitor/:id`;
  const id = (req: FastifyRequest) => (req.params as { id: string }).id;
  call(app, {
    method: 'POST',
    url,
    tags,
    params,
    body: calls.body,
    response: { 200: one },
    // Without a body, the settings are the defaults.
    run: async (req) =>
      answer(key, await service.monitor(req.user.id, id(req), (req.body ?? {}) as Static<B>)),
  });
  call(app, {
    method: 'DELETE',
    url,
    tags,
    params,
    response: { 200: one },
    run: async (req) => answer(key, await service.unmonitor(req.user.id, id(req))),
  });
}

/** The items a map holds (its zones, its rules), as their service keeps them. */
export interface MapItemService<C, U, V> {
  list(userId: string, mapId: string): Promise<V[]>;
  create(userId: string, mapId: string, body: C): Promise<V>;
  update(userId: string, mapId: string, itemId: string, body: U): Promise<V>;
  remove(userId: string, mapId: string, itemId: string): Promise<void>;
}

/**
 * GET and POST /api/maps/:id/<plural>, PUT and DELETE /api/maps/:id/<plural>/:<noun>Id: anyone
 * who may read the map lists them; owners and editors create, change and delete them.
 */
export function mapItemRoutes<
  Noun extends KeyOf<R>,
  R extends TObject,
  C extends TSchema,
  U extends TSchema,
  IP extends TObject,
>(
  app: RouteApp,
  names: { noun: Noun; plural: string; tags: string[] },
  schemas: { list: TObject; one: R; itemParams: IP; createBody: C; updateBody: U },
  service: MapItemService<Static<C>, Static<U>, Static<R>[Noun]>,
): void {
  const { noun, plural, tags } = names;
  const url = `/api/maps/:id/${plural}`;
  const errors = errorAnswers(400, 403, 404);
  /** The map's id and the item's, whose parameter is named for its kind (zoneId, ruleId). */
  const ids = (params: Static<IP>) => {
    const path = params as Record<string, string>;
    return [path.id ?? '', path[`${noun}Id`] ?? ''] as const;
  };
  call(app, {
    method: 'GET',
    url,
    tags,
    summary: `The map's ${plural} (anyone who may read the map)`,
    params: IdParams,
    response: { 200: schemas.list, 404: ErrorBody },
    run: async (req) =>
      answer(plural, await service.list(req.user.id, (req.params as Static<typeof IdParams>).id)),
  });
  editRoutes(
    app,
    noun,
    {
      tags,
      url,
      itemUrl: `${url}/:${noun}Id`,
      params: IdParams,
      itemParams: schemas.itemParams,
      createBody: schemas.createBody,
      updateBody: schemas.updateBody,
      one: schemas.one,
      summaries: {
        create: `Create a ${noun} (owners and editors)`,
        update: `Edit a ${noun} (owners and editors)`,
        remove: `Delete a ${noun} (owners and editors)`,
      },
      errors: { create: { ...errors, 409: ErrorBody }, update: errors, remove: errors },
    },
    {
      create: (userId, params, body) => service.create(userId, params.id, body),
      update: (userId, params, body) => service.update(userId, ...ids(params), body),
      remove: (userId, params) => service.remove(userId, ...ids(params)),
    },
  );
}
