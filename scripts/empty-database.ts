/**
 * The last-but-one step of `npm run build`: makes the empty embedded database that a restore
 * copies instead of running PGlite's initdb (api/db/empty-template.ts, decision 016), unless the
 * installed PGlite's is there already. `tsx scripts/empty-database.ts` makes it alone.
 */
import { ensureTemplate } from '../api/db/empty-template.ts';

console.log(`The empty embedded database a restore starts from: ${await ensureTemplate()}`);
