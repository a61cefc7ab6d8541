import { useEffect, useRef, type ReactNode } from 'react';
import { chatButtonClearance } from './theme.ts';

/**
 * Brings what it wraps into view when it appears, moving the page as little as it can: a
 * banner answering a tap near the bottom of a phone's screen would otherwise open below the fold.
 * It keeps clear of the floating chat button's corner.
 */
export function InView({ children }: { children: ReactNode }) {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const calm = window.matchMedia?.('(prefers-reduced-motion: reduce)').matches ?? true;
    // jsdom and old engines have no scrollIntoView
    ref.current?.scrollIntoView?.({ block: 'nearest', behavior: calm ? 'auto' : 'smooth' });
  }, []);
  return (
    <div ref={ref} css={{ scrollMarginBottom: chatButtonClearance, scrollMarginTop: 120 }}>
      {children}
    </div>
  );
}
