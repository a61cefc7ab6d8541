import { startTransition, useState, type ReactNode } from 'react';
import { createPath, parsePath, Router, type Location, type NavigationType, type Navigator, type To } from 'react-router-dom';

type Stack = { entries: Location[]; index: number; action: NavigationType };

// The values of react-router's NavigationType: its enum is a module object the shop's first load would carry.
const POP = 'POP' as NavigationType;
const PUSH = 'PUSH' as NavigationType;
const REPLACE = 'REPLACE' as NavigationType;

const entryOf = (to: To, state: unknown, key: string): Location => ({
  pathname: '/',
  search: '',
  hash: '',
  ...(typeof to === 'string' ? parsePath(to) : to),
  state: state ?? null,
  key,
});

// As react-router keys its entries (the first one 'default'): ScrollPosition saves positions by key.
const newKey = (): string => Math.random().toString(36).slice(2, 10);

/**
 * The kiosk's router: its history in memory, as react-router's MemoryRouter keeps one (the
 * browser's history never grows), starting at `/`. Pushes, replaces and Back (`go`) move through
 * its entries, and each change renders as a transition, as MemoryRouter's do. Not MemoryRouter
 * itself: react-router is one module in the shop's first load, and its memory history rode in
 * every guest's first load (0.5 KB gzip) for the kiosk alone.
 */
export function KioskRouter({ children }: { children: ReactNode }) {
  const [stack, setStack] = useState<Stack>(() => ({ entries: [entryOf('/', null, 'default')], index: 0, action: POP }));
  const [navigator] = useState((): Navigator => {
    const update = (next: (current: Stack) => Stack) => startTransition(() => setStack(next));
    return {
      createHref: (to) => (typeof to === 'string' ? to : createPath(to)),
      push: (to, state) => {
        const entry = entryOf(to, state, newKey());
        update(({ entries, index }) => ({ entries: [...entries.slice(0, index + 1), entry], index: index + 1, action: PUSH }));
      },
      replace: (to, state) => {
        const entry = entryOf(to, state, newKey());
        update(({ entries, index }) => ({ entries: entries.map((e, i) => (i === index ? entry : e)), index, action: REPLACE }));
      },
      go: (delta) =>
        update(({ entries, index }) => ({ entries, index: Math.min(Math.max(index + delta, 0), entries.length - 1), action: POP })),
    };
  });
  return (
    <Router location={stack.entries[stack.index] ?? '/'} navigationType={stack.action} navigator={navigator}>
      {children}
    </Router>
  );
}
