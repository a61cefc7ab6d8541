/**
 * The API's light parts the BFF shares (logs, secrets, slow-request limits, readiness, open
 * counts, request lines), without the API itself: importing api/index.ts loads every component,
 * the embedded database and the image library, about 125 MB a process that only proxies would
 * hold for nothing (decision 014). The BFF starts an API through api/index.ts, loaded when it does.
 */
export { configuredSecret } from './config.ts';
export { createLogger, readableFor } from './logger.ts';
export { closeServer, instanceState, type InstanceState } from './http/readiness.ts';
export { SlowRequestEnv, bodyDeadline, serverTimeouts } from './http/slow-requests.ts';
export { openCounts } from './realtime/rate-limit.ts';
export { sharedOpenCounts, type RedisLink, type SharedOpenCounts } from './realtime/redis-open-counts.ts';
export { closeRedis, REDIS_COMMAND_TIMEOUT_MS, watchForHang } from './realtime/redis-watchdog.ts';
export { logRequestEnd, requestLevel } from './http/request-line.ts';
export { VALID_REQUEST_ID } from './http/request-log.ts';
