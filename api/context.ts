import type { Request } from 'express';
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

/** One request's context: what the services log about it carries its request id (req.log). */
export const forRequest = (ctx: ApiContext, req: Request): ApiContext => ({ ...ctx, logger: req.log });
