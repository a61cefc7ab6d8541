import { Suspense, type ReactNode } from 'react';

/**
 * Content below the first screen that the server renders with the rest (no change to the HTML
 * but React's boundary comments) and the browser hydrates after it: React leaves a Suspense
 * boundary's server HTML as it is on the first pass and hydrates it in a pass and a commit of its
 * own, at idle priority, so the first screen's commit and effects are a shorter task.
 * A click or a key on it before then hydrates it at once (React's selective hydration). Nothing
 * inside suspends once the page's chunk is in, so the empty fallback never shows.
 */
export function HydrateLater({ children }: { children: ReactNode }) {
  return <Suspense fallback={null}>{children}</Suspense>;
}
