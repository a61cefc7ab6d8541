import type { CartItem } from '../../contracts/order.ts';
import type { User } from '../../contracts/user.ts';

export const lines: CartItem[] = [
  { productID: 'p1', name: 'Laptop', price: 999.99, image: { path: '/images/p1.png' }, count: 5, quantity: 1 },
  { productID: 'p2', name: 'Mouse', price: 10.01, count: 9, quantity: 2 },
];
export const cart = { items: lines, itemsCount: 3, cartSubtotal: 1020.01 };

export const completeProfile: User = {
  _id: 'u1',
  name: 'Ann',
  lastName: 'Lee',
  email: 'ann@example.com',
  phoneNumber: '555',
  address: '1 Main St',
  country: 'IN',
  zipCode: '400001',
  city: 'Mumbai',
  state: 'MH',
  isAdmin: false,
};
export const incompleteProfile: User = { ...completeProfile, city: ' ' };
