import { useSelector } from '@xstate/react';
import { useEffect } from 'react';
import { Link } from '../../ui/link.tsx';
import type { ActorRefFrom } from 'xstate';
import type { PaymentMethod } from '#contracts/order.ts';
import { CHECKOUT_TEXTS, type checkoutMachine } from '#machines/checkout/checkout.machine.ts';
import { paths } from '../../lib/paths.ts';
import { Alert } from '../../ui/alert.tsx';
import { Button } from '../../ui/button.tsx';
import { Select } from '../../ui/select.tsx';
import { Skeleton, Spinner } from '../../ui/spinner.tsx';
import { VisuallyHidden } from '../../ui/visually-hidden.tsx';
import { OrderLines } from '../../lib/order-summary/order-lines.tsx';
import { ShippingDetails } from '../../lib/order-summary/shipping-details.tsx';
import { Totals } from '../../lib/order-summary/totals.tsx';
import { useKioskMode } from '../kiosk/kiosk-mode.ts';
import { blockHeading, boxStyle, twoColumns } from '../../lib/order-summary/layout.ts';
import { PAYMENT_METHOD_LABELS } from '../../lib/order-summary/order-labels.ts';
import { PlaceError } from './place-error.tsx';

export const PAYMENT_OPTIONS: readonly { value: PaymentMethod; label: string }[] = [
  { value: 'pp', label: PAYMENT_METHOD_LABELS.pp },
  { value: 'cod', label: PAYMENT_METHOD_LABELS.cod },
];

/** A kiosk offers no card wallet: its windows would leave the shop, and the next shopper could find them. */
const KIOSK_OPTIONS = PAYMENT_OPTIONS.filter((option) => option.value === 'cod');

/** The skeleton of the summary with a sentence for screen readers. */
export function Waiting({ text }: { text: string }) {
  return (
    <div aria-busy="true" css={{ display: 'grid', gap: 12 }}>
      <VisuallyHidden role="status">{text}</VisuallyHidden>
      <Skeleton height={80} />
      <Skeleton height={160} />
    </div>
  );
}

/**
 * The checkout summary, read from checkoutMachine: the profile's shipping data, the lines, the
 * payment method, and Place order, which the machine allows only with a complete profile and
 * places only after a last price check.
 */
export function CheckoutSummary({ checkout }: { checkout: ActorRefFrom<typeof checkoutMachine> }) {
  const loadingProfile = useSelector(checkout, (s) => s.hasTag('loading') && !s.hasTag('placing'));
  const loadFailed = useSelector(checkout, (s) => s.hasTag('error'));
  const blocked = useSelector(checkout, (s) => s.hasTag('blocked'));
  const canPlace = useSelector(checkout, (s) => s.hasTag('canPlaceOrder'));
  const confirming = useSelector(checkout, (s) => s.hasTag('confirmingPrices'));
  const placing = useSelector(checkout, (s) => s.hasTag('placing') || s.hasTag('placed'));
  const items = useSelector(checkout, (s) => s.context.items);
  const itemsCount = useSelector(checkout, (s) => s.context.itemsCount);
  const cartSubtotal = useSelector(checkout, (s) => s.context.cartSubtotal);
  const profile = useSelector(checkout, (s) => s.context.profile);
  const method = useSelector(checkout, (s) => s.context.paymentMethod);
  const error = useSelector(checkout, (s) => s.context.error);
  const slow = useSelector(checkout, (s) => s.context.slow);
  const busy = confirming || placing;
  const kiosk = useKioskMode().active;

  // The machine starts on the wallet; a kiosk chooses cash on delivery for the shopper.
  useEffect(() => {
    if (kiosk && method !== 'cod') checkout.send({ type: 'checkout.setPaymentMethod', method: 'cod' });
  }, [kiosk, method, checkout]);

  if (loadingProfile) return <Waiting text="Loading your order summary ..." />;
  if (loadFailed) {
    return (
      <Alert tone="danger" action={<Button onClick={() => checkout.send({ type: 'checkout.retry' })}>Try again</Button>}>
        {error}
      </Alert>
    );
  }

  const emptyCart = items.length === 0;
  return (
    <div css={twoColumns}>
      <div css={{ display: 'grid', gap: 24 }}>
        <section aria-labelledby="shipping-heading">
          <h2 id="shipping-heading" css={blockHeading}>
            Shipping
          </h2>
          {profile ? <ShippingDetails user={profile} /> : null}
          <p>
            <Link to={paths.user.profile.to()}>Change your shipping details in your profile</Link>
          </p>
        </section>
        <section aria-labelledby="payment-heading">
          <h2 id="payment-heading" css={blockHeading}>
            Payment method
          </h2>
          <Select
            label="Choose how you pay"
            options={kiosk ? KIOSK_OPTIONS : PAYMENT_OPTIONS}
            value={method}
            disabled={busy}
            onChange={(e) => checkout.send({ type: 'checkout.setPaymentMethod', method: e.target.value })}
          />
        </section>
        <section aria-labelledby="items-heading">
          <h2 id="items-heading" css={blockHeading}>
            Order items
          </h2>
          {emptyCart ? <Alert tone="info">{CHECKOUT_TEXTS.empty}</Alert> : <OrderLines items={items} />}
        </section>
      </div>
      <aside css={boxStyle}>
        <Totals itemsCount={itemsCount} cartSubtotal={cartSubtotal}>
          {blocked && !emptyCart ? <Alert tone="warning">{CHECKOUT_TEXTS.fillProfile}</Alert> : null}
          <Button disabled={!canPlace || busy} onClick={() => checkout.send({ type: 'checkout.placeOrder' })} aria-busy={busy}>
            {busy ? <Spinner label="Placing your order ..." /> : null}
            {slow ? CHECKOUT_TEXTS.stillWorking : 'Place order'}
          </Button>
          {error ? <PlaceError message={error} onRetry={() => checkout.send({ type: 'checkout.placeOrder' })} /> : null}
        </Totals>
      </aside>
    </div>
  );
}
