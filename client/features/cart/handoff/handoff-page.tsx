import { useActorRef, useSelector } from '@xstate/react';
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

export const CLAIM_TEXTS = {
  claiming: 'Bringing your cart over ...',
  restored: 'Your cart from the kiosk is here.',
  toShop: 'Go to the shop',
  retry: 'Try again',
} as const;

const tokenOf = (hash: string): string => {
  try {
    return decodeURIComponent(hash.replace(/^#/, ''));
  } catch {
    return '';
  }
};

/**
 * /handoff#<token>: the shopper's phone claims the kiosk's link once. The claim machine puts the
 * kiosk's lines, repriced, into this phone's cart and the page then shows the cart; a used,
 * expired or unknown link says so and leads back to the shop.
 */
export function HandoffPage() {
  usePageTitle('Your cart from the kiosk');
  const { hash } = useLocation();
  const cart = useCartActor();
  const claim = useActorRef(liveClaimMachine, {
    input: { token: tokenOf(hash), cart },
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
