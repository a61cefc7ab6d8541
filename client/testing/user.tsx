import type { ReactNode } from 'react';
import type { CartItem } from '#contracts/order.ts';
import type { User } from '#contracts/user.ts';
import { writeUser } from '#machines/auth/user-storage.ts';
import { totalsOf, writeCart } from '#machines/cart/cart-storage.ts';
import { memoryStorage } from '#machines/shared/storage.ts';
import { renderWithApp } from './render.tsx';

export const profile: User = {
  _id: 'u1',
  name: 'Ann',
  lastName: 'Lee',
  email: 'ann@example.com',
  phoneNumber: '555 123',
  address: '1 Main St',
  country: 'India',
  zipCode: '110001',
  city: 'Delhi',
  state: 'DL',
  isAdmin: false,
};

export const cartLine = (productID: string, price: number, quantity = 1, count = 5): CartItem => ({
  productID,
  name: `Product ${productID}`,
  price,
  count,
  quantity,
  image: { path: `/images/${productID}.png` },
});

/** Mounts a user-area page for a logged-in user with the given cart, as the guard lets it render. */
export async function renderAsUser(ui: ReactNode, { route, pattern, cart = [] }: { route: string; pattern?: string; cart?: CartItem[] }) {
  const local = memoryStorage();
  const session = memoryStorage();
  writeUser(local, session, { _id: profile._id, name: profile.name, lastName: profile.lastName, email: profile.email, isAdmin: false });
  writeCart(local, totalsOf(cart));
  const view = await renderWithApp(ui, { route, pattern, storages: { local, session } });
  return { ...view, local, session };
}
