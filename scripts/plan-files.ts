/**
 * Reads and writes what `npm run test:model -- --plan` generates from the machines: the test
 * plans under docs/machines/ and the table of machines in machines/README.md.
 */
import { mkdirSync, readdirSync, readFileSync, writeFileSync, rmSync, existsSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { AnyStateMachine } from 'xstate';
import {
  CATALOGUE_FILE,
  catalogueTable,
  staleCatalogue,
  withCatalogue,
  type CatalogueEntry,
  type MachineSource,
} from '#machines/testing/catalogue.ts';
import type { ModelSpec } from '#machines/testing/model.ts';
import { PLAN_DIR, planFiles, stalePlanFiles } from '#machines/testing/plan.ts';
import { everyModel } from './models.ts';

const root = path.resolve(import.meta.dirname, '..');

/** The plan files now on disk, by their repository path. */
export const plansOnDisk = (): Map<string, string> => {
  const dir = path.join(root, PLAN_DIR);
  if (!existsSync(dir)) return new Map();
  return new Map(
    readdirSync(dir)
      .filter((f) => f.endsWith('.plan.md'))
      .map((f) => [`${PLAN_DIR}/${f}`, readFileSync(path.join(dir, f), 'utf8')]),
  );
};

/** The problems that make CI fail: missing sentences, or files that differ from the machines. */
export const checkPlans = (): string[] => {
  const { files, problems } = planFiles(everyModel());
  if (problems.length > 0) return problems;
  return stalePlanFiles(files, plansOnDisk()).map((p) => `${p}: run \`npm run test:model -- --plan\``);
};

/** Writes every plan and removes those of machines that are gone; returns the missing sentences, if any. */
export const writePlans = (): string[] => {
  const { files, problems } = planFiles(everyModel());
  if (problems.length > 0) return problems;
  mkdirSync(path.join(root, PLAN_DIR), { recursive: true });
  for (const old of plansOnDisk().keys()) if (!files.has(old)) rmSync(path.join(root, old));
  for (const [file, text] of files) writeFileSync(path.join(root, file), text);
  console.log(`plan: wrote ${files.size} file(s) to ${PLAN_DIR}/`);
  return [];
};

const isMachine = (value: unknown): value is AnyStateMachine =>
  typeof value === 'object' && value !== null && 'config' in value && 'root' in value && 'provide' in value;

/** Where machines are defined: the shop's, and the API's (the hub's sockets). */
const MACHINE_DIRS = ['machines', 'api'];

/**
 * Every machine exported by a `.machine.ts` file under machines/ or api/, keyed by its definition:
 * a model's machine is the export with test actors provided, and `.provide` keeps the definition.
 */
export const machineSources = async (): Promise<Map<unknown, MachineSource>> => {
  const files = MACHINE_DIRS.flatMap((dir) =>
    readdirSync(path.join(root, dir), { recursive: true })
      .map((f) => `${dir}/${String(f).split(path.sep).join('/')}`)
      .filter((f) => f.endsWith('.machine.ts'))
      .sort(),
  );
  const sources = new Map<unknown, MachineSource>();
  for (const file of files) {
    const module = (await import(pathToFileURL(path.join(root, file)).href)) as Record<string, unknown>;
    for (const [exportName, value] of Object.entries(module)) if (isMachine(value)) sources.set(value.config, { file, exportName });
  }
  return sources;
};

/** The catalogue's rows, or the problems that keep it from naming every machine once. */
export const catalogueEntries = (
  specs: ModelSpec[],
  sources: Map<unknown, MachineSource>,
): { entries: CatalogueEntry[]; problems: string[] } => {
  const problems: string[] = [];
  const entries: CatalogueEntry[] = [];
  for (const spec of specs) {
    const source = sources.get(spec.machine.config);
    if (source) entries.push({ name: spec.name, machine: spec.machine, source });
    else problems.push(`${spec.name}: its machine is exported by no .machine.ts file under machines/ or api/`);
  }
  const modelled = new Set<unknown>(specs.map((s) => s.machine.config));
  for (const [config, { file, exportName }] of sources)
    if (!modelled.has(config)) problems.push(`${file} exports ${exportName}, which has no model in scripts/models.ts`);
  return { entries, problems };
};

const readCatalogue = (): string | undefined => {
  const file = path.join(root, CATALOGUE_FILE);
  return existsSync(file) ? readFileSync(file, 'utf8') : undefined;
};

const generatedTable = async (): Promise<{ table: string; problems: string[] }> => {
  const { entries, problems } = catalogueEntries(everyModel(), await machineSources());
  return { table: catalogueTable(entries), problems };
};

/** The problems that make CI fail: a machine the table cannot place, or a README that differs from the machines. */
export const checkCatalogue = async (): Promise<string[]> => {
  const { table, problems } = await generatedTable();
  if (problems.length > 0) return problems;
  return staleCatalogue(readCatalogue(), table).map((p) => `${p}: run \`npm run test:model -- --plan\``);
};

/** Writes the table into machines/README.md between its markers; returns the problems, if any. */
export const writeCatalogue = async (): Promise<string[]> => {
  const { table, problems } = await generatedTable();
  if (problems.length > 0) return problems;
  const readme = readCatalogue();
  if (readme === undefined) return [`${CATALOGUE_FILE} is missing`];
  try {
    writeFileSync(path.join(root, CATALOGUE_FILE), withCatalogue(readme, table));
  } catch (error) {
    return [(error as Error).message];
  }
  console.log(`plan: wrote the table of machines to ${CATALOGUE_FILE}`);
  return [];
};
