/**
 * Fastify compiles a validator for every route's body, query and params, and a serializer for
 * every response code, even when routes share their schemas (the same map, device or error shape
 * answers dozens of routes). These compilers are Fastify's own, compiling each distinct schema
 * once: the routes' hundreds of validators and serializers come from a few dozen distinct schemas,
 * and compiling them is a large part of a start.
 */
import AjvCompiler from '@fastify/ajv-compiler';
import SerializerSelector from '@fastify/fast-json-stringify-compiler';
import type { FastifyServerOptions } from 'fastify';

/** What Fastify's `schemaController.compilersFactory` takes. */
export type SchemaCompilers = NonNullable<
  NonNullable<FastifyServerOptions['schemaController']>['compilersFactory']
>;

/** `fn` remembering its result per argument list, the lists told apart by the JSON of `keyOf`. */
function memoByJson<A extends unknown[], R>(
  fn: (...args: A) => R,
  keyOf: (...args: A) => unknown,
): (...args: A) => R {
  const results = new Map<string, R>();
  return (...args: A): R => {
    const key = JSON.stringify(keyOf(...args));
    if (!results.has(key)) results.set(key, fn(...args));
    return results.get(key)!;
  };
}

/** Compiles a route part: Fastify calls it with the schema and where the schema is used. */
type Compile = (route: { schema: unknown }) => unknown;
type Factory = (externalSchemas: unknown, options: unknown) => Compile;

/**
 * For Fastify's `schemaController.compilersFactory`. One instance may serve several apps of a
 * process (tests build hundreds): what it compiled for equal external schemas and options is
 * reused.
 */
export function sharedSchemaCompilers(): SchemaCompilers {
  const validators = AjvCompiler() as unknown as Factory;
  const serializers = SerializerSelector() as unknown as Factory;
  // Equal schemas share one compiled function, and equal external schemas and options one
  // compiler.
  const once = (factory: Factory): Factory =>
    memoByJson(
      (external, options) => memoByJson(factory(external, options), (route) => route.schema),
      (external, options) => [external, options],
    );
  return {
    buildValidator: once(validators),
    buildSerializer: once(serializers),
  } as SchemaCompilers;
}
