import type { Queryable } from '../db/types.ts';

/**
 * The shares of shoppers' screens in progress, in the shop's database (migration 027), so that a
 * share cut short by a crash or a restart still leaves its `Shared screen from … to …` line
 * (decision 022). Each instance writes the shares of its own sockets (`instance`): one row per
 * conversation and instance, written when the share begins, deleted with its line when it ends.
 * Only the times are kept, never anything of the screen.
 */
export type ScreenShares = {
  /** A share began at `since` (epoch ms); one already kept for this conversation here keeps its start. */
  began(key: string, since: number): Promise<void>;
  /** The share ended now: its line goes into the conversation (false when the key had none then, or no share was kept). */
  ended(key: string): Promise<boolean>;
  /** These shares go on now: were they cut short, their lines would end here. */
  seen(keys: string[]): Promise<void>;
  /** Ends, each at its last `seen_at`, what this instance's previous run held: called as it starts, before any socket. Answers the lines written. */
  endOwn(): Promise<number>;
  /** Ends, each at its last `seen_at`, any instance's shares not seen since `before` (epoch ms): an instance that died and did not come back. */
  endStale(before: number): Promise<number>;
  /** Which of these keys some instance still shares. */
  held(keys: string[]): Promise<Set<string>>;
};

const at = (ms: number) => new Date(ms).toISOString();

/*
 * One share ends, in one statement: its row goes, and its line is numbered like a message in the
 * conversation of its key that is open, or that closed after the share began (an admin's close
 * ends both), the latest of them. `$3` is the end; null ends it where it was last seen.
 */
const END_SHARE = `
with gone as (
  delete from chat_screen_shares where key = $1 and instance = $2
  returning key, since, coalesce($3::timestamptz, seen_at) as until
),
c as (
  select k.id, gone.since, gone.until from gone join chat_conversations k
    on k.key = gone.key and (k.closed_at is null or k.closed_at >= gone.since)
  order by k.id desc limit 1
),
up as (update chat_conversations k set last_seq = k.last_seq + 1 from c where k.id = c.id returning k.id, k.last_seq)
insert into chat_messages (conversation, seq, sender, body, at)
select up.id, up.last_seq, 'screen', to_json(c.since) #>> '{}', c.until from up join c on c.id = up.id`;

export const createScreenShares = (db: Queryable, instance: string): ScreenShares => {
  const end = async (key: string, holder: string, until: string | null) => (await db.query(END_SHARE, [key, holder, until])).rowCount > 0;
  /** Few rows (the shares of a dead instance): one statement each, so each line gets its own number. */
  const endEach = async (select: string, params: unknown[]) => {
    const { rows } = await db.query<{ key: string; instance: string }>(select, params);
    let lines = 0;
    for (const row of rows) if (await end(row.key, row.instance, null)) lines += 1;
    return lines;
  };
  return {
    async began(key, since) {
      await db.query(
        `insert into chat_screen_shares (key, instance, since, seen_at) values ($1, $2, $3, $3)
         on conflict (key, instance) do update set seen_at = excluded.seen_at`,
        [key, instance, at(since)],
      );
    },
    ended: (key) => end(key, instance, at(Date.now())),
    async seen(keys) {
      if (keys.length === 0) return;
      await db.query('update chat_screen_shares set seen_at = $3 where instance = $1 and key = any($2::text[])', [
        instance,
        keys,
        at(Date.now()),
      ]);
    },
    endOwn: () => endEach('select key, instance from chat_screen_shares where instance = $1', [instance]),
    endStale: (before) => endEach('select key, instance from chat_screen_shares where seen_at < $1', [at(before)]),
    async held(keys) {
      if (keys.length === 0) return new Set();
      const { rows } = await db.query<{ key: string }>('select distinct key from chat_screen_shares where key = any($1::text[])', [keys]);
      return new Set(rows.map((row) => row.key));
    },
  };
};
