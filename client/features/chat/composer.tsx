import type { KeyboardEvent } from 'react';
import { Button } from '../../ui/button.tsx';
import { TextArea } from '../../ui/text-field.tsx';
import { composerStyle } from './chat-styles.ts';

/** The hub refuses longer texts; the box stops there instead. */
export const MAX_CHAT_TEXT = 2000;

export type ComposerProps = {
  label: string;
  value: string;
  onChange: (text: string) => void;
  onSend: () => void;
  readOnly?: boolean;
  autoFocus?: boolean;
};

/** Text area and Submit: Enter sends, Shift+Enter starts a new line (spec section 5). */
export function Composer({ label, value, onChange, onSend, readOnly, autoFocus }: ComposerProps) {
  const onKeyDown = (e: KeyboardEvent<HTMLTextAreaElement>) => {
    // While an IME is composing, Enter picks a candidate; it must not send.
    if (e.key !== 'Enter' || e.shiftKey || e.nativeEvent.isComposing) return;
    e.preventDefault();
    onSend();
  };
  return (
    <form
      css={composerStyle}
      onSubmit={(e) => {
        e.preventDefault();
        onSend();
      }}
    >
      <TextArea
        label={label}
        value={value}
        rows={2}
        maxLength={MAX_CHAT_TEXT}
        readOnly={readOnly}
        autoFocus={autoFocus}
        onChange={(e) => onChange(e.target.value)}
        onKeyDown={onKeyDown}
      />
      <Button type="submit">Submit</Button>
    </form>
  );
}
