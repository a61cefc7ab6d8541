-- The one trace a shared screen leaves (docs/decisions/022-shared-screen.md, 028): a
-- `Shared screen from {time} to {time}` line in its conversation, kept like a message and shown
-- in the transcripts. `sender = 'screen'`: `body` is when sharing began (ISO), `at` when it ended;
-- the readers format both in the reader's own time zone. Live views of an open conversation
-- leave these rows out: they are the transcript's, not the chat's.
alter table chat_messages drop constraint chat_messages_sender_check;
alter table chat_messages add constraint chat_messages_sender_check check (sender in ('client', 'admin', 'screen'));
