import type { Logger } from 'pino';
import type { ApiConfig } from './config.ts';
import type { Db } from './db/index.ts';
import type { DomainEvents } from './events.ts';

/** What every component's routes receive: no globals. */
export type ApiContext = {
  db: Db;
  config: ApiConfig;
  logger: Logger;
  events: DomainEvents;
};
