/**
 * A private PostgreSQL server for a bench that needs one (bench/product-list.ts, bench/backup.ts):
 * the tests' own (tests/support/postgres-server.ts), initdb in a temp dir on a free loopback port.
 */
export { postgresBin, startPostgresServer as startPostgres } from '../../tests/support/postgres-server.ts';
