-- An admin's reply to a logged-in customer who has left the chat is mailed to them, at most once
-- an hour per conversation (docs/decisions/024-chat-reply-mail.md): when the last one was queued,
-- so that one conditional update decides, on any instance, whether this reply queues another.
alter table chat_conversations add column reply_mailed_at timestamptz;
