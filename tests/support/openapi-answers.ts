import { z } from 'zod';

type Operation = { responses?: Record<string, { content?: Record<string, { schema?: unknown }> }>; security?: unknown[] };
type Document = { paths: Record<string, Record<string, Operation>>; components: { schemas: Record<string, unknown> } };

/** The schema with every `#/components/schemas/…` reference replaced by the component itself. */
const inlined = (schema: unknown, components: Record<string, unknown>): unknown => {
  if (Array.isArray(schema)) return schema.map((s) => inlined(s, components));
  if (!schema || typeof schema !== 'object') return schema;
  const ref = (schema as { $ref?: string }).$ref;
  if (ref) return inlined(components[ref.replace('#/components/schemas/', '')], components);
  return Object.fromEntries(Object.entries(schema).map(([key, value]) => [key, inlined(value, components)]));
};

/**
 * The document's public GETs that promise a JSON answer, each with a validator made from the
 * served document's own schema (zod reads JSON Schema back), not from the contracts it came from.
 */
export const publicJsonGets = (document: Document) =>
  Object.entries(document.paths).flatMap(([path, operations]) => {
    const get = operations.get;
    const schema = get?.responses?.['200']?.content?.['application/json']?.schema;
    if (!get || get.security || !schema) return [];
    return [{ path, answer: z.fromJSONSchema(inlined(schema, document.components.schemas) as never) }];
  });
