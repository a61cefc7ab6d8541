import { css } from '@emotion/react';
import { useActorRef, useSelector } from '@xstate/react';
import { Suspense, useEffect } from 'react';
import { HANDOFF } from '#contracts/handoff-rules.ts';
import { CartContext } from '../../../lib/contexts.ts';
import { useKioskMode } from '../../kiosk/kiosk-mode.ts';
import { phoneOrigin } from '../../../lib/phone-origin.ts';
import { paths } from '../../../lib/paths.ts';
import { Alert } from '../../../ui/alert.tsx';
import { Button } from '../../../ui/button.tsx';
import { Spinner } from '../../../ui/spinner.tsx';
import { colors, space } from '../../../ui/theme.ts';
import { devEventLog } from '../../../lib/event-log.ts';
import { liveOfferMachine } from './live-handoff.ts';
import { QrCode } from './qr-code.tsx';
import { displayFragment, NO_DISPLAY } from './handoff-display.ts';

export const OFFER_TEXTS = {
  offer: 'Continue on your phone',
  scan: "Scan this code with your phone's camera: your cart opens there, ready to check out.",
  making: 'Making your link ...',
  again: 'Make a new code',
  done: 'Done',
  retry: 'Try again',
} as const;

const panel = css({
  border: `1px solid ${colors.border}`,
  borderRadius: 6,
  padding: space(4),
  display: 'grid',
  gap: space(3),
  justifyItems: 'center',
  textAlign: 'center',
});

const untilTime = (iso: string | null): string =>
  iso ? new Date(iso).toLocaleTimeString([], { hour: '2-digit', minute: '2-digit' }) : `${HANDOFF.ttlMinutes} minutes from now`;

/**
 * Kiosk only (the cart page loads it in kiosk mode): `Continue on your phone` hands the cart to
 * the shopper's phone as a one-time QR link. The offer machine owns the flow; while the code is
 * on screen the kiosk's idle time is the longer hand-off one.
 */
export default function ContinueOnPhone() {
  const kiosk = useKioskMode();
  const cart = CartContext.useSelector((s) => s.context.items);
  const offer = useActorRef(liveOfferMachine, { input: {}, inspect: devEventLog?.inspect('handoff-offer', { many: true }) });
  const open = useSelector(offer, (s) => s.hasTag('open'));
  const creating = useSelector(offer, (s) => s.hasTag('creating'));
  const qrShown = useSelector(offer, (s) => s.hasTag('qr'));
  const expired = useSelector(offer, (s) => s.hasTag('expired'));
  const failed = useSelector(offer, (s) => s.hasTag('failed'));
  const claimed = useSelector(offer, (s) => s.hasTag('claimed'));
  const { token, expiresAt, error } = useSelector(offer, (s) => s.context);

  // The kiosk session gives a shopper who is scanning more time; leaving the page counts as closing.
  useEffect(() => {
    if (!qrShown) return undefined;
    kiosk.handoffShown();
    return () => kiosk.handoffHidden();
  }, [qrShown, kiosk]);
  // The phone has the cart: the kiosk thanks the shopper and starts over for the next one.
  useEffect(() => {
    if (claimed) kiosk.handoffClaimed?.();
  }, [claimed, kiosk]);

  const start = () => offer.send({ type: 'handoff.start', lines: cart.map((i) => ({ productID: i.productID, quantity: i.quantity })) });
  const close = () => offer.send({ type: 'handoff.close' });
  const origin = phoneOrigin(kiosk, window.location.origin);
  // The mode's larger text and high contrast go with the link, as the phone's own settings would (handoff-display.ts).
  const link = token ? `${origin}${paths.handoff.to(token)}${displayFragment(kiosk.handoffDisplay ?? NO_DISPLAY)}` : null;

  if (!open) {
    return (
      <Button variant="secondary" disabled={cart.length === 0} onClick={start}>
        {OFFER_TEXTS.offer}
      </Button>
    );
  }
  return (
    <section css={panel} aria-label={OFFER_TEXTS.offer}>
      {creating ? <Spinner label={OFFER_TEXTS.making} /> : null}
      {qrShown && link ? (
        <>
          <p css={{ margin: 0 }}>{OFFER_TEXTS.scan}</p>
          <Suspense fallback={<Spinner label={OFFER_TEXTS.making} />}>
            <QrCode text={link} label={`QR code of the link to your cart: ${link}`} />
          </Suspense>
          <p css={{ margin: 0 }}>{`The code works once, until ${untilTime(expiresAt)}.`}</p>
        </>
      ) : null}
      {expired ? (
        <Alert tone="warning" action={<Button onClick={start}>{OFFER_TEXTS.again}</Button>}>
          {HANDOFF.expired}
        </Alert>
      ) : null}
      {failed ? (
        <Alert tone="danger" action={<Button onClick={start}>{OFFER_TEXTS.retry}</Button>}>
          {error}
        </Alert>
      ) : null}
      <Button variant="secondary" onClick={close}>
        {OFFER_TEXTS.done}
      </Button>
    </section>
  );
}
