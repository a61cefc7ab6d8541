import { spawnSync } from 'node:child_process';
import { mkdir, mkdtemp, readFile, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

/**
 * The house plan's import rules (.dependency-cruiser.cjs) against fixtures that break them:
 * each fixture is a small tree laid out like the project, cruised with the project's own
 * config, and must be refused by the rule named beside it. A rule that stops seeing a kind
 * of import (npm packages, `import type`, node built-ins) turns this red.
 */
const ROOT = path.resolve(import.meta.dirname, '../..');

const FIXTURES: Array<{ rule: string; file: string; source: string }> = [
  {
    rule: 'machines-only-contracts-and-xstate',
    file: 'machines/uses-react.ts',
    source: "import { useSelector } from '@xstate/react';\nexport const x = useSelector;\n",
  },
  {
    rule: 'machines-only-contracts-and-xstate',
    file: 'machines/uses-router.ts',
    source: "import { Link } from 'react-router-dom';\nexport const x = Link;\n",
  },
  {
    rule: 'machines-only-contracts-and-xstate',
    file: 'machines/types-react.ts',
    source: "import type { ReactNode } from 'react';\nexport type X = ReactNode;\n",
  },
  { rule: 'widgets-not-client', file: 'widgets/uses-client.ts', source: "import { x } from '../client/thing.ts';\nexport const y = x;\n" },
  { rule: 'no-unused-contracts', file: 'contracts/read-by-no-one.ts', source: 'export const x = 1;\n' },
  {
    rule: 'contracts-only-zod',
    file: 'contracts/reads-files.ts',
    source: "import { readFileSync } from 'node:fs';\nexport const x = readFileSync;\n",
  },
  {
    rule: 'contracts-only-zod',
    file: 'contracts/uses-jose.ts',
    source: "import { jwtVerify } from 'jose';\nexport const x = jwtVerify;\n",
  },
  {
    rule: 'only-the-root-imports-app',
    file: 'client/features/cart/uses-app.ts',
    source: "import { x } from '../../app/root.ts';\nexport const y = x;\n",
  },
  {
    rule: 'only-the-root-imports-app',
    file: 'client/lib/uses-app.ts',
    source: "import { x } from '../app/root.ts';\nexport const y = x;\n",
  },
  {
    rule: 'lib-does-not-import-features',
    file: 'client/lib/uses-feature.ts',
    source: "import { x } from '../features/cart/page.ts';\nexport const y = x;\n",
  },
  {
    rule: 'client-testing-only-in-tests',
    file: 'client/features/cart/uses-testing.ts',
    source: "import { x } from '../../testing/render.ts';\nexport const y = x;\n",
  },
  {
    rule: 'ui-does-not-import-lib-features-or-app',
    file: 'client/ui/uses-lib.ts',
    source: "import { x } from '../lib/thing.ts';\nexport const y = x;\n",
  },
  {
    rule: 'api-not-upper-layers',
    file: 'api/realtime/uses-harness.ts',
    source: "import { x } from '#machines/testing/model.ts';\nexport const y = x;\n",
  },
  {
    rule: 'api-tests-only-the-model-harness',
    file: 'api/realtime/uses-machine.test.ts',
    source: "import { x } from '#machines/cart/cart.machine.ts';\nexport const y = x;\n",
  },
  {
    rule: 'server-only-on-the-servers',
    file: 'client/lib/uses-server.ts',
    source: "import { x } from '#server/logger.ts';\nexport const y = x;\n",
  },
  {
    rule: 'server-only-on-the-servers',
    file: 'contracts/uses-server.ts',
    source: "import { x } from '../server/logger.ts';\nexport const y = x;\n",
  },
  {
    rule: 'server-only-on-the-servers',
    file: 'widgets/uses-server-by-name.ts',
    source: "import { x } from '#server/logger.ts';\nexport const y = x;\n",
  },
  {
    rule: 'machines-only-contracts-and-xstate',
    file: 'machines/uses-server-by-name.ts',
    source: "import type { x } from '#server/logger.ts';\nexport type Y = typeof x;\n",
  },
  {
    rule: 'server-below-the-servers',
    file: 'server/uses-api.ts',
    source: "import { x } from '../api/thing.ts';\nexport const y = x;\n",
  },
  {
    rule: 'bff-not-api-internals',
    file: 'bff/uses-api-internals.ts',
    source: "import { x } from '../api/thing.ts';\nexport const y = x;\n",
  },
  {
    rule: 'model-harness-imports-no-machine',
    file: 'machines/testing/assert.ts',
    source: "import { x } from '../cart/cart.machine.ts';\nexport const y = x;\n",
  },
];

type Violation = { from: string; to: string; rule: { name: string } };

describe('the import rules see every kind of import', () => {
  let dir: string;
  let violations: Violation[];
  beforeAll(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'statefront-lint-'));
    await symlink(path.join(ROOT, 'node_modules'), path.join(dir, 'node_modules'));
    // The boundary names (#server/…) resolve as the project's own package.json says.
    const { imports } = JSON.parse(await readFile(path.join(ROOT, 'package.json'), 'utf8')) as { imports: unknown };
    await writeFile(path.join(dir, 'package.json'), JSON.stringify({ type: 'module', imports }));
    await writeFile(
      path.join(dir, 'tsconfig.json'),
      JSON.stringify({
        compilerOptions: { module: 'esnext', moduleResolution: 'bundler', allowImportingTsExtensions: true, noEmit: true },
      }),
    );
    const leaves = [
      'client/thing.ts',
      'client/app/root.ts',
      'client/features/cart/page.ts',
      'client/lib/thing.ts',
      'client/testing/render.ts',
      'machines/cart/cart.machine.ts',
      'machines/testing/model.ts',
      'server/logger.ts',
      'api/thing.ts',
    ].map((file) => ({ file, source: 'export const x = 1;\n' }));
    const files = [
      ...FIXTURES,
      ...leaves,
      { file: 'machines/fine.ts', source: "import { setup } from 'xstate';\nexport const m = setup;\n" },
      { file: 'api/realtime/walks.test.ts', source: "import { x } from '#machines/testing/model.ts';\nexport const y = x;\n" },
    ];
    for (const { file, source } of files) {
      await mkdir(path.dirname(path.join(dir, file)), { recursive: true });
      await writeFile(path.join(dir, file), source);
    }
    const run = spawnSync(
      path.join(ROOT, 'node_modules/.bin/depcruise'),
      [
        '--config',
        path.join(ROOT, '.dependency-cruiser.cjs'),
        '--output-type',
        'json',
        'machines',
        'widgets',
        'contracts',
        'client',
        'api',
        'bff',
        'server',
      ],
      {
        cwd: dir,
        encoding: 'utf8',
      },
    );
    violations = (JSON.parse(run.stdout) as { summary: { violations: Violation[] } }).summary.violations;
  }, 60_000);
  afterAll(() => rm(dir, { recursive: true, force: true }));

  it.each(FIXTURES)('when $file breaks the plan, then lint refuses it with $rule', ({ rule, file }) => {
    expect(violations.filter((v) => v.from === file).map((v) => v.rule.name)).toContain(rule);
  });

  it('when a machine imports only xstate, then lint lets it be', () => {
    expect(violations.filter((v) => v.from === 'machines/fine.ts').map((v) => `${v.to} (${v.rule.name})`)).toEqual([]);
  });

  it('when an api/ test walks a machine with the model harness, then lint lets it be', () => {
    expect(violations.filter((v) => v.from === 'api/realtime/walks.test.ts').map((v) => `${v.to} (${v.rule.name})`)).toEqual([]);
  });
});
