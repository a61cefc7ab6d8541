import { CHAT_TEXTS } from '#contracts/chat.ts';
import { CHAT_HISTORY_PATHS, type ChatEarlier, transcriptMessages } from '#contracts/chat-history.ts';
import { useUserInfo } from '../../lib/hooks.ts';
import { useApiGet } from '../../lib/use-api-get.ts';
import { statusLine } from './chat-styles.ts';
import { MessageList } from './message-list.tsx';

/**
 * A logged-in customer's earlier conversations with support, above the current one (decision
 * 018): asked for once the panel is open, from the account's own transcripts. Guests have none.
 */
export function EarlierConversations({ open }: { open: boolean }) {
  const user = useUserInfo();
  const earlier = useApiGet<ChatEarlier>(open && user ? CHAT_HISTORY_PATHS.mine : null);
  const messages = earlier.status === 'success' ? earlier.data.transcripts.flatMap((t) => transcriptMessages(t)) : [];
  if (messages.length === 0) return null;
  return (
    <>
      <p css={statusLine}>Earlier conversations</p>
      <MessageList
        messages={messages}
        mine="client"
        labels={{ client: CHAT_TEXTS.you, admin: CHAT_TEXTS.support }}
        label="Earlier conversations with support"
        maxHeight={160}
      />
    </>
  );
}
