import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import ts from 'typescript';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

/**
 * Each side of the code is typechecked with only the types of where it runs (tsconfig.json's
 * references): a file that reaches for the other side's globals fails. Checked here with each
 * side's own compiler options on a one-line file, not the whole tree, so it costs seconds.
 */
const ROOT = path.resolve(import.meta.dirname, '../..');

/** The compiler's complaints about `source`, checked as a file of the side `config` describes. */
const complaints = (config: string, dir: string, source: string): Promise<string[]> =>
  (async () => {
    const parsed = ts.getParsedCommandLineOfConfigFile(
      path.join(ROOT, config),
      {},
      { ...ts.sys, onUnRecoverableConfigFileDiagnostic: () => {} },
    );
    if (!parsed) throw new Error(`${config} could not be read`);
    const file = path.join(dir, `${path.basename(config, '.json')}-breach.ts`);
    await writeFile(file, source);
    // The side's own declaration files (machines/runtime.d.ts for the shared side) come along.
    const declarations = parsed.fileNames.filter((name) => name.endsWith('.d.ts'));
    const program = ts.createProgram([file, ...declarations], parsed.options);
    return ts.getPreEmitDiagnostics(program, program.getSourceFile(file)).map((d) => ts.flattenDiagnosticMessageText(d.messageText, '\n'));
  })();

describe("each side sees only its own platform's types", () => {
  let dir: string;
  beforeAll(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'statefront-sides-'));
  });
  afterAll(() => rm(dir, { recursive: true, force: true }));

  it('when browser code uses a Buffer, then its typecheck fails', async () => {
    expect(await complaints('tsconfig.client.json', dir, "export const bytes = Buffer.from('x');\n")).toEqual([
      expect.stringMatching(/Cannot find name 'Buffer'/),
    ]);
  });

  it('when a server reads the document, then its typecheck fails', async () => {
    expect(await complaints('tsconfig.node.json', dir, 'export const title = document.title;\n')).toEqual([
      expect.stringMatching(/Cannot find name 'document'/),
    ]);
  });

  it('when a machine reaches for either side, then its typecheck fails, and what both sides give passes', async () => {
    const found = await complaints(
      'tsconfig.shared.json',
      dir,
      "export const a = document.title;\nexport const b = process.env;\nexport const c = crypto.randomUUID();\nexport const d = new URLSearchParams('x=1');\n",
    );
    expect(found).toEqual([expect.stringMatching(/Cannot find name 'document'/), expect.stringMatching(/Cannot find name 'process'/)]);
  });
});
