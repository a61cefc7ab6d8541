import { css } from '@emotion/react';
import { useId, useState } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { CHAT_HISTORY_PATHS, type ChatTranscript, type ChatTranscriptPage, transcriptMessages } from '#contracts/chat-history.ts';
import { dateTimeOf } from '../../lib/dates.ts';
import { useApiGet } from '../../lib/use-api-get.ts';
import { Pagination } from '../../ui/pagination.tsx';
import { Alert } from '../../ui/alert.tsx';
import { Button } from '../../ui/button.tsx';
import { Skeleton } from '../../ui/spinner.tsx';
import { colors, focusRing, radius, space } from '../../ui/theme.ts';
import { MessageList } from './message-list.tsx';

const searchStyle = css({
  display: 'flex',
  gap: space(2),
  alignItems: 'flex-end',
  flexWrap: 'wrap',
  '& > div': { flex: '1 1 16rem', margin: 0 },
});
// A plain field, not ui/text-field.tsx: that module would become a chunk of its own for the chats page.
const inputStyle = css(
  {
    display: 'block',
    width: '100%',
    padding: `${space(2)} ${space(3)}`,
    font: 'inherit',
    border: `1px solid ${colors.border}`,
    borderRadius: radius,
  },
  focusRing,
);
const listStyle = css({ listStyle: 'none', padding: 0, display: 'grid', gap: space(4) });
const cardStyle = css({ border: `1px solid ${colors.border}`, borderRadius: radius, '& h3': { margin: 0, fontSize: '1rem' } });
const cardHead = css({
  padding: `${space(2)} ${space(3)}`,
  borderBottom: `1px solid ${colors.border}`,
  '& p': { margin: 0, color: colors.muted },
});

function Transcript({ transcript }: { transcript: ChatTranscript }) {
  return (
    <li>
      <article aria-label={`Conversation with ${transcript.name}`} css={cardStyle}>
        <div css={cardHead}>
          <h3>{transcript.name}</h3>
          <p>
            {transcript.email ? `${transcript.email} · ` : ''}closed {dateTimeOf(transcript.closedAt)}
          </p>
        </div>
        <MessageList
          messages={transcriptMessages(transcript)}
          mine="admin"
          labels={{ client: 'Customer wrote:', admin: 'Support wrote:' }}
          label={`Messages with ${transcript.name}`}
          maxHeight={240}
        />
      </article>
    </li>
  );
}

/**
 * The admin's History view of /admin/chats: closed conversations, newest first, searched by the
 * customer's name, email or text (decision 018), the query and page in the address bar.
 */
export function AdminChatHistory() {
  const { pathname, search } = useLocation();
  const navigate = useNavigate();
  const params = new URLSearchParams(search);
  const query = params.get('q') ?? '';
  const page = Math.max(1, Number.parseInt(params.get('page') ?? '1', 10) || 1);
  const [draft, setDraft] = useState(query);
  const searchId = useId();
  const state = useApiGet<ChatTranscriptPage>(`${CHAT_HISTORY_PATHS.history}?${new URLSearchParams({ q: query, page: String(page) })}`);
  const hrefOf = (to: number, q = query) =>
    `${pathname}?${new URLSearchParams({ view: 'history', ...(q ? { q } : {}), ...(to > 1 ? { page: String(to) } : {}) })}`;

  return (
    <section aria-label="Chat history">
      <form
        role="search"
        css={searchStyle}
        onSubmit={(e) => {
          e.preventDefault();
          navigate(hrefOf(1, draft.trim()));
        }}
      >
        <div>
          <label htmlFor={searchId} css={{ display: 'block', fontWeight: 600, marginBottom: space(1) }}>
            Search by name, email or text
          </label>
          <input id={searchId} css={inputStyle} type="search" value={draft} maxLength={200} onChange={(e) => setDraft(e.target.value)} />
        </div>
        <Button type="submit">Search history</Button>
      </form>
      {state.status === 'loading' ? <Skeleton height={120} /> : null}
      {state.status === 'error' ? <Alert tone="danger">{state.error}</Alert> : null}
      {state.status === 'success' ? (
        <>
          {state.data.transcripts.length === 0 ? (
            <p css={{ color: colors.muted }}>{query ? `No conversation matches “${query}”.` : 'No conversation has been closed yet.'}</p>
          ) : (
            <ol css={listStyle}>
              {state.data.transcripts.map((t) => (
                <Transcript key={t.id} transcript={t} />
              ))}
            </ol>
          )}
          <Pagination
            pageNum={page}
            linksNumber={state.data.pages}
            hrefOf={(to) => hrefOf(to)}
            label="Chat history pages"
            showPosition
            keepFocus
          />
        </>
      ) : null}
    </section>
  );
}
