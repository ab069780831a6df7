/**
 * Fastify compiles a validator for every route's body, query and params, and a serializer for
 * every response code, even when routes share their schemas (the same map, device or error shape
 * answers dozens of routes). These compilers are Fastify's own, compiling each distinct schema
 * once: 172 validators and 398 serializers are 58 and 55 compilations, a large part of a start.
 */
import AjvCompiler from '@fastify/ajv-compiler';
import SerializerSelector from '@fastify/fast-json-stringify-compiler';
import type { FastifyServerOptions } from 'fastify';

type Factories = NonNullable<
  NonNullable<FastifyServerOptions['schemaController']>['compilersFactory']
>;

/** Wrap a compiler so that equal schemas (by their JSON) share one compiled function. */
function compileOnce<R extends { schema: unknown }, F>(compile: (route: R) => F) {
  const compiled = new Map<string, F>();
  return (route: R): F => {
    const key = JSON.stringify(route.schema);
    let fn = compiled.get(key);
    if (fn === undefined) {
      fn = compile(route);
      compiled.set(key, fn);
    }
    return fn;
  };
}

/** Compiles a route part: Fastify calls it with the schema and where the schema is used. */
type Compile = (route: { schema: unknown }) => unknown;
type Factory = (externalSchemas: unknown, options: unknown) => Compile;

/** For Fastify's `schemaController.compilersFactory`. */
export function sharedSchemaCompilers(): Factories {
  const validators = AjvCompiler() as unknown as Factory;
  const serializers = SerializerSelector() as unknown as Factory;
  const once =
    (factory: Factory): Factory =>
    (external, options) =>
      compileOnce(factory(external, options));
  return { buildValidator: once(validators), buildSerializer: once(serializers) } as Factories;
}
