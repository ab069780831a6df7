import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { sharedSchemaCompilers } from './schema-compilers.ts';

const body = {
  type: 'object',
  properties: { name: { type: 'string' }, n: { type: 'integer' } },
  required: ['name'],
  additionalProperties: false,
};

describe('shared schema compilers', () => {
  it('compile an equal schema once, and different schemas apart', () => {
    const { buildValidator, buildSerializer } = sharedSchemaCompilers();
    const validate = buildValidator!({}, { customOptions: {} } as never);
    const one = validate({ schema: body, method: 'POST', url: '/a', httpPart: 'body' });
    const two = validate({
      schema: structuredClone(body),
      method: 'PUT',
      url: '/b',
      httpPart: 'body',
    });
    const other = validate({
      schema: { type: 'string' },
      method: 'POST',
      url: '/c',
      httpPart: 'body',
    });
    expect(two).toBe(one);
    expect(other).not.toBe(one);
    const serialize = buildSerializer!({}, {} as never);
    const s1 = serialize({ schema: body, method: 'GET', url: '/a', httpStatus: '200' });
    const s2 = serialize({
      schema: structuredClone(body),
      method: 'GET',
      url: '/b',
      httpStatus: '200',
    });
    expect(s2).toBe(s1);
    expect(s1({ name: 'x', n: 2, secret: 1 })).toBe('{"name":"x","n":2}');
  });

  it('reuse what they compiled for another app with the same options, not with others', () => {
    const compilers = sharedSchemaCompilers();
    const route = { method: 'POST', url: '/a', httpPart: 'body' };
    const forApp = (customOptions: object) =>
      compilers.buildValidator!({}, { customOptions } as never)({ ...route, schema: body });
    expect(forApp({})).toBe(forApp({}));
    expect(forApp({ coerceTypes: 'array' })).not.toBe(forApp({}));
  });

  it('validate and serialize each route as Fastify does, with its options', async () => {
    const app = Fastify({
      ajv: { customOptions: { removeAdditional: 'all', coerceTypes: 'array' } },
      schemaController: { compilersFactory: sharedSchemaCompilers() },
    });
    const schema = { body, response: { 200: body } };
    app.post('/a', { schema }, async (req) => ({ ...(req.body as object), extra: 1 }));
    app.put('/b', { schema: structuredClone(schema) }, async (req) => req.body);
    const a = await app.inject({
      method: 'POST',
      url: '/a',
      payload: { name: 'x', n: '3', junk: 1 },
    });
    expect(a.statusCode).toBe(200);
    expect(a.json()).toEqual({ name: 'x', n: 3 });
    const b = await app.inject({ method: 'PUT', url: '/b', payload: { n: 1 } });
    expect(b.statusCode).toBe(400);
    await app.close();
  });
});
