import { useEffect, useLayoutEffect, useRef } from 'react';
import { useLocation, useNavigationType } from 'react-router-dom';

const STORE_KEY = 'statefront.scroll';
/** How long a restore waits for the page it returns to to grow tall enough (lazy chunk, data). */
const RESTORE_WAIT_MS = 3000;

type Positions = Record<string, number>;

const readPositions = (): Positions => {
  try {
    return JSON.parse(sessionStorage.getItem(STORE_KEY) ?? '{}') as Positions;
  } catch {
    return {};
  }
};

const writePositions = (positions: Positions): void => {
  try {
    sessionStorage.setItem(STORE_KEY, JSON.stringify(positions));
  } catch {
    // Storage full or refused: Back then lands at the top, as a new page would.
  }
};

/**
 * The saved positions, at the start of this document. The router keys the tab's first entry
 * 'default' in every document: a position under it from an earlier document (another URL typed
 * in this tab) is not this page's, unless the page was reloaded or reached by Back/Forward.
 */
const loadPositions = (firstKey: string): Positions => {
  const positions = readPositions();
  const arrival = (performance.getEntriesByType?.('navigation')[0] as PerformanceNavigationTiming | undefined)?.type;
  if (firstKey === 'default' && arrival !== 'reload' && arrival !== 'back_forward') delete positions.default;
  return positions;
};

/**
 * Scrolls to `y` once the page is tall enough for it, or gives up after RESTORE_WAIT_MS; the
 * shopper scrolling, clicking or typing meanwhile wins. Returns the cancel.
 */
const restore = (y: number): (() => void) => {
  const until = Date.now() + RESTORE_WAIT_MS;
  let frame = 0;
  const tryScroll = () => {
    const reachable = document.documentElement.scrollHeight - window.innerHeight >= y;
    if (reachable || Date.now() >= until) {
      window.scrollTo(0, y);
      stop();
      return;
    }
    frame = requestAnimationFrame(tryScroll);
  };
  const stop = () => {
    cancelAnimationFrame(frame);
    for (const type of ['wheel', 'touchstart', 'keydown', 'mousedown'] as const) window.removeEventListener(type, stop);
  };
  for (const type of ['wheel', 'touchstart', 'keydown', 'mousedown'] as const) window.addEventListener(type, stop, { passive: true });
  tryScroll();
  return stop;
};

/**
 * Spec section 1, amended (docs/interfaces.md): a new page (link, search, redirect) opens at
 * the top; Back and Forward return to the position the shopper left that entry at. Positions
 * are kept per history entry in session storage, so they survive a reload of the tab.
 */
export function ScrollPosition() {
  const location = useLocation();
  const navigation = useNavigationType();
  const current = useRef(location.key);
  const shownPath = useRef(location.pathname);
  const loaded = useRef<Positions | null>(null);
  loaded.current ??= loadPositions(location.key);
  const positions = loaded.current;

  // The browser would restore too, before the returning page has its content: we do it instead.
  useEffect(() => {
    if (!('scrollRestoration' in history)) return;
    const before = history.scrollRestoration;
    history.scrollRestoration = 'manual';
    return () => {
      history.scrollRestoration = before;
    };
  }, []);

  // The position of the entry being shown, recorded as the shopper scrolls.
  useEffect(() => {
    const record = () => {
      positions[current.current] = window.scrollY;
    };
    const save = () => writePositions(positions);
    window.addEventListener('scroll', record, { passive: true });
    window.addEventListener('pagehide', save);
    // A shopper may scroll a server-rendered page before it has hydrated, when no listener heard it.
    record();
    return () => {
      window.removeEventListener('scroll', record);
      window.removeEventListener('pagehide', save);
      save();
    };
  }, [positions]);

  const firstShow = useRef(true);
  useLayoutEffect(() => {
    current.current = location.key;
    writePositions(positions);
    const samePage = shownPath.current === location.pathname;
    shownPath.current = location.pathname;
    const arriving = firstShow.current;
    firstShow.current = false;
    const saved = positions[location.key];
    // A page opened fresh is at the top already: measuring it here would force the browser to
    // lay out the whole page in the middle of hydration.
    if (arriving && saved === undefined) return undefined;
    if (navigation === 'POP') return restore(saved ?? 0);
    // A change of the search alone (filters, sort) keeps the position, as before.
    if (!samePage) window.scrollTo(0, 0);
  }, [location.key, location.pathname, navigation, positions]);
  return null;
}
