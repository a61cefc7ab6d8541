import { useActorRef, useSelector } from '@xstate/react';
import { useEffect, useRef, useState } from 'react';
import { Link } from 'react-router-dom';
import type { PaymentMethod } from '../../../../contracts/order.ts';
import { CHECKOUT_TEXTS, type CheckoutInput } from '../../../../machines/checkout/checkout.machine.ts';
import { paths } from '../../../app/paths.ts';
import { Alert } from '../../../ui/alert.tsx';
import { Button } from '../../../ui/button.tsx';
import { Select } from '../../../ui/select.tsx';
import { Skeleton, Spinner } from '../../../ui/spinner.tsx';
import { VisuallyHidden } from '../../../ui/visually-hidden.tsx';
import { OrderLines } from '../summary/order-lines.tsx';
import { ShippingDetails } from '../summary/shipping-details.tsx';
import { Totals } from '../summary/totals.tsx';
import { blockHeading, boxStyle, twoColumns } from '../summary/layout.ts';
import { liveCheckoutMachine } from './live-checkout.ts';

export const PAYMENT_OPTIONS: readonly { value: PaymentMethod; label: string }[] = [
  { value: 'pp', label: 'PayPal' },
  { value: 'cod', label: 'Cash On Delivery' },
];

export type CheckoutSummaryProps = {
  input: CheckoutInput;
  /** Runs just before the order goes out; false stops it (the cart changed, or the check failed). */
  beforePlace: () => Promise<boolean>;
  onPlaced: (orderId: string) => void;
  logic?: ReturnType<typeof liveCheckoutMachine>;
};

/**
 * The checkout summary, driven by checkoutMachine: the profile's shipping data, the lines, the
 * payment method, and Place order, which the machine allows only with a complete profile.
 */
export function CheckoutSummary({ input, beforePlace, onPlaced, logic }: CheckoutSummaryProps) {
  const [orderKey] = useState(() => crypto.randomUUID());
  const checkout = useActorRef(logic ?? liveCheckoutMachine(orderKey), { input });
  const loadingProfile = useSelector(checkout, (s) => s.hasTag('loading') && !s.hasTag('placing'));
  const loadFailed = useSelector(checkout, (s) => s.hasTag('error'));
  const blocked = useSelector(checkout, (s) => s.hasTag('blocked'));
  const canPlace = useSelector(checkout, (s) => s.hasTag('canPlaceOrder'));
  const placing = useSelector(checkout, (s) => s.hasTag('placing') || s.hasTag('placed'));
  const profile = useSelector(checkout, (s) => s.context.profile);
  const method = useSelector(checkout, (s) => s.context.paymentMethod);
  const error = useSelector(checkout, (s) => s.context.error);
  const [checking, setChecking] = useState(false);
  const placed = useRef(onPlaced);
  placed.current = onPlaced;

  useEffect(() => {
    const sub = checkout.on('checkout.orderPlaced', ({ orderId }) => placed.current(orderId));
    return () => sub.unsubscribe();
  }, [checkout]);

  const place = async () => {
    setChecking(true);
    const unchanged = await beforePlace().finally(() => setChecking(false));
    if (unchanged) checkout.send({ type: 'checkout.placeOrder' });
  };

  if (loadingProfile) {
    return (
      <div aria-busy="true" css={{ display: 'grid', gap: 12 }}>
        <VisuallyHidden role="status">Loading your order summary ...</VisuallyHidden>
        <Skeleton height={80} />
        <Skeleton height={160} />
      </div>
    );
  }
  if (loadFailed) {
    return (
      <Alert tone="danger" action={<Button onClick={() => checkout.send({ type: 'checkout.retry' })}>Try again</Button>}>
        {error}
      </Alert>
    );
  }

  const emptyCart = input.items.length === 0;
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
            options={PAYMENT_OPTIONS}
            value={method}
            disabled={placing}
            onChange={(e) => checkout.send({ type: 'checkout.setPaymentMethod', method: e.target.value as PaymentMethod })}
          />
        </section>
        <section aria-labelledby="items-heading">
          <h2 id="items-heading" css={blockHeading}>
            Order items
          </h2>
          {emptyCart ? <Alert tone="info">{CHECKOUT_TEXTS.empty}</Alert> : <OrderLines items={input.items} />}
        </section>
      </div>
      <aside css={boxStyle}>
        <Totals itemsCount={input.itemsCount} cartSubtotal={input.cartSubtotal}>
          {blocked && !emptyCart ? <Alert tone="warning">{CHECKOUT_TEXTS.fillProfile}</Alert> : null}
          {error ? <Alert tone="danger">{error}</Alert> : null}
          <Button disabled={!canPlace || checking || placing} onClick={() => void place()} aria-busy={checking || placing}>
            {checking || placing ? <Spinner label="Placing your order ..." /> : null}
            Place order
          </Button>
        </Totals>
      </aside>
    </div>
  );
}
