import { CHAT_TEXTS, type ChatMessage } from '#contracts/chat.ts';
import { LIMITS } from '#contracts/rules.ts';
import { SCREEN_TEXTS } from '#contracts/shared-screen.ts';
import { el, styleElement } from '../shared/dom.ts';
import { panelCss } from './styles.ts';

export type PanelState = {
  messages: ChatMessage[];
  draft: string;
  unread: boolean;
  status: string;
  /** A refusal (too fast, too many chats) as the shop words it, or null. */
  notice: string | null;
  /** The visitor's consent to share this page (decision 028): off, asked by support, or on. */
  sharing: 'off' | 'asked' | 'on';
  /** How many of the visitor's latest messages the shop has not received (it cannot be reached). */
  undelivered: number;
};
export type PanelHandlers = {
  input: (text: string) => void;
  submit: () => void;
  close: () => void;
  seen: () => void;
  share: () => void;
  stopSharing: () => void;
  decline: () => void;
  retry: () => void;
};

const button = (doc: Document, label: string, onClick: () => void, secondary = true) => {
  const b = el(doc, 'button', { type: 'button', class: secondary ? 'plain' : 'submit' }, [label]);
  b.addEventListener('click', onClick);
  return b;
};

const bubble = (doc: Document, message: ChatMessage) => {
  const mine = 'client' in message;
  const label = mine ? CHAT_TEXTS.you : CHAT_TEXTS.support;
  return el(doc, 'p', { class: `bubble ${mine ? 'you' : 'support'}` }, [el(doc, 'b', {}, [label]), mine ? message.client : message.admin]);
};

/**
 * The chat panel, built once inside the widget's shadow root; `render` applies the machine's
 * state. Messages are appended, not redrawn, so the polite live log announces only new ones.
 */
export const createPanel = (root: ShadowRoot, title: string, side: 'left' | 'right', on: PanelHandlers) => {
  const doc = root.ownerDocument;
  const dot = el(doc, 'span', { class: 'dot', hidden: true, 'aria-hidden': 'true' });
  const close = el(doc, 'button', { type: 'button', class: 'close', 'aria-label': 'Close chat' }, ['×']);
  const log = el(doc, 'div', { class: 'log', role: 'log', 'aria-live': 'polite', 'aria-label': 'Messages' });
  const status = el(doc, 'p', { class: 'status', role: 'status' });
  const notice = el(doc, 'p', { class: 'status notice', role: 'status' });
  const text = el(doc, 'textarea', { id: 'statefront-chat-text', rows: '2', maxlength: String(LIMITS.chatMessageMax) });
  const form = el(doc, 'form', {}, [
    el(doc, 'label', { for: 'statefront-chat-text' }, ['Your message']),
    text,
    el(doc, 'button', { type: 'submit', class: 'submit' }, ['Submit']),
  ]);
  const failed = el(doc, 'p', { class: 'status', role: 'alert', hidden: true }, [
    CHAT_TEXTS.notDelivered,
    ' ',
    button(doc, CHAT_TEXTS.retry, on.retry),
  ]);
  const shares = {
    off: el(doc, 'div', { class: 'share' }, [button(doc, SCREEN_TEXTS.sharePage, on.share), el(doc, 'p', {}, [SCREEN_TEXTS.pageWhat])]),
    asked: el(doc, 'div', { class: 'share', role: 'group', 'aria-label': SCREEN_TEXTS.asked }, [
      el(doc, 'p', {}, [SCREEN_TEXTS.asked]),
      el(doc, 'p', {}, [SCREEN_TEXTS.pageWhat]),
      button(doc, SCREEN_TEXTS.accept, on.share, false),
      button(doc, SCREEN_TEXTS.decline, on.decline),
    ]),
    on: el(doc, 'div', { class: 'share' }, [
      el(doc, 'p', { role: 'status' }, [SCREEN_TEXTS.pageSharing]),
      button(doc, SCREEN_TEXTS.stop, on.stopSharing),
    ]),
  };
  const heading = el(doc, 'h2', { id: 'statefront-chat-title' }, [title, dot]);
  const panel = el(
    doc,
    'section',
    { id: 'statefront-chat-panel', class: `panel ${side}`, role: 'dialog', 'aria-labelledby': 'statefront-chat-title', hidden: true },
    [el(doc, 'header', {}, [heading, close]), log, failed, status, notice, form, shares.off, shares.asked, shares.on],
  );
  root.append(styleElement(doc, panelCss), panel);

  text.addEventListener('input', () => on.input(text.value));
  text.addEventListener('keydown', (event) => {
    // Enter sends, Shift+Enter is a new line; an IME composition's Enter is not a send.
    if (event.key === 'Enter' && !event.shiftKey && !event.isComposing) {
      event.preventDefault();
      on.submit();
    }
  });
  form.addEventListener('submit', (event) => {
    event.preventDefault();
    on.submit();
  });
  close.addEventListener('click', on.close);
  panel.addEventListener('keydown', (event) => {
    if (event.key === 'Escape') on.close();
  });
  panel.addEventListener('focusin', on.seen);
  panel.addEventListener('pointerdown', on.seen);

  let shown = 0;
  let lastDraft = '';
  return {
    panel,
    render: (state: PanelState) => {
      if (state.messages.length < shown) {
        log.replaceChildren();
        shown = 0;
      }
      for (const message of state.messages.slice(shown)) log.append(bubble(doc, message));
      // The latest messages of the visitor's are the ones waiting: marked until the shop has them.
      const mine = [...log.querySelectorAll('.you')];
      mine.forEach((b, i) => b.classList.toggle('failed', i >= mine.length - state.undelivered));
      failed.hidden = state.undelivered === 0;
      for (const [name, box] of Object.entries(shares)) box.hidden = name !== state.sharing;
      if (state.messages.length > shown) log.scrollTop = log.scrollHeight;
      shown = state.messages.length;
      // The machine clears the sent text 200 ms after a send, keeping what was typed after it: the
      // box follows it then. While typing, the draft is the box's own text already.
      if (state.draft !== lastDraft && text.value !== state.draft) text.value = state.draft;
      lastDraft = state.draft;
      dot.hidden = !state.unread;
      if (status.textContent !== state.status) status.textContent = state.status;
      if (notice.textContent !== (state.notice ?? '')) notice.textContent = state.notice ?? '';
    },
    show: () => {
      panel.hidden = false;
      text.focus();
    },
    hide: () => {
      panel.hidden = true;
    },
  };
};

export const statusText = (tags: { noAdmin: boolean; adminClosed: boolean }) =>
  tags.adminClosed ? CHAT_TEXTS.adminClosed : tags.noAdmin ? CHAT_TEXTS.noAdmin : '';
