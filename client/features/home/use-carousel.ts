import { useCallback, useEffect, useState } from 'react';

/** Spec section 9: the carousel advances every 5000 ms and a swipe over 40 px changes the slide. */
export const CAROUSEL_INTERVAL_MS = 5000;
export const SWIPE_THRESHOLD_PX = 40;

export type Carousel = {
  index: number;
  /** The user stopped the rotation with the pause button. */
  stopped: boolean;
  /** Rotation is on hold: hover, focus inside, or stopped. */
  holding: boolean;
  next: () => void;
  prev: () => void;
  goTo: (i: number) => void;
  toggleStopped: () => void;
  setHovered: (v: boolean) => void;
  setFocused: (v: boolean) => void;
};

/**
 * Slide position and auto-rotation. Any manual move restarts the 5000 ms wait, so a slide the
 * user just chose stays for a full interval.
 */
export function useCarousel(count: number): Carousel {
  const [index, setIndex] = useState(0);
  const [stopped, setStopped] = useState(false);
  const [hovered, setHovered] = useState(false);
  const [focused, setFocused] = useState(false);
  const [moves, setMoves] = useState(0);
  const holding = stopped || hovered || focused;

  const goTo = useCallback(
    (i: number) => {
      if (count === 0) return;
      setIndex(((i % count) + count) % count);
      setMoves((m) => m + 1);
    },
    [count],
  );
  const next = useCallback(() => goTo(index + 1), [goTo, index]);
  const prev = useCallback(() => goTo(index - 1), [goTo, index]);

  useEffect(() => {
    if (holding || count < 2) return;
    const timer = setInterval(() => setIndex((i) => (i + 1) % count), CAROUSEL_INTERVAL_MS);
    return () => clearInterval(timer);
  }, [holding, count, moves]);

  // A shorter list (reload) must not leave the index past its end.
  useEffect(() => {
    if (index >= count && count > 0) setIndex(0);
  }, [count, index]);

  return { index, stopped, holding, next, prev, goTo, toggleStopped: () => setStopped((s) => !s), setHovered, setFocused };
}
