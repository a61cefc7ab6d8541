/** Reads and writes the test plans of `npm run test:model -- --plan` under docs/machines/. */
import { mkdirSync, readdirSync, readFileSync, writeFileSync, rmSync, existsSync } from 'node:fs';
import path from 'node:path';
import { allModels } from '../machines/testing/models.ts';
import { PLAN_DIR, planFiles, stalePlanFiles } from '../machines/testing/plan.ts';

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
  const { files, problems } = planFiles(allModels());
  if (problems.length > 0) return problems;
  return stalePlanFiles(files, plansOnDisk()).map((p) => `${p}: run \`npm run test:model -- --plan\``);
};

/** Writes every plan and removes those of machines that are gone; returns the missing sentences, if any. */
export const writePlans = (): string[] => {
  const { files, problems } = planFiles(allModels());
  if (problems.length > 0) return problems;
  mkdirSync(path.join(root, PLAN_DIR), { recursive: true });
  for (const old of plansOnDisk().keys()) if (!files.has(old)) rmSync(path.join(root, old));
  for (const [file, text] of files) writeFileSync(path.join(root, file), text);
  console.log(`plan: wrote ${files.size} file(s) to ${PLAN_DIR}/`);
  return [];
};
