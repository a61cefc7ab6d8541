import type { Order } from '#contracts/order.ts';

export const baseOrder: Order = {
  _id: 'o1',
  user: {
    _id: 'u1',
    name: 'Ann',
    lastName: 'Lee',
    email: 'a@x.io',
    phoneNumber: '5',
    address: 'a',
    country: 'c',
    zipCode: 'z',
    city: 'c',
    state: 's',
  },
  orderTotal: { itemsCount: 1, cartSubtotal: 10 },
  cartItems: [{ productID: 'p1', name: 'P', price: 10, count: 3, quantity: 1 }],
  paymentMethod: 'pp',
  isPaid: false,
  paidAt: null,
  isDelivered: false,
  deliveredAt: null,
  createdAt: '2026-11-22T09:00:00Z',
};
export const codOrder: Order = { ...baseOrder, paymentMethod: 'cod' };
export const paidOrder: Order = { ...baseOrder, isPaid: true, paidAt: '2026-11-22T09:05:00Z' };
export const deliveredOrder: Order = { ...paidOrder, isDelivered: true, deliveredAt: '2026-11-23T09:00:00Z' };
export const cancelledOrder: Order = { ...baseOrder, isCancelled: true, cancelledAt: '2026-11-22T09:30:00Z', cancelReason: 'expired' };
