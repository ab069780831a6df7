/**
 * Fastify compiles a validator for every route's body, query and params, and a serializer for
 * every response code, even when routes share their schemas (the same map, device or error shape
 * answers dozens of routes). These compilers are Fastify's own, compiling each distinct schema
 * once: 172 validators and 398 serializers are 58 and 55 compilations, a large part of a start.
 */
import AjvCompiler from '@fastify/ajv-compiler';
import SerializerSelector from '@fastify/fast-json-stringify-compiler';
import type { FastifyServerOptions } from 'fastify';

/** What Fastify's `schemaController.compilersFactory` takes. */
export type SchemaCompilers = NonNullable<
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

/**
 * For Fastify's `schemaController.compilersFactory`. One instance may serve several apps of a
 * process (tests build hundreds): what it compiled for equal external schemas and options is
 * reused.
 */
export function sharedSchemaCompilers(): SchemaCompilers {
  const validators = AjvCompiler() as unknown as Factory;
  const serializers = SerializerSelector() as unknown as Factory;
  const once = (factory: Factory): Factory => {
    const compilers = new Map<string, Compile>();
    return (external, options) => {
      const key = JSON.stringify([external, options]);
      let compile = compilers.get(key);
      if (!compile) {
        compile = compileOnce(factory(external, options));
        compilers.set(key, compile);
      }
      return compile;
    };
  };
  return {
    buildValidator: once(validators),
    buildSerializer: once(serializers),
  } as SchemaCompilers;
}
