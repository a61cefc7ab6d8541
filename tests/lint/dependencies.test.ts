import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * Every package in package.json earns its place: our code names it (an import, a require, a
 * test file's vitest environment), an npm script runs its command, or it types one that does
 * (@types/x). A package nothing uses only makes installs bigger and audits longer.
 */
const ROOT = path.resolve(import.meta.dirname, '../..');
const FOLDERS = ['api', 'bff', 'server', 'client', 'machines', 'widgets', 'contracts', 'scripts', 'tests', 'bench'];
const SOURCE = /\.(ts|tsx|js|cjs|mjs)$/;

const read = (file: string) => readFileSync(path.join(ROOT, file), 'utf8');
const pkg = JSON.parse(read('package.json')) as {
  dependencies: Record<string, string>;
  devDependencies: Record<string, string>;
  scripts: Record<string, string>;
};

const sources = [
  ...readdirSync(ROOT).filter((file) => SOURCE.test(file)),
  ...FOLDERS.flatMap((folder) =>
    readdirSync(path.join(ROOT, folder), { recursive: true, encoding: 'utf8' })
      .filter((file) => SOURCE.test(file))
      .map((file) => path.join(folder, file)),
  ),
]
  // Not this file: its own words name packages.
  .filter((file) => file !== path.relative(ROOT, import.meta.filename))
  .map(read)
  .join('\n');

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');
/** Spelt in two, or vitest would take this file's own words for its environment. */
const ENVIRONMENT = ['@vitest', 'environment'].join('-');
/** 'name' or 'name/sub/path' in any quotes (an import, a config), or a test file's environment comment. */
const named = (name: string) => new RegExp(`['"\`]${escape(name)}(/[^'"\`]*)?['"\`]|${ENVIRONMENT} ${escape(name)}\\b`).test(sources);

/** The commands a package installs (node_modules/x/package.json's bin), or its own name. */
const commandsOf = (name: string): string[] => {
  const { bin } = JSON.parse(read(`node_modules/${name}/package.json`)) as { bin?: string | Record<string, string> };
  return typeof bin === 'object' ? Object.keys(bin) : [name.split('/').pop()!];
};
const scripts = Object.values(pkg.scripts).join(' && ');
const runByAScript = (name: string) => commandsOf(name).some((command) => new RegExp(`(^|[\\s&])${escape(command)}(\\s|$)`).test(scripts));

const typesOfAUsedPackage = (name: string) => {
  const typed = name.match(/^@types\/(.+)$/)?.[1];
  return typed !== undefined && (typed === 'node' || typed in pkg.dependencies || typed in pkg.devDependencies);
};

describe('package.json', () => {
  it.each(Object.keys(pkg.dependencies))('when %s is a dependency, then our code imports it', (name) => {
    expect(named(name)).toBe(true);
  });

  it.each(Object.keys(pkg.devDependencies))('when %s is a dev dependency, then code, a config or an npm script uses it', (name) => {
    expect(named(name) || runByAScript(name) || typesOfAUsedPackage(name)).toBe(true);
  });
});
