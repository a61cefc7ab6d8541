/**
 * How npm start's long-running processes are started on a small server (decision 014, its
 * 2026-11-29 section): the BFF by package.json's `start` line, the API child by
 * scripts/api-child.ts. Each setting was measured on the shop at rest after ten page views.
 *
 * - `--max-semi-space-size=1`: V8 grows its young generation to 2 × 16 MB under load and keeps it
 *   at rest (the BFF held a 32 MB new space idle); 1 MB semi-spaces cost more scavenges, each
 *   short, on servers whose requests leave little alive.
 * - `--optimize-for-size`: a heap that grows in smaller steps, so garbage from the start and the
 *   first pages is collected instead of held (the BFF at rest 87–96 MB against 98–140 MB).
 * - `--v8-pool-size=1`, the API only: see API_NODE_FLAGS.
 * - `MALLOC_ARENA_MAX=2`: glibc gives each thread that allocates (libuv's pool compressing
 *   answers, V8's compiler threads, PGlite's worker) an arena of its own and keeps what was
 *   freed in each; two arenas held the API 20–30 MB lower. glibc reads it once, at the start,
 *   so it is set in the environment the process starts with.
 * - `MALLOC_TRIM_THRESHOLD_=131072`: glibc's default, but set, which stops glibc raising it (and
 *   the size it maps separately) after each large block freed, up to 64 MB: the start's large
 *   temporary blocks then kept the heap's freed top resident. Set, the API held about 15 MB less
 *   at rest (decision 014, its 16:00 section). Read once too, like the arenas.
 */

/** V8 flags for the BFF and the API processes. */
export const SERVER_NODE_FLAGS = ['--max-semi-space-size=1', '--optimize-for-size'] as const;

/**
 * The API's as well: one V8 background thread instead of four. PGlite's WebAssembly is compiled
 * lazily and its hot functions again by the optimising compiler on those threads, at once, each
 * in an arena of its own: the API held 172–185 MB at rest against 204–208 MB with four (V8's own
 * peak of allocated compiler memory 38 MB against 60). The BFF measured the same either way.
 */
export const API_NODE_FLAGS = [...SERVER_NODE_FLAGS, '--v8-pool-size=1'] as const;

export const DEFAULT_MALLOC_ARENA_MAX = '2';
export const DEFAULT_MALLOC_TRIM_THRESHOLD = '131072';

/** The API's flags, less any the owner set in NODE_OPTIONS (theirs then decide: node reads those first, a flag given later would win). */
export const apiNodeFlags = (env: Record<string, string | undefined>): string[] => {
  const own = env.NODE_OPTIONS ?? '';
  return API_NODE_FLAGS.filter((flag) => !own.includes(flag.split('=')[0]!));
};

/** The environment a server process starts with: the owner's glibc settings where set, else two arenas and a fixed trim threshold. */
export const serverMallocEnv = (env: Record<string, string | undefined>): { MALLOC_ARENA_MAX: string; MALLOC_TRIM_THRESHOLD_: string } => ({
  MALLOC_ARENA_MAX: env.MALLOC_ARENA_MAX?.trim() || DEFAULT_MALLOC_ARENA_MAX,
  MALLOC_TRIM_THRESHOLD_: env.MALLOC_TRIM_THRESHOLD_?.trim() || DEFAULT_MALLOC_TRIM_THRESHOLD,
});
