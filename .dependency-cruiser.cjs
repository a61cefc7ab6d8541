/**
 * The house plan's import directions (ARCHITECTURE.md): dependencies point down the
 * picture and never back. `npm run lint` fails on any violation.
 */
const layer = (name) => `^${name}/`;

module.exports = {
  forbidden: [
    {
      name: 'no-circular',
      severity: 'error',
      comment: 'Import circles make load order and ownership unclear.',
      from: {},
      to: { circular: true },
    },
    {
      name: 'contracts-import-nothing-of-ours',
      severity: 'error',
      comment: 'contracts/ is the wire format: it depends on zod only.',
      from: { path: layer('contracts') },
      to: { path: '^(api|bff|client|machines|widgets|tests|bench|scripts)/' },
    },
    {
      name: 'machines-only-contracts-and-xstate',
      severity: 'error',
      comment: 'machines/ are framework-free: they import contracts/ and xstate only.',
      from: { path: layer('machines') },
      to: {
        dependencyTypesNot: ['type-only'],
        pathNot: ['^machines/', '^contracts/', '^node_modules/xstate/', '^node_modules/@xstate/graph/'],
        path: '.*',
        // node built-ins are allowed in tests only
      },
    },
    {
      name: 'client-and-widgets-not-servers',
      severity: 'error',
      comment: 'The browser code may import machines/ and contracts/, never api/ or bff/.',
      from: { path: '^(client|widgets)/' },
      to: { path: '^(api|bff)/' },
    },
    {
      name: 'api-not-upper-layers',
      severity: 'error',
      comment: 'api/ imports contracts/ only among our folders.',
      from: { path: layer('api') },
      to: { path: '^(bff|client|machines|widgets)/' },
    },
    {
      name: 'bff-not-api-internals',
      severity: 'error',
      comment: 'bff/ may start the API only through its public createApi() (api/index.ts).',
      // Tests and their harnesses (bff/testing/) may drive a real API through its test helpers.
      from: { path: layer('bff'), pathNot: ['\\.test\\.ts$', '^bff/testing/'] },
      to: { path: '^api/', pathNot: '^api/index\\.ts$' },
    },
    {
      name: 'bff-not-browser-code',
      severity: 'error',
      from: { path: layer('bff') },
      to: { path: '^(client|machines|widgets)/' },
    },
    {
      name: 'features-do-not-import-each-other',
      severity: 'error',
      comment: 'client/features/X may not import client/features/Y: share through client/ui or lift to client/app.',
      from: { path: '^client/features/([^/]+)/' },
      to: { path: '^client/features/([^/]+)/', pathNot: '^client/features/$1/' },
    },
    {
      name: 'ui-does-not-import-features-or-app',
      severity: 'error',
      from: { path: '^client/ui/' },
      to: { path: '^client/(features|app)/' },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '(^|/)(dist|data)/' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    enhancedResolveOptions: { extensions: ['.ts', '.tsx', '.js', '.mjs'] },
  },
};
