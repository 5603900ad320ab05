import type { Plugin } from 'vite';

const STUB = '\0zod-json-schema-stub';

/**
 * Every zod schema class refers to zod's JSON Schema generator (for `toJSONSchema()` and introspection getters
 * such as `minLength`), so a bundler cannot drop it, yet the web app never uses it: the OpenAPI document is
 * made on the server. In the SPA's build those two modules are replaced by a stand-in that fails loudly if it is
 * ever called. It saves about 5.5 KB gzip of first-load JS (bench/frontend.ts). The server keeps the real zod.
 */
export function zodWithoutJsonSchema(): Plugin {
  return {
    name: 'ams-zod-without-json-schema',
    enforce: 'pre',
    resolveId(source, importer) {
      const fromZodSchemas = importer !== undefined && /[\\/]zod[\\/]v4[\\/]classic[\\/]schemas\.js$/.test(importer);
      return fromZodSchemas && /^\.\.\/core\/(json-schema-processors|to-json-schema)\.js$/.test(source) ? STUB : null;
    },
    load(id) {
      if (id !== STUB) return null;
      const unavailable = 'function unavailable() { throw new Error("zod\'s JSON Schema support is not built into the web app"); }';
      const processors = [
        'any',
        'array',
        'bigint',
        'boolean',
        'catch',
        'custom',
        'date',
        'default',
        'enum',
        'file',
        'function',
        'intersection',
        'lazy',
        'literal',
        'map',
        'nan',
        'never',
        'nonoptional',
        'null',
        'nullable',
        'number',
        'object',
        'optional',
        'pipe',
        'prefault',
        'promise',
        'readonly',
        'record',
        'set',
        'string',
        'success',
        'symbol',
        'templateLiteral',
        'transform',
        'tuple',
        'undefined',
        'union',
        'unknown',
        'void',
      ].map((kind) => `unavailable as ${kind}Processor`);
      return [
        unavailable,
        'export const createToJSONSchemaMethod = () => unavailable;',
        'export const createStandardJSONSchemaMethod = () => unavailable;',
        `export { unavailable as aggregateChecks, ${processors.join(', ')} };`,
      ].join('\n');
    },
  };
}
