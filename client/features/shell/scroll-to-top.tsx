import { useLayoutEffect } from 'react';
import { useLocation } from 'react-router-dom';

/** Spec section 1: every route change scrolls the page to the top. */
export function ScrollToTop() {
  const { pathname } = useLocation();
  useLayoutEffect(() => {
    window.scrollTo(0, 0);
  }, [pathname]);
  return null;
}
