import { css } from '@emotion/react';
import { SCREEN_TEXTS, type SharedScreen } from '#contracts/shared-screen.ts';
import { formatUsd } from '#machines/shared/money.ts';
import { Button } from '../../ui/button.tsx';
import { colors, space } from '../../ui/theme.ts';

const boxStyle = css({
  margin: 0,
  padding: `${space(2)} ${space(3)}`,
  borderTop: `1px solid ${colors.border}`,
  fontSize: '0.9rem',
  '& h3': { fontSize: '0.95rem', margin: `0 0 ${space(1)}` },
  '& p, & ul': { margin: `0 0 ${space(1)}` },
  '& ul': { paddingLeft: space(4) },
});
const mutedStyle = css({ color: colors.muted });

/** The partner widget shares a page's whole address; the shop's own pages share a path. */
const isPartnerPage = (screen: SharedScreen) => /^https?:\/\//.test(screen.path);

type Props = { screen: SharedScreen | undefined; who: string; onAsk: () => void };

/** On a conversation's card: what the shopper shares of their screen (decision 022), or a way to ask for it. */
export function ShopperScreen({ screen, who, onAsk }: Props) {
  return (
    <section aria-label={`${SCREEN_TEXTS.panel} of ${who}`} css={boxStyle}>
      <h3>{SCREEN_TEXTS.panel}</h3>
      {screen && isPartnerPage(screen) ? (
        <>
          <p>{SCREEN_TEXTS.partnerPage}</p>
          <p>
            {screen.title} <span css={mutedStyle}>({screen.path})</span>
          </p>
        </>
      ) : screen ? (
        <>
          {screen.kiosk ? <p>{SCREEN_TEXTS.kiosk(screen.kiosk)}</p> : null}
          <p>
            {screen.title} <span css={mutedStyle}>({screen.path})</span>
          </p>
          <p>{screen.signedInAs ? SCREEN_TEXTS.signedInAs(screen.signedInAs) : SCREEN_TEXTS.guest}</p>
          {screen.cart.length > 0 ? (
            <ul aria-label="Cart">
              {screen.cart.map((line) => (
                <li key={line.name}>
                  {line.name} × {line.quantity}, {formatUsd(line.price)}
                  {line.note ? <span css={mutedStyle}> ({line.note})</span> : null}
                </li>
              ))}
            </ul>
          ) : (
            <p css={mutedStyle}>The cart is empty</p>
          )}
          {screen.step ? <p>{screen.step}</p> : null}
          {screen.error ? <p role="note">Last error: {screen.error}</p> : null}
          {screen.events.length > 0 ? (
            <ul aria-label="Last events">
              {screen.events.map((e, i) => (
                <li key={i}>
                  {e.machine}: {e.event} <span css={mutedStyle}>{new Date(e.at).toLocaleTimeString()}</span>
                </li>
              ))}
            </ul>
          ) : null}
        </>
      ) : (
        <>
          <p css={mutedStyle}>{SCREEN_TEXTS.none}</p>
          <Button variant="secondary" onClick={onAsk}>
            {SCREEN_TEXTS.ask}
          </Button>
        </>
      )}
    </section>
  );
}
