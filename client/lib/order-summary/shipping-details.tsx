import type { OrderUser } from '#contracts/order.ts';

type Shipping = Pick<OrderUser, 'name' | 'lastName' | 'address' | 'city' | 'state' | 'zipCode' | 'country' | 'phoneNumber'>;

/** Where an order goes, as the profile (checkout) or the order's snapshot (order page) holds it. */
export function ShippingDetails({ user }: { user: Shipping }) {
  const place = [user.address, user.city, user.state, user.zipCode, user.country].filter((p) => p.trim()).join(', ');
  return (
    <dl css={{ margin: 0, display: 'grid', gridTemplateColumns: 'max-content 1fr', gap: '0.25rem 1rem' }}>
      <dt>Name</dt>
      <dd css={{ margin: 0 }}>
        {user.name} {user.lastName}
      </dd>
      <dt>Address</dt>
      <dd css={{ margin: 0 }}>{place || '—'}</dd>
      <dt>Phone</dt>
      <dd css={{ margin: 0 }}>{user.phoneNumber || '—'}</dd>
    </dl>
  );
}
