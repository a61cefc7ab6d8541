import { useActorRef, useSelector } from '@xstate/react';
import { useEffect, useState } from 'react';
import { useLocation } from 'react-router-dom';
import { HANDOFF } from '#contracts/handoff-rules.ts';
import { useCartActor } from '../../../lib/hooks.ts';
import { paths } from '../../../lib/paths.ts';
import { Alert } from '../../../ui/alert.tsx';
import { Button, LinkButton } from '../../../ui/button.tsx';
import { usePageTitle } from '../../../ui/page-title.tsx';
import { Spinner } from '../../../ui/spinner.tsx';
import { CartPage } from '../cart-page.tsx';
import { devEventLog } from '../../../lib/event-log.ts';
import { liveClaimMachine } from './live-handoff.ts';
import { anyDisplay, NO_DISPLAY, parseHandoffHash } from './handoff-display.ts';

export const CLAIM_TEXTS = {
  claiming: 'Bringing your cart over ...',
  restored: 'Your cart from the kiosk is here.',
  toShop: 'Go to the shop',
  retry: 'Try again',
  display: 'Larger text and high contrast from the kiosk are on for this visit.',
  displayOff: 'Turn off',
} as const;

/**
 * /handoff#<token>: the shopper's phone claims the kiosk's link once. The claim machine puts the
 * kiosk's lines, repriced, into this phone's cart and the page then shows the cart; a used,
 * expired or unknown link says so and leads back to the shop. The kiosk's larger text and high
 * contrast, when the link carries them, hold for the phone's visit until turned off (handoff-display.ts).
 */
export function HandoffPage() {
  usePageTitle('Your cart from the kiosk');
  const { hash } = useLocation();
  const [{ token, display }] = useState(() => parseHandoffHash(hash));
  const [carried, setCarried] = useState(display);
  // Their styles are fetched only by a phone that took them (and for Turn off).
  const [shown] = useState(() => anyDisplay(display));
  useEffect(() => {
    if (shown) void import('./handoff-display-style.ts').then((m) => m.applyDisplay(carried)).catch(() => undefined);
  }, [shown, carried]);
  const cart = useCartActor();
  const claim = useActorRef(liveClaimMachine, {
    input: { token, cart },
    inspect: devEventLog?.inspect('handoff-claim', { many: true }),
  });
  const state = useSelector(
    claim,
    (s) => (['claiming', 'restored', 'used', 'expired', 'unknown', 'failed'] as const).find((tag) => s.hasTag(tag)) ?? 'claiming',
  );
  const notes = useSelector(claim, (s) => s.context.notes);
  const error = useSelector(claim, (s) => s.context.error);
  const toShop = <LinkButton to={paths.home.to()}>{CLAIM_TEXTS.toShop}</LinkButton>;

  if (state === 'claiming') return <Spinner label={CLAIM_TEXTS.claiming} />;
  if (state === 'restored') {
    return (
      <>
        <Alert tone="success">
          {CLAIM_TEXTS.restored}
          {notes.map((note) => (
            <p key={note} css={{ margin: 0 }}>
              {note}
            </p>
          ))}
        </Alert>
        {anyDisplay(carried) ? (
          <Alert tone="info" action={<Button onClick={() => setCarried(NO_DISPLAY)}>{CLAIM_TEXTS.displayOff}</Button>}>
            {CLAIM_TEXTS.display}
          </Alert>
        ) : null}
        <CartPage />
      </>
    );
  }
  if (state === 'failed') {
    return (
      <Alert tone="danger" action={<Button onClick={() => claim.send({ type: 'handoff.retry' })}>{CLAIM_TEXTS.retry}</Button>}>
        {error}
      </Alert>
    );
  }
  return (
    <section aria-labelledby="handoff-heading">
      <h1 id="handoff-heading">{HANDOFF[state]}</h1>
      <Alert tone="warning" action={toShop}>
        {state === 'expired'
          ? `A link from the kiosk works for ${HANDOFF.ttlMinutes} minutes. Scan a new code at the kiosk, or shop here.`
          : 'Scan a new code at the kiosk, or shop here.'}
      </Alert>
    </section>
  );
}
