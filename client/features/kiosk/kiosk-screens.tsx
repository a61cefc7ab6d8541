import { css } from '@emotion/react';
import type { ProductSummary } from '#contracts/product.ts';
import { useApiGet } from '../../lib/use-api-get.ts';
import { Button, buttonStyle } from '../../ui/button.tsx';
import { colors, space } from '../../ui/theme.ts';
import { EARLY_START_HASH } from './early-touch.ts';
import { OVERLAY_ATTRIBUTE } from './use-browser.ts';
import { ProductPicture } from '../../ui/product-picture.tsx';
import { VisuallyHidden } from '../../ui/visually-hidden.tsx';

const fullScreen = css({
  position: 'fixed',
  inset: 0,
  zIndex: 3000,
  display: 'flex',
  flexDirection: 'column',
  alignItems: 'center',
  // Centred while it fits; larger text (the accessibility mode) scrolls rather than pushing the start off screen.
  justifyContent: 'safe center',
  overflowY: 'auto',
  gap: space(6),
  padding: space(6),
  background: colors.navbar,
  color: colors.onNavbar,
  textAlign: 'center',
});
const bigButton = css({ minHeight: 88, minWidth: 320, fontSize: '1.75rem', padding: `${space(4)} ${space(10)}` });
/** The start link's box covers the whole attract screen, so a touch anywhere is a touch on it, scripts or not. */
const stretched = css({ '&::after': { content: '""', position: 'absolute', inset: 0 } });
const tiles = css({
  display: 'grid',
  gap: space(4),
  gridTemplateColumns: 'repeat(auto-fit, minmax(180px, 1fr))',
  width: 'min(100%, 1100px)',
  listStyle: 'none',
  margin: 0,
  padding: 0,
});
const tileImage = css({
  display: 'block',
  width: '100%',
  height: 180,
  objectFit: 'contain',
  background: colors.background,
  borderRadius: 8,
});

/**
 * The kiosk between shoppers: the bestsellers and `Touch to start`. A touch anywhere starts, on
 * its click (the screen stays until the touch is over, so nothing under it gets the touch); the
 * button is the same for a keyboard. The server renders it too (entry-server.tsx): there `Touch
 * to start` is a link to EARLY_START_HASH stretched over the screen, so a touch before the
 * scripts run is kept in the address (early-touch.ts); once they run, the click starts at once.
 */
/** What the attract screen shows besides its texts: the server fetches it to render the screen. */
export const ATTRACT_DATA_URLS = ['/api/products/bestsellers'] as const;

export function AttractScreen({ onStart }: { onStart: () => void }) {
  const bestsellers = useApiGet<ProductSummary[]>(ATTRACT_DATA_URLS[0]);
  return (
    <section
      css={fullScreen}
      aria-labelledby="kiosk-attract-heading"
      onClick={(e) => {
        e.preventDefault();
        onStart();
      }}
      {...{ [OVERLAY_ATTRIBUTE]: '' }}
    >
      <h1 id="kiosk-attract-heading" css={{ margin: 0, fontSize: '2.5rem' }}>
        Statefront - Best Online Shop
      </h1>
      {bestsellers.status === 'success' && bestsellers.data.length > 0 ? (
        <ul css={tiles} aria-label="Bestsellers">
          {bestsellers.data.map((product) => (
            <li key={product._id}>
              {product.images?.[0] ? (
                // A tile is about 200 px wide (at most 1100 px of 180 px columns), 180 px high.
                <ProductPicture image={product.images[0]} width={240} height={180} sizes="240px" css={tileImage} />
              ) : null}
              <p css={{ margin: `${space(2)} 0 0`, fontWeight: 600 }}>{product.name}</p>
            </li>
          ))}
        </ul>
      ) : null}
      <a href={EARLY_START_HASH} role="button" css={[buttonStyle(), bigButton, stretched]}>
        Touch to start
      </a>
    </section>
  );
}

const countdownText = (remaining: number) =>
  `The screen starts over for the next shopper in ${remaining} ${remaining === 1 ? 'second' : 'seconds'}.`;

/** Idle too long: the countdown to the reset; a touch anywhere on it (its button too) or a key keeps the session. */
export function IdleWarning({ remaining, onContinue }: { remaining: number; onContinue: () => void }) {
  return (
    <div css={[fullScreen, { background: 'rgba(15, 23, 42, 0.88)' }]} onClick={onContinue} {...{ [OVERLAY_ATTRIBUTE]: '' }}>
      <div
        role="alertdialog"
        aria-modal="true"
        aria-labelledby="kiosk-warning-heading"
        aria-describedby="kiosk-warning-text"
        css={{ display: 'grid', gap: space(4), justifyItems: 'center' }}
      >
        <h2 id="kiosk-warning-heading" css={{ margin: 0, fontSize: '2.25rem' }}>
          Do you still need time?
        </h2>
        <p id="kiosk-warning-text" css={{ margin: 0, fontSize: '1.5rem' }}>
          The screen starts over for the next shopper in <span data-testid="kiosk-countdown">{remaining}</span> s.
        </p>
        {/* Announced every 5 s, then each of the last 5: a count said every second would never finish. */}
        <VisuallyHidden role="status">{remaining % 5 === 0 || remaining <= 5 ? countdownText(remaining) : null}</VisuallyHidden>
        <Button css={bigButton} autoFocus>
          Yes, I need more time
        </Button>
      </div>
    </div>
  );
}

/** The shop cannot be reached: a calm screen; the kiosk retries and carries on by itself. */
export function RightBackScreen() {
  return (
    <div css={fullScreen} role="status" aria-live="polite">
      <h1 css={{ margin: 0, fontSize: '2.5rem' }}>We&apos;ll be right back</h1>
      <p css={{ margin: 0, fontSize: '1.5rem' }}>The shop is taking a short break. This screen carries on by itself in a moment.</p>
    </div>
  );
}

export const KIOSK_TEXTS = {
  oneMoment: 'One moment …',
  thanks: 'Thank you! Your cart is on your phone now.',
  thanksNext: 'This screen starts over for the next shopper.',
} as const;

/** Between a reset's start and the attract screen (until the server confirms the session is gone): nothing of the last shopper shows. */
export function OneMomentScreen() {
  return (
    <div css={fullScreen} role="status">
      <p css={{ margin: 0, fontSize: '1.5rem' }}>{KIOSK_TEXTS.oneMoment}</p>
    </div>
  );
}

/** The phone took the cart: the shopper is thanked and the screen starts over by itself. */
export function ThanksScreen() {
  return (
    <div css={fullScreen} role="status">
      <h1 css={{ margin: 0, fontSize: '2.5rem' }}>{KIOSK_TEXTS.thanks}</h1>
      <p css={{ margin: 0, fontSize: '1.5rem' }}>{KIOSK_TEXTS.thanksNext}</p>
    </div>
  );
}
