import { Router } from 'express';
import { z } from 'zod';
import type { ChatEarlier, ChatTranscriptPage } from '#contracts/chat-history.ts';
import { requireAdmin, requireUser } from '../../auth/middleware.ts';
import type { ApiContext } from '../../context.ts';
import { parse } from '../../http/validate.ts';
import { earlierConversations, searchHistory } from '../../realtime/conversation-history.ts';

export const HistoryQuery = z.object({
  q: z.string().max(200, 'at most 200 characters').optional(),
  page: z.coerce.number().int().min(1).max(100_000).default(1),
});

/**
 * /api/chats: closed support conversations, kept as transcripts (decision 018). The history is
 * the admins' alone; a logged-in customer reads only their own earlier conversations.
 */
export const chatsRoutes = (ctx: ApiContext): Router => {
  const router = Router();

  router.get('/history', requireAdmin, async (req, res) => {
    const { q, page } = parse(HistoryQuery, req.query);
    res.json((await searchHistory(ctx.db, { query: q ?? '', page })) satisfies ChatTranscriptPage);
  });

  router.get('/mine', requireUser, async (req, res) => {
    res.json({ transcripts: await earlierConversations(ctx.db, req.user!._id) } satisfies ChatEarlier);
  });

  return router;
};
