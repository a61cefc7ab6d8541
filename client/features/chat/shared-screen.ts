import { useEffect, useMemo, useState } from 'react';
import type { AnyActorRef } from 'xstate';
import { useLocation } from 'react-router-dom';
import { fitScreen, SCREEN_MAX_EVENTS, type SharedCartLine, type SharedEvent, type SharedScreen } from '#contracts/shared-screen.ts';
import { shareable } from '#machines/shared/support-view-fields.ts';
import { useCheckoutStep } from '../../lib/checkout-step.ts';
import { AuthContext, CartContext } from '../../lib/contexts.ts';
import { useKioskMode } from '../kiosk/kiosk-mode.ts';

type CartLine = { name: string; quantity: number; price: number };
/** A kiosk without KIOSK_NAME or `/kiosk?name=…`: still said to be a kiosk. */
const UNNAMED_KIOSK = 'without a name';

/** A line's stock note is the cart page's sentence about it (`Airpods: only 2 left, …`), without the name. */
const noteOf = (name: string, notes: readonly string[]) =>
  notes
    .find((n) => n.startsWith(`${name}:`) || n.startsWith(`${name} `))
    ?.slice(name.length)
    .replace(/^:?\s*/, '');

/**
 * The last events of the app-wide machines (auth, cart): which machine, the event's type and
 * when, never its payload. xstate's own (`xstate.*`) are left out.
 */
const useRecentEvents = (actors: Record<string, AnyActorRef>): SharedEvent[] => {
  const [events, setEvents] = useState<SharedEvent[]>([]);
  useEffect(() => {
    const subs = Object.entries(actors).map(([machine, ref]) =>
      ref.system.inspect((e) => {
        if (e.type !== '@xstate.event' || e.actorRef !== ref || e.event.type.startsWith('xstate.')) return;
        const entry = { machine, event: e.event.type, at: new Date().toISOString() };
        setEvents((list) => [...list, entry].slice(-SCREEN_MAX_EVENTS));
      }),
    );
    return () => subs.forEach((sub) => sub.unsubscribe());
    // The app's actors live as long as the app.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  return events;
};

/**
 * What support sees of this page while the shopper shares (decision 022): built from the
 * machines' contexts through their declared shareable fields only (support-view-fields.ts),
 * so passwords, tokens, addresses and the like are never read here. Sent through `send`
 * whenever it changes; the hub coalesces and drops it when sharing stops.
 */
export const useSharedScreen = (sharing: boolean, send: (screen: SharedScreen) => void): void => {
  const { pathname } = useLocation();
  const auth = AuthContext.useSelector((s) => s.context);
  const cartContext = CartContext.useSelector((s) => s.context);
  const events = useRecentEvents({ auth: AuthContext.useActorRef(), cart: CartContext.useActorRef() });
  const step = useCheckoutStep();
  // A kiosk names itself, so staff know which one to walk to.
  const kiosk = useKioskMode();
  const kioskName = kiosk.active ? (kiosk.name ?? UNNAMED_KIOSK) : undefined;
  const screen = useMemo((): Omit<SharedScreen, 'title'> => {
    const who = shareable('auth', auth) as { userInfo: { name?: string } | null; error: string | null };
    const cart = shareable('cart', cartContext) as { items: CartLine[]; notes: string[] };
    const lines = cart.items.map(({ name, quantity, price }): SharedCartLine => {
      const note = noteOf(name, cart.notes);
      return { name, quantity, price, ...(note ? { note } : {}) };
    });
    return {
      ...(kioskName ? { kiosk: kioskName } : {}),
      path: pathname,
      signedInAs: who.userInfo?.name ?? null,
      cart: lines,
      step,
      error: who.error,
      events,
    };
  }, [pathname, auth, cartContext, events, step, kioskName]);
  useEffect(() => {
    if (!sharing) return;
    // The page sets its title as it renders: read it once this render has landed.
    const timer = setTimeout(() => send(fitScreen({ ...screen, title: document.title.slice(0, 200) })), 50);
    return () => clearTimeout(timer);
  }, [sharing, screen, send]);
};
