import type { Logger } from 'pino';
import { createClient } from 'redis';

/**
 * The hub's Redis connection. Connecting starts at once and commands issued meanwhile wait in
 * node-redis's queue, which lets the hub attach synchronously like the in-memory one. Errors
 * are logged and node-redis keeps reconnecting (with its backoff) instead of crashing the API.
 */
export const openHubRedis = (url: string, logger: Logger) => {
  const client = createClient({ url });
  client.on('error', (err: unknown) => logger.error({ err }, 'chat redis connection failed'));
  client.connect().catch((err: unknown) => logger.error({ err }, 'chat redis did not connect'));
  return client;
};

export type HubRedis = ReturnType<typeof openHubRedis>;
