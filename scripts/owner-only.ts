/**
 * Imported first by every command that writes DATA_DIR (npm start, start:api, start:bff, start:cluster,
 * seed, backup, restore, create-admin, images:rebuild): what it creates is its owner's alone.
 * See api/private-files.ts for the exceptions (the images others serve, folders passed through).
 */
import { ownerOnlyUmask } from '../api/private-files.ts';

ownerOnlyUmask();
