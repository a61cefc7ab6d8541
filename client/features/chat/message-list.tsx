import { useEffect, useRef } from 'react';
import type { ChatMessage } from '#contracts/chat.ts';
import type { ChatNote } from '#contracts/chat-history.ts';
import { logStyle, mineStyle, noteStyle, theirsStyle } from './chat-styles.ts';

export type MessageListProps = {
  /** A note (a transcript's shared screen line) is neither side's: it stands between the bubbles. */
  messages: (ChatMessage | ChatNote)[];
  /** Which side is the reader's own: the shopper's ('client') or the admin's. */
  mine: 'client' | 'admin';
  labels: { client: string; admin: string };
  label: string;
  maxHeight?: number | string;
};

/**
 * The conversation as bubbles. Texts are rendered as React text, never as HTML, so a message
 * cannot inject markup. New messages scroll into view and are announced politely.
 */
export function MessageList({ messages, mine, labels, label, maxHeight = 320 }: MessageListProps) {
  const end = useRef<HTMLLIElement>(null);
  useEffect(() => {
    end.current?.scrollIntoView?.({ block: 'nearest' });
  }, [messages.length]);
  return (
    <ol role="log" aria-live="polite" aria-label={label} css={[logStyle, { maxHeight }]}>
      {messages.map((m, i) => {
        if ('note' in m) {
          return (
            <li key={i} css={noteStyle}>
              {m.note}
            </li>
          );
        }
        const from = 'client' in m ? 'client' : 'admin';
        const text = 'client' in m ? m.client : m.admin;
        return (
          <li key={i} css={from === mine ? mineStyle : theirsStyle}>
            <strong>{labels[from]}</strong>
            <p>{text}</p>
          </li>
        );
      })}
      <li ref={end} aria-hidden="true" css={{ height: 0, padding: 0 }} />
    </ol>
  );
}
