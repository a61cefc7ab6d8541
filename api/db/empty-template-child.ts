/**
 * The child of empty-template.ts: PGlite makes an empty database (initdb) in the folder given
 * as its one argument, closes it and ends, giving back the memory initdb took.
 */
import { PGlite } from '@electric-sql/pglite';
import { pgliteOptions } from './pglite-settings.ts';

const dir = process.argv[2];
if (!dir) throw new Error('Usage: empty-template-child.ts FOLDER');
const pg = await PGlite.create(pgliteOptions(dir));
await pg.close();
