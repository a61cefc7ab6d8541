import { MemoryStore } from 'express-rate-limit';
import type { Logger } from 'pino';
import type { BffConfig } from '../config.ts';
import { addressCounter, apiLimiter, guestCounter, loginLimits } from './rate-limits.ts';
import type { RedisCounters } from './redis-store.ts';
import { registrationLimit, TOO_MANY_RESET_REQUESTS } from './registration-limit.ts';

/**
 * The BFF's limiters, each on its own counters: in Redis under its own prefix when REDIS_URL
 * is set (every instance shares them), in this process's memory otherwise.
 * `apiLimitPerMinute` overrides both /api limits a minute (tests raise or lower it).
 */
export const bffLimits = ({
  config,
  counters,
  logger,
  apiLimitPerMinute,
}: {
  config: BffConfig;
  counters: RedisCounters | undefined;
  logger: Logger;
  apiLimitPerMinute?: number | undefined;
}) => {
  const perAddress = apiLimitPerMinute ?? config.API_GUEST_LIMIT_PER_MINUTE;
  // apiLimiter's store is the one cache-hits-first.ts counts guests in, for the hits it answers before Express.
  const apiStore = counters?.store('statefront:api-limit:') ?? new MemoryStore();
  return {
    api: apiLimiter({ perUser: apiLimitPerMinute ?? config.API_LIMIT_PER_MINUTE, perAddress, store: apiStore, logger }),
    countGuest: guestCounter(apiStore, perAddress),
    /** A page rendered on the server costs the API like a call: it counts against the address's allowance. */
    countPage: addressCounter(apiStore, perAddress),
    login: loginLimits({
      perAccount: config.LOGIN_FAILURES_PER_ACCOUNT,
      perAddress: config.LOGIN_FAILURES_PER_ADDRESS,
      windowMinutes: config.LOGIN_FAILURE_WINDOW_MINUTES,
      stores: { account: counters?.store('statefront:login-limit:'), address: counters?.store('statefront:login-address-limit:') },
      logger,
    }),
    pinStores: { failures: counters?.store('statefront:kiosk-pin-failures:'), locks: counters?.store('statefront:kiosk-pin-locks:') },
    registrations: registrationLimit({
      perHour: config.REGISTRATIONS_PER_ADDRESS_PER_HOUR,
      store: counters?.store('statefront:registration-limit:'),
      logger,
    }),
    // Every request counts: its answer is the same whether or not the address has an account.
    resetRequests: registrationLimit({
      perHour: config.PASSWORD_RESETS_PER_ADDRESS_PER_HOUR,
      message: TOO_MANY_RESET_REQUESTS,
      successesOnly: false,
      name: 'password-resets',
      store: counters?.store('statefront:reset-request-limit:'),
      logger,
    }),
  };
};
