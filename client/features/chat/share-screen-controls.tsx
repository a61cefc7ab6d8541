import { css } from '@emotion/react';
import { SCREEN_TEXTS } from '#contracts/shared-screen.ts';
import { Button } from '../../ui/button.tsx';
import { colors, space } from '../../ui/theme.ts';

const boxStyle = css({
  padding: `0 ${space(3)} ${space(3)}`,
  fontSize: '0.9rem',
  '& p': { margin: `${space(1)} 0`, color: colors.muted },
  '& button + button': { marginLeft: space(2) },
});

type Props = {
  sharing: boolean;
  asked: boolean;
  onShare: () => void;
  onStop: () => void;
  onDecline: () => void;
  /** The offer is why the panel opened (the kiosk's Call staff): it takes the focus, not the message field. */
  focusOffer?: boolean;
};

/** Under the message field: consent to share the screen, off until the shopper turns it on (decision 022). */
export function ShareScreenControls({ sharing, asked, onShare, onStop, onDecline, focusOffer = false }: Props) {
  if (sharing) {
    return (
      <div css={boxStyle}>
        <p role="status">{SCREEN_TEXTS.sharing}</p>
        <Button variant="secondary" onClick={onStop}>
          {SCREEN_TEXTS.stop}
        </Button>
      </div>
    );
  }
  if (asked) {
    return (
      <div css={boxStyle} role="group" aria-label={SCREEN_TEXTS.asked}>
        <p>{SCREEN_TEXTS.asked}</p>
        <p>{SCREEN_TEXTS.what}</p>
        <Button onClick={onShare}>{SCREEN_TEXTS.accept}</Button>
        <Button variant="secondary" onClick={onDecline}>
          {SCREEN_TEXTS.decline}
        </Button>
      </div>
    );
  }
  return (
    <div css={boxStyle}>
      <Button variant="secondary" onClick={onShare} autoFocus={focusOffer}>
        {SCREEN_TEXTS.share}
      </Button>
      <p>{SCREEN_TEXTS.what}</p>
    </div>
  );
}
