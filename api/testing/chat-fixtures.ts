import { expect } from 'vitest';
import type { Queryable } from '../db/types.ts';

/** What admins are told of a guest's message (decision 018): `Guest` and a number, and since when they wait. */
export const GUEST_WAITING = { name: expect.stringMatching(/^Guest \d+$/), waitingSince: expect.any(String) };

/**
 * Support chats as rows (decision 018), for tests of what carries the database: a guest's open
 * conversation waiting for an answer, with its owner's id, and a customer's closed transcript.
 */
export const insertChatRows = async (db: Queryable, tag: string | number): Promise<void> => {
  await db.query(`insert into chat_owners (owner, conversation, used_at) values ($1, $2, now())`, [`owner-${tag}`, `kept-id-${tag}`]);
  const { rows } = await db.query<{ id: string }>(
    `insert into chat_conversations (key, user_id, name, email, last_seq, opened_at, seen_at, waiting_since, closed_at, closed_why)
     values ($1, null, null, null, 1, now(), now(), now(), null, null),
            ($2, (select min(id::text)::uuid from users), 'Carla Customer', 'carla@example.test', 2, now(), now(), null, now(), 'admin closed chat')
     returning id`,
    [`kept-id-${tag}`, `closed-${tag}`],
  );
  await db.query(
    `insert into chat_messages (conversation, seq, sender, body, client_id, at) values
       ($1, 1, 'client', 'Is the kettle back?', 'c-1', now()), ($2, 1, 'client', 'Where is my parcel?', null, now()), ($2, 2, 'admin', 'On its way', null, now())`,
    [rows[0]!.id, rows[1]!.id],
  );
};
