import { useEffect, useState } from 'react';

/** Below this offset the bar always shows: hiding it at the very top would only flicker. */
const TOP_ZONE = 80;
/** Ignore tiny scroll jitters (trackpads, rubber-banding). */
const MIN_DELTA = 6;

/** Spec section 2: the navbar hides when scrolling down and shows again when scrolling up. */
export function useHideOnScroll(): boolean {
  const [hidden, setHidden] = useState(false);
  useEffect(() => {
    let last = window.scrollY;
    const onScroll = () => {
      const y = window.scrollY;
      if (Math.abs(y - last) < MIN_DELTA) return;
      setHidden(y > last && y > TOP_ZONE);
      last = y;
    };
    window.addEventListener('scroll', onScroll, { passive: true });
    return () => window.removeEventListener('scroll', onScroll);
  }, []);
  return hidden;
}
