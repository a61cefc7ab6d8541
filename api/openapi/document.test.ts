import { describe, expect, it } from 'vitest';
import { createApi } from '../app.ts';
import { loadApiConfig } from '../config.ts';
import { openApiDocument, openApiPath } from './document.ts';
import { UNDOCUMENTED_PREFIXES } from './routes.ts';

type Layer = {
  rawPath?: string | string[];
  route?: { path: string | string[]; methods: Record<string, boolean> };
  handle: { stack?: Layer[] };
};

/** Every `METHOD /path` the Express app answers, read from its router (mounted routers included). */
const mountedRoutes = (stack: Layer[], prefix = ''): string[] =>
  stack.flatMap((layer) => {
    if (layer.route) {
      const { path, methods } = layer.route;
      return [path].flat().flatMap((p) => Object.keys(methods).map((m) => `${m.toUpperCase()} ${openApiPath(prefix + p)}`));
    }
    if (!layer.handle.stack) return [];
    return [layer.rawPath ?? '/'].flat().flatMap((p) => mountedRoutes(layer.handle.stack!, prefix + (p === '/' ? '' : p)));
  });

describe('the OpenAPI document', () => {
  const document = openApiDocument();

  it('when the API is built, then every route it mounts is in the document, and the document names no route it lacks', async () => {
    const api = createApi({ db: {} as never, config: await loadApiConfig({ NODE_ENV: 'test' }), attachments: [] });
    const mounted = mountedRoutes((api.app as unknown as { router: { stack: Layer[] } }).router.stack).filter(
      (route) => !UNDOCUMENTED_PREFIXES.some((prefix) => route.split(' ')[1]!.startsWith(prefix)),
    );
    const documented = Object.entries(document.paths).flatMap(([path, operations]) =>
      Object.keys(operations).map((method) => `${method.toUpperCase()} ${path}`),
    );
    expect(mounted.length).toBeGreaterThan(40);
    expect([...new Set(mounted)].sort()).toEqual(documented.sort());
  });

  it('when it is read, then it is OpenAPI 3.1 and every schema it refers to is among its components', () => {
    expect(document.openapi).toBe('3.1.0');
    const refs = [...JSON.stringify(document).matchAll(/"\$ref":"#\/components\/schemas\/(\w+)"/g)].map(([, name]) => name!);
    expect(refs.length).toBeGreaterThan(10);
    for (const name of refs) expect(document.components.schemas, name).toHaveProperty(name);
    // Bodies come from the contracts: the product form's fields are there, with their limits.
    const productBody = (document.paths['/api/products/admin'] as Record<string, { requestBody?: unknown }>).post?.requestBody;
    expect(JSON.stringify(productBody)).toContain('"attributesTable"');
  });
});
