/**
 * The house plan's import directions (../shared/ARCHITECTURE.md): dependencies point down the
 * picture and never back. `npm run lint` fails on any violation.
 */
const layer = (name) => `^${name}/`;
/** machines/testing's generic model harness: replays generated paths on any machine, with controlled actors. */
const MODEL_HARNESS = '^machines/testing/(model|controlled-actors|assert|plan-templates)\\.ts$';

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
      name: 'contracts-only-zod',
      severity: 'error',
      comment:
        'contracts/ is the wire format, bundled for the browser too: it depends on zod only (no node: modules, none of our other folders).',
      // Its tests (the shared rules') may use test tools, as machines' do; the bundles never include them.
      from: { path: layer('contracts'), pathNot: '\\.test\\.ts$' },
      to: { pathNot: ['^contracts/', '^node_modules/zod/'] },
    },
    {
      name: 'no-unused-contracts',
      severity: 'error',
      comment: 'A contracts/ module that no folder reaches describes nothing that crosses the wire: remove it.',
      from: { path: '^(api|bff|client|machines|widgets|scripts|tests|bench)/' },
      to: { path: '^contracts/', pathNot: '\\.test\\.ts$', reachable: false },
    },
    {
      name: 'machines-only-contracts-and-xstate',
      severity: 'error',
      comment: 'machines/ are framework-free: they import contracts/ and xstate only.',
      // Tests may use node built-ins and test tools.
      from: { path: layer('machines'), pathNot: '\\.test\\.ts$' },
      // Type-only imports count too: a machine typed against React is a machine tied to React.
      to: { pathNot: ['^machines/', '^contracts/', '^node_modules/xstate/', '^node_modules/@xstate/graph/'] },
    },
    {
      name: 'client-and-widgets-not-servers',
      severity: 'error',
      comment: 'The browser code may import machines/ and contracts/, never api/ or bff/.',
      from: { path: '^(client|widgets)/' },
      to: { path: '^(api|bff)/' },
    },
    {
      name: 'widgets-not-client',
      severity: 'error',
      comment: 'The partner widget is its own small bundle: it shares machines/ and contracts/ with the shop, never client/ code.',
      from: { path: '^widgets/' },
      to: { path: '^client/' },
    },
    {
      name: 'api-not-upper-layers',
      severity: 'error',
      comment: 'api/ imports contracts/ and server/ only among our folders.',
      // A model (`*.model.ts`, the hub socket's) is test code that npm run test:model also walks.
      from: { path: layer('api'), pathNot: '\\.(test|model)\\.ts$' },
      to: { path: '^(bff|client|machines|widgets)/' },
    },
    {
      name: 'api-tests-only-the-model-harness',
      severity: 'error',
      comment:
        "api/'s tests walk the API's own machines (the hub's sockets) with the model harness of machines/testing: that harness, and nothing else above api/. The harness is test code that imports xstate only (next rule), so no machine of the shop reaches the API through it.",
      from: { path: '^api/.*\\.(test|model)\\.ts$' },
      to: { path: '^(bff|client|machines|widgets)/', pathNot: MODEL_HARNESS },
    },
    {
      name: 'model-harness-imports-no-machine',
      severity: 'error',
      comment: "The model harness that api/'s tests share (model.ts and what it imports) stays machine-free: xstate and itself only.",
      from: { path: MODEL_HARNESS },
      to: { path: '^(api|bff|client|machines|widgets|contracts)/', pathNot: MODEL_HARNESS },
    },
    {
      name: 'bff-not-api-internals',
      severity: 'error',
      comment:
        'bff/ may start the API only through its public createApi() (api/index.ts); what both servers use (logs, limits, secrets, readiness) is in server/.',
      // Tests and their harnesses (bff/testing/) may drive a real API through its test helpers.
      from: { path: layer('bff'), pathNot: ['\\.test\\.ts$', '^bff/testing/'] },
      to: { path: '^api/', pathNot: '^api/index\\.ts$' },
    },
    {
      name: 'server-only-on-the-servers',
      severity: 'error',
      comment:
        "server/ is the servers' own layer (configuration, logging, request ids, limits, secrets, content negotiation: node: modules): api/, bff/ and scripts/ import it (and the tests and benches that drive them), never the browser's code or the shared layers below it.",
      from: { path: '^(client|widgets|machines|contracts)/' },
      to: { path: '^server/' },
    },
    {
      name: 'server-below-the-servers',
      severity: 'error',
      comment:
        'server/ sits under api/ and bff/: it imports contracts/ only among our folders, so either server can use it without loading the other.',
      from: { path: '^server/', pathNot: '\\.test\\.ts$' },
      to: { path: '^(api|bff|client|machines|widgets|scripts|tests|bench)/' },
    },
    {
      name: 'api-loads-optional-packages-when-used',
      severity: 'error',
      comment:
        "The API's thread loads sharp at its first image, PGlite only when the database runs on that thread, pg only with DATABASE_URL and node-redis and the Streams adapter only with REDIS_URL (decision 014): by import(), never at its start.",
      from: {
        path: '^api/',
        pathNot: [
          '\\.test\\.ts$',
          '^api/testing/',
          '^api/db/(pglite|pglite-settings|pglite-thread|empty-template-child)\\.ts$',
          '^api/db/backup/snapshot-thread\\.ts$',
          '^api/realtime/(shared-state|redis-client)\\.ts$',
        ],
      },
      to: {
        path: [
          '^node_modules/(sharp|@electric-sql/pglite|pg|redis|@redis/client|@socket\\.io/redis-streams-adapter)/',
          '^api/db/pglite\\.ts$',
          '^api/realtime/(shared-state|redis-client)\\.ts$',
        ],
        dependencyTypesNot: ['dynamic-import', 'type-only'],
      },
    },
    {
      name: 'bff-loads-the-api-only-to-start-it',
      severity: 'error',
      comment:
        "A BFF in front of an API elsewhere never loads the API's code (about 125 MB), nor without REDIS_URL node-redis (about 5 MB of heap) (decision 014): bff/ imports api/index.ts only by import() where it starts one, redis where it connects, or either for types.",
      from: { path: layer('bff'), pathNot: ['\\.test\\.ts$', '^bff/testing/'] },
      to: { path: ['^api/index\\.ts$', '^node_modules/redis/'], dependencyTypesNot: ['dynamic-import', 'type-only'] },
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
      comment:
        "client/features/X may not import client/features/Y: share through client/ui or lift to client/lib. The exceptions are kiosk mode's context (a React context with no code behind it), which every feature may read, and the kiosk's way out that wraps the header's logo (a lazy chunk, only the logo outside kiosk mode).",
      from: { path: '^client/features/([^/]+)/' },
      to: {
        path: '^client/features/([^/]+)/',
        pathNot: ['^client/features/$1/', '^client/features/kiosk/kiosk-mode\\.ts$', '^client/features/kiosk/pin/kiosk-exit\\.tsx$'],
      },
    },
    {
      name: 'ui-does-not-import-lib-features-or-app',
      severity: 'error',
      comment:
        "client/ui holds presentational primitives that know nothing of the shop's API, routes or actors: they import no other client/ folder, so anything may use them.",
      from: { path: '^client/ui/' },
      to: { path: '^client/(lib|features|app)/' },
    },
    {
      name: 'only-the-root-imports-app',
      severity: 'error',
      comment:
        "client/app is the composition root (routes, providers, the shell and kiosk wiring): it imports the features, so nothing below it may import it back, or the root and the library the features use depend on each other again. What a feature needs from the app lives in client/lib. (main.tsx, entry-server.tsx and client/testing, the component-test harness that mounts the app's providers, sit above it.)",
      from: { path: '^client/(features|lib|ui)/' },
      to: { path: '^client/app/' },
    },
    {
      name: 'client-testing-only-in-tests',
      severity: 'error',
      comment:
        "client/testing mounts the app's own providers (it sits above client/app): shipped code that imported it would reach the composition root through it.",
      from: { path: '^client/', pathNot: ['\\.test\\.tsx?$', '^client/testing/'] },
      to: { path: '^client/testing/' },
    },
    {
      name: 'lib-does-not-import-features',
      severity: 'error',
      comment:
        'client/lib is what every feature imports (api, paths, hooks, contexts): a lib file that imported a feature would tie every feature to that one.',
      from: { path: '^client/lib/' },
      to: { path: '^client/features/' },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    // A linked node_modules (a git worktree's) keeps its place in the graph, so the rules match.
    preserveSymlinks: true,
    // Only our build output and data: a package's own dist/ (react-router-dom/dist/…) must stay in the graph.
    exclude: { path: '^(dist|data|test-results)/' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    enhancedResolveOptions: { extensions: ['.ts', '.tsx', '.js', '.mjs'] },
  },
};
