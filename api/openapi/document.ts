import { createHash } from 'node:crypto';
import { z } from 'zod';
import { ErrorBody } from '#contracts/common.ts';
import { type DocumentedRoute, DOCUMENTED_ROUTES } from './routes.ts';

type JsonSchema = Record<string, unknown> & { properties?: Record<string, JsonSchema>; required?: string[] };

/**
 * JSON Schema 2020-12, the dialect of OpenAPI 3.1, from zod's own converter. Requests are read
 * as they arrive (`io: 'input'`: defaults optional, coercions' inputs), answers as they leave.
 * A transform has no JSON Schema: it reads as "any value" rather than failing the document.
 */
const jsonSchema = (schema: z.ZodType, io: 'input' | 'output'): JsonSchema => {
  const { $schema: _dialect, ...rest } = z.toJSONSchema(schema, { io, unrepresentable: 'any' }) as JsonSchema;
  return rest;
};

/** `/api/products/get-one/:id` → `/api/products/get-one/{id}`, and no trailing slash (the router ignores it). */
export const openApiPath = (expressPath: string): string => expressPath.replace(/:(\w+)/g, '{$1}').replace(/(.)\/$/, '$1');

const pathParameters = (path: string) =>
  [...path.matchAll(/:(\w+)/g)].map(([, name]) => ({ name, in: 'path', required: true, schema: { type: 'string' } }));

const queryParameters = (query: z.ZodObject | undefined) => {
  if (!query) return [];
  const schema = jsonSchema(query, 'input');
  return Object.entries(schema.properties ?? {}).map(([name, property]) => ({
    name,
    in: 'query',
    required: schema.required?.includes(name) ?? false,
    schema: property,
  }));
};

const ACCESS_WORDS: Record<DocumentedRoute['access'], string> = {
  public: 'Anyone.',
  user: 'A logged-in user.',
  admin: 'An administrator.',
  bff: "Only the shop's BFF, which keeps the session in its cookie: browsers call the same path on the shop's origin.",
};

const operation = (route: DocumentedRoute, components: Record<string, JsonSchema>) => {
  const success: Record<string, unknown> = { description: route.html ? 'An HTML page' : 'Done' };
  if (route.html) success.content = { 'text/html': { schema: { type: 'string' } } };
  else if (route.answer) {
    const known = components[route.answer.name];
    const made = jsonSchema(route.answer.schema, 'output');
    if (known && JSON.stringify(known) !== JSON.stringify(made)) throw new Error(`Two answers are named ${route.answer.name}`);
    components[route.answer.name] = made;
    success.content = { 'application/json': { schema: { $ref: `#/components/schemas/${route.answer.name}` } } };
  }
  return {
    summary: route.summary,
    description: ACCESS_WORDS[route.access],
    ...(route.access === 'user' || route.access === 'admin' ? { security: [{ bearer: [] }] } : {}),
    parameters: [...pathParameters(route.path), ...queryParameters(route.query)],
    ...(route.body
      ? { requestBody: { required: true, content: { 'application/json': { schema: jsonSchema(route.body, 'input') } } } }
      : {}),
    responses: {
      [String(route.status ?? 200)]: success,
      default: { description: 'Refused or failed', content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } } },
    },
  };
};

/**
 * The OpenAPI 3.1 document of the API, built from the contracts the routes parse and answer with.
 * Its version is a digest of what it describes: it changes exactly when the API's surface does.
 */
export const openApiDocument = () => {
  const components: Record<string, JsonSchema> = { Error: jsonSchema(ErrorBody, 'output') };
  const paths: Record<string, Record<string, unknown>> = {};
  for (const route of DOCUMENTED_ROUTES) {
    const path = openApiPath(route.path);
    paths[path] = { ...paths[path], [route.method]: operation(route, components) };
  }
  const version = createHash('sha256')
    .update(JSON.stringify([paths, components]))
    .digest('hex')
    .slice(0, 12);
  return {
    openapi: '3.1.0',
    info: {
      title: 'Statefront shop API',
      version,
      description:
        "The shop's API as its BFF serves it under /api. Browsers authenticate with the BFF's session cookie; a direct caller of the API sends `Authorization: Bearer <token>`.",
    },
    paths,
    components: {
      schemas: components,
      securitySchemes: { bearer: { type: 'http', scheme: 'bearer' } },
    },
  };
};

export type OpenApiDocument = ReturnType<typeof openApiDocument>;
